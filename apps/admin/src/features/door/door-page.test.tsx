import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import type { DoorEntry } from '@bistro/data';
import { DoorPage } from './door-page';
import { clearToasts, renderAt, setViewer } from '../../test/render';

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useDoor: vi.fn(),
}));

const entry = (over: Partial<DoorEntry>): DoorEntry => ({
  kind: 'event_booking',
  label: 'Event booking',
  sourceId: crypto.randomUUID(),
  guestName: 'Olivia Stone',
  partySize: 3,
  code: 'ABCD2345',
  status: 'approved',
  admissible: true,
  refusal: null,
  detail: 'Friday Night',
  idRequired: false,
  arrivesAt: null,
  arrived: 0,
  ...over,
});

const entries = [
  entry({ guestName: 'Olivia Stone', code: 'ABCD2345', arrived: 1 }),
  entry({ guestName: 'Omar Ali', code: 'QWER7788', kind: 'dinner_reservation', label: 'Dinner' }),
  entry({
    guestName: 'Cara Cancel',
    code: 'ZXCV9999',
    admissible: false,
    refusal: 'This booking was cancelled',
  }),
  entry({ guestName: 'Ivy Young', code: 'IVYY2345', partySize: 1, idRequired: true }),
];

const scan = vi.fn();

function mockDoor(over: Partial<ReturnType<typeof data.useDoor>> = {}) {
  vi.mocked(data.useDoor).mockReturnValue({
    list: {
      data: { entries, fromDevice: false, savedAt: Date.now() },
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    },
    headcount: {
      data: {
        night: '2026-11-27',
        nightEndsAt: '2026-11-28T09:00:00Z',
        arrived: 41,
        capacity: 300,
        byStaff: [{ staffId: 's1', name: 'Sam Door', scans: 12, people: 41 }],
      },
    },
    arrivedTonight: 41,
    pending: [],
    pendingFor: () => 0,
    arrivedOf: (e: DoorEntry) => e.arrived,
    live: 'live',
    notices: [],
    scan,
    ...over,
  } as unknown as ReturnType<typeof data.useDoor>);
}

describe('DoorPage', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    scan.mockReset();
    scan.mockResolvedValue({ state: 'checked_in', message: { title: 'Checked in' } });
    mockDoor();
  });

  it('lists tonight, finds a guest by name or code, and shows why a booking is refused', async () => {
    const user = userEvent.setup();
    renderAt(<DoorPage />, '/door');
    // the list is drawn again for each search: ask for it each time
    const list = () => screen.getByRole('region', { name: "Tonight's arrivals" });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list()).getByText('This booking was cancelled')).toBeInTheDocument();
    const search = screen.getByLabelText('Search by name or code');
    await user.type(search, 'omar');
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list()).getByRole('heading', { name: 'Omar Ali' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'abcd-2345');
    await waitFor(() =>
      expect(within(list()).getByRole('heading', { name: 'Olivia Stone' })).toBeInTheDocument(),
    );
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText(/Nobody on tonight's list matches/)).toBeInTheDocument();
  }, 20_000);

  it('checks plus-ones in one by one and asks for the ID check where the policy requires it', async () => {
    const user = userEvent.setup();
    renderAt(<DoorPage />, '/door');
    const olivia = screen.getByRole('listitem', { name: 'Olivia Stone' });
    expect(within(olivia).getByText('1 of 3 in')).toBeInTheDocument();
    await user.click(
      within(olivia).getByRole('button', { name: "Check in one of Olivia Stone's party" }),
    );
    expect(scan).toHaveBeenCalledWith(
      expect.objectContaining({ guestName: 'Olivia Stone' }),
      1,
      false,
    );
    const ivy = screen.getByRole('listitem', { name: 'Ivy Young' });
    const checkIn = within(ivy).getByRole('button', { name: "Check in one of Ivy Young's party" });
    expect(checkIn).toBeDisabled();
    await user.click(within(ivy).getByRole('checkbox', { name: 'ID checked' }));
    await user.click(checkIn);
    expect(scan).toHaveBeenLastCalledWith(
      expect.objectContaining({ guestName: 'Ivy Young' }),
      1,
      true,
    );
    const cara = screen.getByRole('listitem', { name: 'Cara Cancel' });
    expect(within(cara).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the headcount against capacity and the scans per staff member', () => {
    renderAt(<DoorPage />, '/door');
    expect(screen.getByLabelText('People in tonight')).toHaveTextContent('41 / 300');
    expect(screen.getByText('Sam Door: 41 in (12 scans)')).toBeInTheDocument();
  });

  it('says how many check-ins wait on the device while offline', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      mockDoor({
        pending: [{}, {}, {}] as unknown as ReturnType<typeof data.useDoor>['pending'],
        list: {
          data: { entries, fromDevice: true, savedAt: Date.now() },
          isPending: false,
          isError: false,
          refetch: vi.fn(),
        } as unknown as ReturnType<typeof data.useDoor>['list'],
      });
      renderAt(<DoorPage />, '/door');
      expect(screen.getByText(/offline: 3 check-ins waiting/)).toBeInTheDocument();
      expect(screen.getByText(/Showing the list kept on this device/)).toBeInTheDocument();
    } finally {
      online.mockRestore();
    }
  });

  it('has an empty state and an error state with retry', async () => {
    const refetch = vi.fn();
    mockDoor({
      list: {
        data: { entries: [], fromDevice: false, savedAt: 0 },
        isPending: false,
        isError: false,
        refetch,
      },
    } as never);
    const { unmount } = renderAt(<DoorPage />, '/door');
    expect(screen.getByText("Nobody on tonight's list yet")).toBeInTheDocument();
    unmount();
    mockDoor({ list: { data: undefined, isPending: false, isError: true, refetch } } as never);
    renderAt(<DoorPage />, '/door');
    await userEvent.setup().click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(refetch).toHaveBeenCalled();
  });
});
