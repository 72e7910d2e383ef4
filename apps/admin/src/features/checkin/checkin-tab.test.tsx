import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInResult, MutationHookOptions } from '@bistro/data';
import { CheckInTab } from './checkin-tab';
import { clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  checkIn: vi.fn<(code: string) => Promise<CheckInResult>>(),
  decodeImage: vi.fn<(file: Blob) => Promise<string | null>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useBookingCheckInMutation: (options: MutationHookOptions<CheckInResult, string> = {}) =>
    useMutation({ ...options, mutationFn: server.checkIn }),
}));
vi.mock('./qr-decode', () => ({
  decodeImageFile: server.decodeImage,
  decodeVideoFrame: vi.fn(),
}));

const checkedIn: CheckInResult = {
  id: 'b1',
  bookingCode: 'KXR7M2QP',
  name: 'Maya Brooks',
  numberOfGuests: 3,
  eventTitle: 'Friday Night Neon',
  eventDate: '2031-05-03T01:00:00Z',
  status: 'approved',
  checkedInAt: '2031-05-03T01:12:00Z',
};

describe('CheckInTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    server.checkIn.mockReset();
    server.decodeImage.mockReset();
  });

  it('checks a typed code in and shows name, party, event and status', async () => {
    const user = userEvent.setup();
    server.checkIn.mockResolvedValue(checkedIn);
    renderAt(<CheckInTab />);
    await user.type(screen.getByLabelText('Booking code'), ' kxr7-m2qp ');
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const result = await screen.findByRole('status', { name: 'Check-in result' });
    expect(server.checkIn.mock.calls[0]?.[0]).toBe('KXR7M2QP');
    expect(result).toHaveTextContent('Checked in: Maya Brooks');
    expect(result).toHaveTextContent('3 guests');
    expect(result).toHaveTextContent('Friday Night Neon');
    expect(within(result).getByText('Approved')).toBeInTheDocument();
    expect(result).toHaveTextContent('Fri, May 2, 2031, 9:12 PM');
    expect(toasts()).toContain('Checked In / Maya Brooks, party of 3');
  });

  it('shows each refusal with the message the database gives', async () => {
    renderAt(<CheckInTab />);
    for (const message of [
      'No booking with code ZZZZ2222',
      'Already checked in at 9:12 PM',
      'This booking was cancelled',
      'This booking was rejected',
      'This booking is not approved',
      'This booking is for Saturday, May 10, not tonight',
    ]) {
      server.checkIn.mockRejectedValueOnce(Object.assign(new Error(message), { code: 'P0001' }));
      fireEvent.change(screen.getByLabelText('Booking code'), { target: { value: 'ZZZZ2222' } });
      fireEvent.click(screen.getByRole('button', { name: 'Check In' }));
      await waitFor(() =>
        expect(screen.getByRole('alert', { name: 'Check-in result' })).toHaveTextContent(message),
      );
      expect(toasts()).toContain(`Check-in Refused / ${message}`);
    }
  });

  it('reads the code from an uploaded QR image, and says when there is none', async () => {
    server.checkIn.mockResolvedValue(checkedIn);
    server.decodeImage.mockResolvedValueOnce('KXR7M2QP');
    renderAt(<CheckInTab />);
    const file = new File(['png'], 'qr.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('QR code image'), { target: { files: [file] } });
    await screen.findByRole('status', { name: 'Check-in result' });
    expect(server.decodeImage).toHaveBeenCalledWith(file);
    expect(server.checkIn.mock.calls[0]?.[0]).toBe('KXR7M2QP');

    server.decodeImage.mockResolvedValueOnce(null);
    fireEvent.change(screen.getByLabelText('QR code image'), { target: { files: [file] } });
    expect(await screen.findByText('No QR code was found in that image.')).toBeInTheDocument();
    expect(server.checkIn).toHaveBeenCalledTimes(1);
  });
});
