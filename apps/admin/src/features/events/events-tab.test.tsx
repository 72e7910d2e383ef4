import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import type { AdminEvent } from '@bistro/data';
import { EventsTab, deleteDescription } from './events-tab';
import { clearToasts, renderAt, setViewer } from '../../test/render';

const images = vi.hoisted(() => ({
  remove: vi.fn(),
  add: vi.fn(),
  rows: [] as { id: string; image_url: string; alt_text: string; position: number }[],
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdminEvents: vi.fn(),
  useAdminEventImages: () => ({ data: images.rows, isPending: false, isError: false }),
  useEventImageAddMutation: () => ({ mutate: images.add, isPending: false }),
  useEventImageRemoveMutation: () => ({ mutate: images.remove, isPending: false }),
  useEventOpenBookingCount: () => ({ data: undefined }),
}));

const event = (id: string, title: string, state: Partial<AdminEvent>): AdminEvent => ({
  id,
  title,
  description: null,
  event_date: '2031-07-01T23:00:00Z',
  featured_image_url: null,
  is_approved: false,
  rejected_at: null,
  capacity: null,
  template_id: null,
  created_by: null,
  created_at: '2031-06-01T00:00:00Z',
  updated_at: '2031-06-01T00:00:00Z',
  ...state,
});

describe('EventsTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    vi.mocked(data.useAdminEvents).mockReturnValue({
      data: [
        event('e1', 'Salsa Social', {}),
        event('e2', 'Jazz Night', { is_approved: true }),
        event('e3', 'Foam Party', { rejected_at: '2031-06-02T00:00:00Z' }),
      ],
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof data.useAdminEvents>);
  });

  it('shows each state by name and offers only the moves it allows, none greyed out', () => {
    renderAt(<EventsTab />);
    // The moderation moves; the capacity form's Save and the images' Add image stay disabled
    // until there is something to save.
    const buttons = (name: string) =>
      within(screen.getByRole('listitem', { name }))
        .getAllByRole('button')
        .filter((b) => b.textContent !== 'Save capacity' && b.textContent !== 'Add image')
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]);

    const pending = screen.getByRole('listitem', { name: 'Salsa Social' });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(buttons('Salsa Social')).toEqual([
      ['Approve', false],
      ['Reject', false],
      ['Delete', false],
    ]);

    const approved = screen.getByRole('listitem', { name: 'Jazz Night' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(buttons('Jazz Night')).toEqual([
      ['Reject', false],
      ['Delete', false],
    ]);

    const rejected = screen.getByRole('listitem', { name: 'Foam Party' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).queryByText('Pending')).not.toBeInTheDocument();
    expect(buttons('Foam Party')).toEqual([
      ['Approve', false],
      ['Delete', false],
    ]);
  });

  it("lists an event's images with Remove, and adds one only with a file and a description", () => {
    images.rows = [
      { id: 'i1', image_url: 'https://img.example/1.webp', alt_text: 'Neon rings', position: 0 },
    ];
    renderAt(<EventsTab />);
    const item = screen.getByRole('listitem', { name: 'Jazz Night' });
    const list = within(item).getByRole('list', { name: 'Images of Jazz Night' });
    expect(within(list).getByRole('img', { name: 'Neon rings' })).toHaveAttribute('width', '320');
    fireEvent.click(within(list).getByRole('button', { name: 'Remove image: Neon rings' }));
    expect(images.remove).toHaveBeenCalledWith({
      id: 'i1',
      imageUrl: 'https://img.example/1.webp',
    });
    const form = within(item).getByRole('form', { name: 'Add an image to Jazz Night' });
    const add = within(form).getByRole('button', { name: 'Add image' });
    expect(add).toBeDisabled();
    const file = new File(['x'], 'night.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Image file'), { target: { files: [file] } });
    expect(add).toBeDisabled();
    fireEvent.change(within(form).getByLabelText('What the image shows (for screen readers)'), {
      target: { value: 'The stage' },
    });
    fireEvent.click(add);
    expect(images.add).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: 'e2', file, altText: 'The stage', position: 1 }),
    );
  });

  it('says before deleting that the open bookings are cancelled and their guests mailed', () => {
    expect(deleteDescription('Salsa Sunday', undefined)).toBe(
      '"Salsa Sunday" will be removed for good. Checking its bookings…',
    );
    expect(deleteDescription('Salsa Sunday', 0)).toBe(
      '"Salsa Sunday" will be removed for good. It has no open bookings.',
    );
    expect(deleteDescription('Salsa Sunday', 3)).toBe(
      '"Salsa Sunday" will be removed for good. Its 3 open bookings are cancelled by the venue and each guest is told by e-mail.',
    );
  });
});
