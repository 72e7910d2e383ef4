import { screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Reservation } from '@bistro/data';
import { MEMBER_ID, renderAt, setViewer } from '../../test/render';
import { MyReservations, orderReservations } from './my-reservations';

const server = vi.hoisted(() => ({ reservations: [] as Reservation[] }));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useMyReservations: () => ({ isPending: false, isError: false, data: server.reservations }),
}));

const r = (code: string, startsAt: string, status = 'booked'): Reservation => ({
  id: code,
  code,
  partySize: 2,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
  status,
  guestName: 'Maya',
  phone: '',
  occasion: '',
  specialRequests: '',
  tables: [],
});

describe('MyReservations', () => {
  const now = Date.parse('2030-06-01T12:00:00Z');
  const soon = r('SOON22', '2030-06-02T23:00:00Z');
  const later = r('LATE22', '2030-06-20T23:00:00Z');
  const past = r('PAST22', '2030-05-20T23:00:00Z', 'finished');
  const gone = r('GONE22', '2030-06-10T23:00:00Z', 'cancelled');

  it('puts upcoming reservations first, soonest first, then the rest latest first', () => {
    expect(orderReservations([past, later, gone, soon], now).map((x) => x.code)).toEqual([
      'SOON22',
      'LATE22',
      'GONE22',
      'PAST22',
    ]);
  });

  it('shows each status, and change and cancel links only while booked', () => {
    setViewer('signedIn');
    server.reservations = [soon, gone];
    renderAt(
      <QueryClientProvider client={new QueryClient()}>
        <MyReservations userId={MEMBER_ID} />
      </QueryClientProvider>,
      '/profile',
    );
    const booked = screen.getByRole('listitem', { name: 'Reservation SOON22' });
    expect(booked).toHaveTextContent('Booked');
    expect(within(booked).getByRole('link', { name: 'Cancel reservation SOON22' })).toHaveAttribute(
      'href',
      '/reserve?manage=SOON22&action=cancel',
    );
    const cancelled = screen.getByRole('listitem', { name: 'Reservation GONE22' });
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(within(cancelled).queryByRole('link')).toBeNull();
  });
});
