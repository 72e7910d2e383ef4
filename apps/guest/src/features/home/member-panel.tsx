import { useState } from 'react';
import styled from 'styled-components';
import { Cake, Crown, Star } from 'lucide-react';
import { Card, ErrorState, LoadingState, Muted, Row, Stack, media, theme, toast } from '@bistro/ui';
import {
  offerRedeemed,
  redeemFailed,
  useActiveOffers,
  useProfile,
  useOfferRedeemMutation,
  useRedemptions,
  type OfferRow,
} from '@bistro/data';
import { useMember } from '../shared/use-member';
import { CardHeading, Grid, SectionTitle } from '../shared/styles';
import { BIRTHDAY_WINDOW_DAYS, isBirthdayWeek } from './birthday-window';
import { memberStats } from './member-stats';
import { OfferCard } from './offer-card';
import { OfferPass } from './offer-pass';
import { RedeemConfirm } from './redeem-confirm';
import { PhotoWall } from './photo-wall';

const PanelTitle = styled(SectionTitle)`
  margin-top: 0;
`;

const BirthdayCard = styled(Card)`
  margin-top: 24px;
`;

const BirthdayBody = styled(Stack)`
  margin-top: 12px;
`;

const CardNote = styled(Muted)`
  margin-top: 12px;
`;

const PerksHeader = styled(Row)`
  margin-bottom: 8px;
`;

const VipOffers = styled(Grid)`
  margin-top: 16px;
`;

const Panel = styled.section`
  margin-top: ${theme.space(10)};
  padding: ${theme.space(5)} ${theme.space(4)};
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.primary};
  background: linear-gradient(180deg, rgba(166, 107, 255, 0.12), transparent 40%);
  ${media.md} {
    padding: ${theme.space(8)};
  }
`;

const VipBanner = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  padding: ${theme.space(4)};
  border-radius: ${theme.radii.md};
  background: linear-gradient(90deg, #f2b84b, #ffd98a);
  color: ${theme.colors.accentText};
  font-weight: 700;
  margin-bottom: ${theme.space(4)};
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${theme.space(3)};
  margin: 0;
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Tile = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space(4)};
  text-align: center;
  dt {
    color: ${theme.colors.textMuted};
    font-size: 0.9rem;
  }
  dd {
    margin: ${theme.space(1)} 0 0;
    font-size: 1.6rem;
    font-weight: 700;
    color: ${theme.colors.accent};
  }
`;

const PerkList = styled.ul`
  margin: 0;
  padding-left: ${theme.space(5)};
  line-height: 1.9;
`;

/** The member experience panel on home (signed in only). */
export function MemberPanel() {
  const { userId, firstName } = useMember();
  const profile = useProfile(userId);
  const offers = useActiveOffers(userId);
  const redeemed = useRedemptions(userId);
  // The offer whose pass is on screen: opened on redeeming, and again from the card.
  const [passOfferId, setPassOfferId] = useState<string | null>(null);
  // The offer the member tapped Redeem on, asked about before it is used.
  const [confirming, setConfirming] = useState<OfferRow | null>(null);
  const redeem = useOfferRedeemMutation({
    onSuccess: (_data, vars) => {
      toast(offerRedeemed);
      setPassOfferId(vars.offer.id);
    },
    onError: (error) => toast(redeemFailed(error)),
  });

  if (!userId) return null;
  const redeemedIds = new Set((redeemed.data ?? []).map((r) => r.offer_id));
  const vip = profile.data?.vip_status ?? false;
  const birthdayWeek = isBirthdayWeek(profile.data?.birthday);
  const stats = memberStats(profile.data, redeemedIds.size);
  const all = offers.data ?? [];
  const byType = (...types: OfferRow['offer_type'][]) =>
    all.filter((o) => types.includes(o.offer_type));
  const renderOffer = (offer: OfferRow) => (
    <OfferCard
      key={offer.id}
      offer={offer}
      redeemed={redeemedIds.has(offer.id)}
      redeeming={redeem.isPending && redeem.variables?.offer.id === offer.id}
      onRedeem={setConfirming}
      onShowPass={(o) => setPassOfferId(o.id)}
    />
  );
  const name = profile.data?.first_name ?? firstName;
  const passOffer = all.find((o) => o.id === passOfferId);
  const passRedemption = redeemed.data?.find((r) => r.offer_id === passOfferId);
  const fullName =
    [profile.data?.first_name, profile.data?.last_name].filter(Boolean).join(' ') ||
    firstName ||
    'Member';

  return (
    <Panel aria-labelledby="member-panel-title">
      <PanelTitle id="member-panel-title">
        {name ? `Welcome back, ${name}` : 'Your Member Experience'}
      </PanelTitle>

      {vip ? (
        <VipBanner role="note">
          <Crown aria-hidden />
          <span>VIP Member: enjoy priority seating, VIP offers and early event access.</span>
        </VipBanner>
      ) : null}

      {profile.isError ? (
        <ErrorState
          title="Could not load your profile"
          message="Please try again."
          onRetry={() => void profile.refetch()}
        />
      ) : null}

      <Tiles aria-label="Your stats">
        <Tile>
          <dt>Events Booked</dt>
          <dd>{profile.isPending ? '…' : stats.eventsBooked}</dd>
        </Tile>
        <Tile>
          <dt>Offers Redeemed</dt>
          <dd data-testid="offers-redeemed">{redeemed.isPending ? '…' : stats.offersRedeemed}</dd>
        </Tile>
        <Tile>
          <dt>Status</dt>
          <dd>{profile.isPending ? '…' : stats.status}</dd>
        </Tile>
        <Tile>
          <dt>Days Member</dt>
          <dd>{profile.isPending ? '…' : stats.daysMember}</dd>
        </Tile>
      </Tiles>

      <BirthdayCard as="section" aria-labelledby="birthday-title">
        <Row $gap={2}>
          <Cake aria-hidden color={theme.colors.accent} />
          <CardHeading id="birthday-title">Happy Birthday Week</CardHeading>
        </Row>
        {birthdayWeek ? (
          <BirthdayBody $gap={3}>
            <Muted>
              It's your birthday week! Celebrate with us: your birthday treat is ready to redeem.
            </Muted>
            {byType('birthday').length ? (
              <Grid>{byType('birthday').map(renderOffer)}</Grid>
            ) : (
              <Muted>Tell your server it's your birthday week for a little something extra.</Muted>
            )}
          </BirthdayBody>
        ) : (
          <CardNote>
            Members get a birthday offer during the {BIRTHDAY_WINDOW_DAYS} days around their
            birthday. Celebrate with us!
          </CardNote>
        )}
      </BirthdayCard>

      <SectionTitle>Exclusive App Offers</SectionTitle>
      {offers.isPending || redeemed.isPending ? (
        <LoadingState label="Loading offers…" />
      ) : offers.isError || redeemed.isError ? (
        <ErrorState
          title="Could not load offers"
          message="Please try again."
          onRetry={() => {
            void offers.refetch();
            void redeemed.refetch();
          }}
        />
      ) : byType('exclusive', 'surprise').length === 0 ? (
        <Card>
          <Muted>No app offers right now. New ones drop often, so check back soon.</Muted>
        </Card>
      ) : (
        <Grid>{byType('exclusive', 'surprise').map(renderOffer)}</Grid>
      )}

      <SectionTitle>VIP Early Access</SectionTitle>
      <Card>
        <PerksHeader $gap={2}>
          <Star aria-hidden color={theme.colors.accent} />
          <strong>{vip ? 'Your VIP perks' : 'What VIP members get'}</strong>
        </PerksHeader>
        <PerkList>
          <li>Book special events before they open to everyone</li>
          <li>Reserved lounge seating on event nights</li>
          <li>Skip-the-line entry after 9PM</li>
          <li>VIP-only offers in the app</li>
        </PerkList>
        {vip && byType('vip').length ? (
          <VipOffers>{byType('vip').map(renderOffer)}</VipOffers>
        ) : null}
        {!vip ? <CardNote>Ask our team about VIP status on your next visit.</CardNote> : null}
      </Card>

      <PhotoWall userId={userId} />

      <RedeemConfirm
        offer={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(o) => {
          setConfirming(null);
          redeem.mutate({ userId, offer: o });
        }}
      />

      {passOffer && passRedemption ? (
        <OfferPass
          offer={passOffer}
          redemption={passRedemption}
          memberName={fullName}
          onClose={() => setPassOfferId(null)}
        />
      ) : null}
    </Panel>
  );
}
