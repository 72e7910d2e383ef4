import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CalendarDays, Gamepad2, MessageCircle, Sparkles } from 'lucide-react';
import { ButtonLink, Card, LoadingState, Muted, Row, media, theme } from '@bistro/ui';
import { businessDate, formatValidity, usePromotions, useVenue } from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { CardHeading, CardTitle, Grid, LinkCard } from '../shared/styles';
import { useMember } from '../shared/use-member';
import { greetingFor } from './greeting';
import { UpcomingEvents } from './upcoming-events';
import { FeaturedPhotos } from './featured-photos';

const HeroActions = styled(Row)`
  margin-top: 16px;
`;

const ShortcutGrid = styled(Grid)`
  margin-top: 24px;
`;

const PromoList = styled.ul`
  margin: 12px 0 0;
  padding-left: 20px;
  line-height: 1.8;
  min-height: 5.4em;
`;

// Members only: its offers, pass dialog and photo uploads load when a member
// opens home, so a visitor's first page does not carry them.
const MemberPanel = lazy(() => import('./member-panel').then((m) => ({ default: m.MemberPanel })));

const Hero = styled.section`
  padding: ${theme.space(8)} ${theme.space(5)};
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
  background:
    radial-gradient(circle at 15% 20%, rgba(166, 107, 255, 0.35), transparent 55%),
    radial-gradient(circle at 85% 80%, rgba(242, 184, 75, 0.22), transparent 50%),
    ${theme.colors.surface};
  ${media.md} {
    padding: ${theme.space(14)} ${theme.space(10)};
  }
`;

const Greeting = styled.h1`
  margin: 0 0 ${theme.space(3)};
  font-family: ${theme.font.display};
  font-size: clamp(1.9rem, 7vw, 3.2rem);
  line-height: 1.1;
  & > span {
    display: block;
    color: ${theme.colors.accent};
  }
`;

// Keeps about three lines while the venue record loads, so the buttons below do not move.
const Tagline = styled(Muted)`
  min-height: 4.8em;
  ${media.md} {
    min-height: 3.2em;
  }
`;

const CardLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  display: block;
  border-radius: ${theme.radii.md};
  &:hover > div {
    border-color: ${theme.colors.primary};
  }
`;

const Promo = styled(Card)`
  margin-top: ${theme.space(10)};
  border-color: ${theme.colors.accent};
  background: linear-gradient(120deg, rgba(242, 184, 75, 0.15), ${theme.colors.surface} 60%);
`;

/** Home (/): greeting, calls to action, cards, upcoming events, the member panel and promotions. */
export function HomePage() {
  const { signedIn } = useMember();
  const { data: venue } = useVenue();
  const promotions = usePromotions();
  const tonight = businessDate();
  return (
    <GuestPage route="/">
      <Hero aria-labelledby="home-greeting">
        <Greeting id="home-greeting" elementtiming="home-hero">
          {greetingFor()}
          <span>{venue?.name ?? '\u00a0'}</span>
        </Greeting>
        <Tagline>
          {venue ? (
            <>
              {venue.tagline} Downtown {venue.address.city}, open {venue.hoursSummary}.
            </>
          ) : (
            '\u00a0'
          )}
        </Tagline>
        <HeroActions $gap={3}>
          <ButtonLink as={Link} to="/order" $variant="accent">
            Order Now
          </ButtonLink>
          <ButtonLink as={Link} to="/events" $variant="ghost">
            View Events
          </ButtonLink>
          <ButtonLink as={Link} to="/reserve" $variant="ghost">
            Reserve a Table
          </ButtonLink>
        </HeroActions>
      </Hero>

      {/* A member comes for their offers and photos: their panel leads. */}
      {signedIn ? (
        <Suspense fallback={<LoadingState label="Loading…" />}>
          <MemberPanel />
        </Suspense>
      ) : null}

      <ShortcutGrid>
        <CardLink to="/events">
          <LinkCard>
            <Sparkles aria-hidden color={theme.colors.accent} />
            <CardTitle as="h2">Special Events</CardTitle>
            <Muted>Themed nights, live music and guest DJs every week. Reserve your spot.</Muted>
          </LinkCard>
        </CardLink>
        <CardLink to="/chat">
          <LinkCard>
            <MessageCircle aria-hidden color={theme.colors.primary} />
            <CardTitle as="h2">Chat Assistant</CardTitle>
            <Muted>Questions about hours, parking or private parties? Ask our assistant.</Muted>
          </LinkCard>
        </CardLink>
        {signedIn ? (
          <CardLink to="/games">
            <LinkCard>
              <Gamepad2 aria-hidden color={theme.colors.success} />
              <CardTitle as="h2">Games &amp; Fun</CardTitle>
              <Muted>Trivia, word chain and memory games while you wait for your table.</Muted>
            </LinkCard>
          </CardLink>
        ) : null}
      </ShortcutGrid>

      <UpcomingEvents />

      <FeaturedPhotos />

      <Promo as="section" aria-labelledby="promotions-title">
        <Row $gap={2}>
          <CalendarDays aria-hidden color={theme.colors.accent} />
          <CardHeading as="h2" id="promotions-title">
            Special Promotions
          </CardHeading>
        </Row>
        {promotions.isError ? (
          <Muted role="alert">Our promotions could not be loaded. Please try again later.</Muted>
        ) : null}
        <PromoList aria-busy={promotions.isPending}>
          {(promotions.data ?? []).map((p) => {
            const validity = formatValidity(p.ends_on, tonight);
            return (
              <li key={p.id}>
                <strong>{p.title}</strong>
                {p.body ? `: ${p.body}` : null}
                {validity ? <Muted as="span"> ({validity})</Muted> : null}
              </li>
            );
          })}
          {signedIn ? null : (
            <li>Sign up in the app for exclusive offers, birthday perks and early event access.</li>
          )}
        </PromoList>
      </Promo>
    </GuestPage>
  );
}
