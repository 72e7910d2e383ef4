import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateEventVars, MutationHookOptions } from '@bistro/data';
import { CreateEventCard } from './create-event-card';
import { capacityLine } from './event-capacity';
import { clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  create: vi.fn<(vars: CreateEventVars) => Promise<unknown>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useEventCreateMutation: (options: MutationHookOptions<unknown, CreateEventVars> = {}) =>
    useMutation({ ...options, mutationFn: server.create }),
}));

describe('event capacity', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    server.create.mockReset();
  });

  it('words guests booked against capacity', () => {
    expect(capacityLine(12, 40)).toBe('12 / 40 guests booked');
    expect(capacityLine(1, null)).toBe('1 guest booked · no limit');
  });

  it('creates an event with a capacity, and refuses a capacity that is not a positive whole number', async () => {
    const user = userEvent.setup();
    server.create.mockResolvedValue({});
    renderAt(<CreateEventCard />);
    await user.type(screen.getByLabelText('Title'), 'Jazz');
    await user.type(screen.getByLabelText('Event date'), '2031-06-20T21:30');
    const capacity = screen.getByLabelText('Capacity in guests (optional)');
    await user.type(capacity, '0');
    expect(screen.getByRole('alert')).toHaveTextContent('Capacity must be at least 1 guest');
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeDisabled();
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^Event Created/));
    expect(server.create.mock.calls[0]?.[0]).toMatchObject({ title: 'Jazz', capacity: 10 });
    expect(capacity).toHaveValue('');
  });
});
