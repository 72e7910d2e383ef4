import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateEventVars, MutationHookOptions } from '@bistro/data';
import { CreateEventCard } from './create-event-card';
import { canCreateEvent, eventDateToIso } from './create-event-form';
import { clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  upload: vi.fn<(vars: { adminId: string; file: File }) => Promise<string>>(),
  create: vi.fn<(vars: CreateEventVars) => Promise<unknown>>(),
}));

// The real react-query mutations, with the server calls replaced.
vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useEventImageUploadMutation: (
    options: MutationHookOptions<string, { adminId: string; file: File }> = {},
  ) => useMutation({ ...options, mutationFn: server.upload }),
  useEventCreateMutation: (options: MutationHookOptions<unknown, CreateEventVars> = {}) =>
    useMutation({ ...options, mutationFn: server.create }),
}));

describe('create event rules', () => {
  it('needs a title and a date, and no upload or submission in flight', () => {
    const ready = {
      title: 'Jazz',
      eventDate: '2031-06-20T21:30',
      uploading: false,
      submitting: false,
    };
    expect(canCreateEvent(ready)).toBe(true);
    expect(canCreateEvent({ ...ready, title: '   ' })).toBe(false);
    expect(canCreateEvent({ ...ready, eventDate: '' })).toBe(false);
    expect(canCreateEvent({ ...ready, uploading: true })).toBe(false);
    expect(canCreateEvent({ ...ready, submitting: true })).toBe(false);
  });

  it('turns the datetime-local value, read as Cleveland time, into an ISO timestamp', () => {
    // Summer (EDT, UTC-4) and winter (EST, UTC-5), whatever the test machine's zone.
    expect(eventDateToIso('2031-06-20T21:30')).toBe('2031-06-21T01:30:00.000Z');
    expect(eventDateToIso('2031-12-20T21:30')).toBe('2031-12-21T02:30:00.000Z');
    expect(eventDateToIso('')).toBeNull();
    expect(eventDateToIso('nope')).toBeNull();
  });
});

describe('CreateEventCard', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    server.upload.mockReset();
    server.create.mockReset();
  });

  it('enables Create Event only with title and date, and not while the image uploads', async () => {
    const user = userEvent.setup();
    let finishUpload: (url: string) => void = () => undefined;
    server.upload.mockImplementation(
      () => new Promise<string>((resolve) => (finishUpload = resolve)),
    );
    server.create.mockResolvedValue({});
    renderAt(<CreateEventCard />);
    const create = screen.getByRole('button', { name: 'Create Event' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), 'Neon Jazz Night');
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Event date'), '2031-06-20T21:30');
    expect(create).toBeEnabled();

    const file = new File(['png'], 'neon.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Featured image (optional)'), file);
    expect(await screen.findByText('Uploading image…')).toBeInTheDocument();
    expect(create).toBeDisabled();
    expect(server.upload.mock.calls[0]?.[0]).toEqual({ adminId: 'admin-1', file });

    finishUpload('http://api.test/storage/v1/object/public/event-images/admin-1/1.png');
    expect(await screen.findByRole('img', { name: 'Featured image preview' })).toBeInTheDocument();
    expect(create).toBeEnabled();

    await user.click(create);
    await waitFor(() =>
      expect(toasts()).toContain('Event Created / The event is live on the events page.'),
    );
    expect(server.create.mock.calls[0]?.[0]).toEqual({
      title: 'Neon Jazz Night',
      description: '',
      eventDate: '2031-06-21T01:30:00.000Z', // 9:30 PM in Cleveland (EDT)
      featuredImageUrl: 'http://api.test/storage/v1/object/public/event-images/admin-1/1.png',
      adminId: 'admin-1',
    });
    // The form is cleared for the next event.
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('reports a failed upload and a refused insert', async () => {
    const user = userEvent.setup();
    server.upload.mockRejectedValue(new Error('The featured image must be an image file.'));
    server.create.mockRejectedValue(
      Object.assign(new Error('permission denied'), { code: '42501' }),
    );
    renderAt(<CreateEventCard />);
    await user.upload(
      screen.getByLabelText('Featured image (optional)'),
      new File(['x'], 'x.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(toasts()).toContain('Upload Failed / The featured image must be an image file.'),
    );
    await user.type(screen.getByLabelText('Title'), 'Jazz');
    await user.type(screen.getByLabelText('Event date'), '2031-06-20T21:30');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(toasts()).toContain('Error / permission denied'));
    expect(screen.getByLabelText('Title')).toHaveValue('Jazz');
  });
});
