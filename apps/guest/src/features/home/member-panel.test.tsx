import { fireEvent, screen, within } from '@testing-library/react';
import type { OfferRow, ProfileRow } from '@bistro/data';
import { useToastStore } from '@bistro/ui';
import { MEMBER_ID, renderAt, setViewer } from '../../test/render';
import { MemberPanel } from './member-panel';

const state = vi.hoisted(() => ({
  profile: null as unknown,
  offers: [] as unknown[],
  redeemed: [] as string[],
  redeemError: null as unknown,
  mutate: vi.fn(),
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bistro/data')>();
  const ok = (data: unknown) => ({ data, isPending: false, isError: false, refetch: vi.fn() });
  return {
    ...actual,
    useProfile: () => ok(state.profile),
    useActiveOffers: () => ok(state.offers),
    useRedemptions: () =>
      ok(
        state.redeemed.map((offerId, i) => ({
          id: `7f3a91c2-0000-4000-8000-00000000000${i}`,
          offer_id: offerId,
          redeemed_at: '2025-11-23T03:42:00Z',
        })),
      ),
    useLatestPhotos: () => ok([]),
    useMyPendingPhotos: () =>
      ok([
        {
          id: 'mine',
          image_url: 'http://127.0.0.1/mine.png',
          caption: 'Victory moment!',
          created_at: '',
          rejected_at: null,
        },
        {
          id: 'turned-down',
          image_url: 'http://127.0.0.1/blurry.png',
          caption: 'Blurry shot',
          created_at: '',
          rejected_at: '2026-11-26T12:00:00Z',
        },
      ]),
    usePhotoUploadMutation: () => ({ mutate: vi.fn(), isPending: false }),
    useOfferRedeemMutation: (options: {
      onSuccess?: (data: unknown, vars: { offer: { id: string } }) => void;
      onError?: (e: unknown) => void;
    }) => ({
      isPending: false,
      variables: undefined,
      mutate: (vars: unknown) => {
        state.mutate(vars);
        if (state.redeemError) options.onError?.(state.redeemError);
        else options.onSuccess?.(undefined, vars as { offer: { id: string } });
      },
    }),
  };
});

const offer = (id: string, offer_type: OfferRow['offer_type'], title: string): OfferRow => ({
  id,
  title,
  offer_type,
  description: null,
  discount_percentage: 10,
  is_active: true,
  valid_until: null,
  usage_count: 0,
  created_at: '2025-08-01T00:00:00Z',
  updated_at: '2025-08-01T00:00:00Z',
});

const profile = (over: Partial<ProfileRow> = {}): ProfileRow => ({
  user_id: MEMBER_ID,
  first_name: 'Maya',
  last_name: 'Brooks',
  email: 'maya@example.com',
  phone: null,
  birthday: null,
  vip_status: false,
  total_bookings: 4,
  created_at: new Date(Date.now() - 10 * 86_400_000 - 60_000).toISOString(),
  updated_at: '2025-08-01T00:00:00Z',
  ...over,
});

describe('MemberPanel', () => {
  beforeEach(() => {
    setViewer('signedIn');
    state.profile = profile();
    state.offers = [
      offer('o1', 'exclusive', 'Exclusive Deal'),
      offer('o2', 'surprise', 'Surprise Deal'),
      offer('o3', 'vip', 'VIP Deal'),
    ];
    state.redeemed = ['o2'];
    state.redeemError = null;
    state.mutate.mockClear();
    useToastStore.setState({ toasts: [] });
  });

  it('computes the four stat tiles from the profile and redemptions', () => {
    renderAt(<MemberPanel />, '/');
    const tiles = screen.getByLabelText('Your stats');
    expect(within(tiles).getByText('Events Booked').nextSibling).toHaveTextContent('4');
    expect(within(tiles).getByText('Offers Redeemed').nextSibling).toHaveTextContent('1');
    expect(within(tiles).getByText('Status').nextSibling).toHaveTextContent('Member');
    expect(within(tiles).getByText('Days Member').nextSibling).toHaveTextContent('10');
  });

  it('lists exclusive and surprise offers; a redeemed one reads Redeemed and is disabled', () => {
    renderAt(<MemberPanel />, '/');
    expect(
      within(screen.getByRole('article', { name: 'Exclusive Deal' })).getByRole('button', {
        name: 'Redeem',
      }),
    ).toBeEnabled();
    expect(
      within(screen.getByRole('article', { name: 'Surprise Deal' })).getByRole('button', {
        name: 'Redeemed',
      }),
    ).toBeDisabled();
    // Not a VIP: no VIP banner and no VIP offer.
    expect(screen.queryByRole('article', { name: 'VIP Deal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows the VIP banner, VIP status and VIP offers to a VIP member', () => {
    state.profile = profile({ vip_status: true });
    renderAt(<MemberPanel />, '/');
    expect(screen.getByRole('note')).toHaveTextContent('VIP Member');
    expect(screen.getByRole('article', { name: 'VIP Deal' })).toBeInTheDocument();
    expect(screen.getByText('Status').nextSibling).toHaveTextContent('VIP');
  });

  it('celebrates the birthday week only within 7 days of the birthday', () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const iso = `1990-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}`;
    state.profile = profile({ birthday: iso });
    state.offers = [offer('b1', 'birthday', 'Birthday Treat')];
    renderAt(<MemberPanel />, '/');
    expect(screen.getByText(/It's your birthday week!/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Birthday Treat' })).toBeInTheDocument();
  });

  it('asks first: Not Now redeems nothing', async () => {
    renderAt(<MemberPanel />, '/');
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Exclusive Deal' })).getByRole('button', {
        name: 'Redeem',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Exclusive Deal?' });
    expect(dialog).toHaveTextContent('Show this to your server now? It can be used once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not Now' }));
    expect(state.mutate).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('redeems with the member id and shows the spec toasts', async () => {
    renderAt(<MemberPanel />, '/');
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Exclusive Deal' })).getByRole('button', {
        name: 'Redeem',
      }),
    );
    expect(state.mutate).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem Now' }));
    expect(state.mutate).toHaveBeenCalledWith(
      expect.objectContaining({ userId: MEMBER_ID, offer: expect.objectContaining({ id: 'o1' }) }),
    );
    expect(useToastStore.getState().toasts.at(-1)).toEqual(
      expect.objectContaining({
        title: 'Offer Redeemed!',
        description: 'Show this to your server to claim your discount.',
      }),
    );
  });

  it('maps a duplicate redemption (23505) to Already Redeemed', async () => {
    state.redeemError = { code: '23505', message: 'duplicate key value' };
    renderAt(<MemberPanel />, '/');
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Exclusive Deal' })).getByRole('button', {
        name: 'Redeem',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem Now' }));
    expect(useToastStore.getState().toasts.at(-1)).toEqual(
      expect.objectContaining({
        title: 'Already Redeemed',
        description: 'You have already redeemed this offer.',
      }),
    );
  });

  it('opens the pass for the server again from a redeemed offer: offer, member, time and code', async () => {
    renderAt(<MemberPanel />, '/');
    const card = screen.getByRole('article', { name: 'Surprise Deal' });
    expect(
      within(screen.getByRole('article', { name: 'Exclusive Deal' })).queryByRole('button', {
        name: 'Show Pass',
      }),
    ).not.toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Show Pass' }));
    const pass = await screen.findByRole('dialog', { name: 'Surprise Deal' });
    expect(pass).toHaveAccessibleDescription('Show this to your server to claim your discount.');
    expect(pass).toHaveTextContent('10% off');
    expect(pass).toHaveTextContent('MemberMaya Brooks');
    // 03:42 UTC is 10:42 PM the evening before in Cleveland.
    expect(pass).toHaveTextContent('RedeemedSat, Nov 22 · 10:42 PM');
    expect(within(pass).getByTestId('pass-code')).toHaveTextContent('7F3A-91C2');
    fireEvent.click(within(pass).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the uploader’s pending photo', () => {
  it('is marked Waiting for approval', () => {
    setViewer('signedIn');
    renderAt(<MemberPanel />, '/');
    const mine = screen.getByRole('list', { name: 'Your photos waiting for approval' });
    expect(mine).toHaveTextContent('Waiting for approval');
    expect(
      within(mine).getByRole('img', { name: 'Your photo: Victory moment!' }),
    ).toBeInTheDocument();
    expect(within(mine).queryByRole('img', { name: 'Your photo: Blurry shot' })).toBeNull();
  });

  it('is marked Not approved once an admin rejected it', () => {
    setViewer('signedIn');
    renderAt(<MemberPanel />, '/');
    const rejected = screen.getByRole('list', { name: 'Your photos that were not approved' });
    expect(rejected).toHaveTextContent('Not approved');
    expect(
      within(rejected).getByRole('img', { name: 'Your photo: Blurry shot' }),
    ).toBeInTheDocument();
  });
});
