import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Clock, Crown, Mail, MapPin, Phone, Shirt } from 'lucide-react';
import {
  Button,
  ButtonLink,
  Card,
  ErrorState,
  LoadingState,
  Muted,
  Row,
  Stack,
  media,
  theme,
  toast,
} from '@bistro/ui';
import { authRedirectState } from '@bistro/auth';
import {
  authenticationRequired,
  spotsLeftLabel,
  useApprovedEvents,
  useEventAvailability,
  useVenue,
  type BookingRow,
  type EventRow,
} from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { longEventDate } from '../shared/format-date';
import { EventCover } from '../shared/event-cover';
import { CardHeading, CardTitle, Grid, InfoLine, SectionTitle } from '../shared/styles';
import { EventArt } from '../shared/event-art';
import { useMember } from '../shared/use-member';
import { BookingResult } from './booking-result';
import { EVENT_PARAM, EventDetail, eventPath } from './event-detail';

const CrossLink = styled(Muted)`
  margin: 12px 0 0;
`;

const PlanningHeader = styled(Row)`
  margin-bottom: 8px;
`;

const EmailLink = styled.a`
  overflow-wrap: anywhere;
`;

const DetailLoading = styled.div`
  min-height: 100vh;
`;

const NoticeCard = styled(Card)`
  text-align: center;
`;

const MissingTitle = styled.h1`
  margin-top: 0;
`;

const ListLoading = styled.div`
  min-height: 70vh;
`;

const EventCardBody = styled(Stack)`
  height: 100%;
`;

const EventDate = styled.time`
  color: ${theme.colors.accent};
`;

const ReserveButton = styled(Button)`
  margin-top: auto;
`;

// Members only (a visitor's Reserve goes to /auth): the dialog, its form and
// validation load when a member opens the page, not for every visitor.
const BookingDialog = lazy(() =>
  import('./booking-dialog').then((m) => ({ default: m.BookingDialog })),
);

const Hero = styled.section`
  padding: ${theme.space(10)} ${theme.space(5)};
  border-radius: ${theme.radii.lg};
  text-align: center;
  border: 1px solid ${theme.colors.border};
  background:
    radial-gradient(circle at 50% 0%, rgba(166, 107, 255, 0.4), transparent 60%),
    ${theme.colors.surface};
  h1 {
    font-family: ${theme.font.display};
    font-size: clamp(2rem, 8vw, 3.4rem);
    margin: 0 0 ${theme.space(3)};
  }
  ${media.md} {
    padding: ${theme.space(16)} ${theme.space(10)};
  }
`;

const Clamp = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const InfoGrid = styled.div`
  display: grid;
  gap: ${theme.space(4)};
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const VenueInfoGrid = styled(InfoGrid)`
  margin-top: 24px;
`;

/** At or under this many spots left, the count reads as scarce, not as plenty. */
const FEW_SPOTS = 5;

const Spots = styled.p<{ $left: number }>`
  margin: 0;
  font-weight: 600;
  color: ${({ $left }) =>
    $left <= 0
      ? theme.colors.warning
      : $left <= FEW_SPOTS
        ? theme.colors.accent
        : theme.colors.success};
`;

/**
 * The page's fixed parts, memoised: an answer (the events, the spots left) or
 * the member's session re-renders the page, and these do not change with it.
 */
const EventsHero = memo(function EventsHero() {
  const { data: venue } = useVenue();
  return (
    <Hero>
      <h1>Epic Nights Await</h1>
      <Muted>
        Live music, guest DJs and themed parties{venue ? ` at ${venue.name}` : ''}. Reserve your
        spot before they sell out.
      </Muted>
      <CrossLink>
        Just coming for dinner? <Link to="/reserve">Reserve a table</Link>
      </CrossLink>
    </Hero>
  );
});

const VenueInfo = memo(function VenueInfo() {
  const { data: venue } = useVenue();
  return (
    <>
      <SectionTitle>VIP Event Planning</SectionTitle>
      <Card>
        <PlanningHeader $gap={2}>
          <Crown aria-hidden color={theme.colors.accent} />
          <strong>Make it unforgettable</strong>
        </PlanningHeader>
        <Muted>
          Birthdays, corporate nights, engagement parties or a full buyout: our events team plans
          bottle service, reserved lounge sections, custom menus and a DJ set to match your crowd.
          Tell us about your night and we will put together a package.
        </Muted>
        <CrossLink>
          <Link to="/tables">Request a VIP table or join a guest list</Link>
        </CrossLink>
      </Card>

      <VenueInfoGrid>
        <Card>
          <Row $gap={2}>
            <MapPin aria-hidden color={theme.colors.accent} />
            <CardHeading>Location</CardHeading>
          </Row>
          <InfoLine>{venue?.addressLine ?? '\u00a0'}</InfoLine>
          {venue ? (
            <a href={venue.mapsUrl} target="_blank" rel="noopener noreferrer">
              Open in Maps
            </a>
          ) : null}
        </Card>
        <Card>
          <Row $gap={2}>
            <Clock aria-hidden color={theme.colors.accent} />
            <CardHeading>Hours</CardHeading>
          </Row>
          <InfoLine>{venue ? `Open ${venue.hoursSummary}` : '\u00a0'}</InfoLine>
          {venue?.hoursNote ? <Muted>{venue.hoursNote}</Muted> : null}
        </Card>
        <Card>
          <Row $gap={2}>
            <Shirt aria-hidden color={theme.colors.accent} />
            <CardHeading>Dress Code &amp; Age</CardHeading>
          </Row>
          <InfoLine>{venue?.dressCode || '\u00a0'}</InfoLine>
          <Muted>{venue?.agePolicy ?? '\u00a0'}</Muted>
          {venue?.coverChargeNote ? <Muted>{venue.coverChargeNote}</Muted> : null}
        </Card>
        <Card>
          <CardTitle>Concierge</CardTitle>
          <Stack $gap={1}>
            {venue ? (
              <>
                <a href={venue.phoneHref}>
                  <Phone aria-hidden size={16} /> {venue.phone}
                </a>
                <EmailLink href={`mailto:${venue.email}`}>
                  <Mail aria-hidden size={16} /> {venue.email}
                </EmailLink>
              </>
            ) : (
              <Muted>&nbsp;</Muted>
            )}
          </Stack>
        </Card>
      </VenueInfoGrid>
    </>
  );
});

/**
 * One event of the list. Memoised: opening the booking dialog (or any other change
 * of the page's state) does not redraw the cards, their art and dates.
 */
const EventCard = memo(function EventCard({
  event,
  index,
  left,
  reserveDisabled,
  onReserve,
}: {
  event: EventRow;
  index: number;
  /** null when the event is unlimited; undefined while unknown. */
  left: number | null | undefined;
  reserveDisabled: boolean;
  onReserve: (event: EventRow) => void;
}) {
  const spots = spotsLeftLabel(left);
  return (
    <Card as="article" aria-label={event.title}>
      <EventCardBody $gap={3}>
        <EventCover
          url={event.featured_image_url}
          fallback={<EventArt seed={event.id} />}
          priority={index === 0}
        />
        <CardHeading elementtiming="events-list">
          <Link to={eventPath(event.id)}>{event.title}</Link>
        </CardHeading>
        <EventDate dateTime={event.event_date}>{longEventDate(event.event_date)}</EventDate>
        {event.description ? <Clamp>{event.description}</Clamp> : null}
        {spots ? <Spots $left={left ?? Number.POSITIVE_INFINITY}>{spots}</Spots> : null}
        <ReserveButton
          type="button"
          onClick={() => onReserve(event)}
          disabled={reserveDisabled}
          aria-label={`Reserve Your Spot: ${event.title}`}
        >
          Reserve Your Spot
        </ReserveButton>
      </EventCardBody>
    </Card>
  );
});

/** The query parameter that opens the booking dialog for an event (?book=<event id>). */
export const BOOK_PARAM = 'book';

/**
 * Events (/events): hero, approved upcoming events with the spots left,
 * booking modal, VIP planning, location and concierge. /events?book=<id>
 * opens the dialog for that event: a visitor sent to sign in from "Reserve
 * Your Spot" comes back there, after signing in or confirming a new account.
 */
export function EventsPage() {
  const events = useApprovedEvents();
  const { data: venue } = useVenue();
  const { status, signedIn, userId, email } = useMember();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [booking, setBooking] = useState<EventRow | null>(null);
  const [booked, setBooked] = useState<{ booking: BookingRow; event: EventRow } | null>(null);
  const eventIds = useMemo(() => (events.data ?? []).map((e) => e.id), [events.data]);
  const availability = useEventAvailability(eventIds);
  // The first render of the list, and the one that first adds the spots left,
  // run in the background (deferred values): in slices between which the
  // browser stays responsive, not as one long task when the answer arrives.
  // The loading state (or no spots line) stays up meanwhile; later changes,
  // such as the spots after the member's own booking, render at once.
  const listBehind = useDeferredValue(events.isPending);
  const availabilityBehind = useDeferredValue(availability.data);
  const spotsByEvent = availabilityBehind === undefined ? undefined : availability.data;
  const spotsLeft = (eventId: string): number | null | undefined => {
    if (!spotsByEvent) return undefined;
    return spotsByEvent.get(eventId)?.spotsLeft ?? null;
  };

  const wanted = params.get(BOOK_PARAM);
  useEffect(() => {
    if (!wanted || status !== 'signedIn' || !events.data) return;
    const event = events.data.find((e) => e.id === wanted);
    if (event) setBooking(event);
    // The parameter has done its job: closing the dialog must not reopen it.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BOOK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [wanted, status, events.data, setParams]);

  // Stable while the session stands, so opening the dialog leaves the event cards as they are.
  const reserve = useCallback(
    (event: EventRow) => {
      // While the session is still being looked up, the button is disabled.
      if (status === 'loading') return;
      if (!signedIn || !userId) {
        toast(authenticationRequired);
        navigate('/auth', {
          state: authRedirectState(`/events?${BOOK_PARAM}=${encodeURIComponent(event.id)}`),
        });
        return;
      }
      setBooked(null);
      setBooking(event);
    },
    [status, signedIn, userId, navigate],
  );

  const detailId = params.get(EVENT_PARAM);
  const detail = detailId ? events.data?.find((e) => e.id === detailId) : undefined;

  return (
    <GuestPage route="/events">
      {detailId ? (
        events.isPending ? (
          // A whole screen: the venue's sections below stay out of view until the event's
          // page (taller than the screen on a phone) pushes them further down.
          <DetailLoading>
            <LoadingState label="Loading epic events..." />
          </DetailLoading>
        ) : detail ? (
          <>
            {booked ? (
              <BookingResult
                booking={booked.booking}
                event={booked.event}
                onDismiss={() => setBooked(null)}
              />
            ) : null}
            <EventDetail
              event={detail}
              venue={venue}
              spotsLeft={spotsLeft(detail.id)}
              reserveDisabled={status === 'loading'}
              onReserve={() => reserve(detail)}
            />
          </>
        ) : (
          <NoticeCard>
            <MissingTitle>This event is not on the calendar</MissingTitle>
            <Muted>It may have passed or been taken off the calendar.</Muted>
            <Link to="/events">See all upcoming events</Link>
          </NoticeCard>
        )
      ) : (
        <>
          <EventsHero />
          <section aria-labelledby="events-list-title">
            <SectionTitle id="events-list-title">Upcoming Events</SectionTitle>
            {booked ? (
              <BookingResult
                booking={booked.booking}
                event={booked.event}
                onDismiss={() => setBooked(null)}
              />
            ) : null}
            {events.isPending || listBehind ? (
              // Holds about the list's height so the sections below don't jump when it arrives.
              <ListLoading>
                <LoadingState label="Loading epic events..." />
              </ListLoading>
            ) : events.isError ? (
              <ErrorState
                title="Could not load events"
                message="Please check your connection and try again."
                onRetry={() => void events.refetch()}
              />
            ) : events.data.length === 0 ? (
              <NoticeCard>
                <CardTitle>Amazing Events Coming Soon</CardTitle>
                <Muted>
                  Our next line-up is being finalised. Planning a celebration? We host private
                  events.
                </Muted>
                <ButtonLink href={venue?.phoneHref ?? '/contact'} $variant="accent">
                  <Phone aria-hidden size={18} /> Call for Private Events
                </ButtonLink>
              </NoticeCard>
            ) : (
              <Grid $min={280}>
                {events.data.map((event, index) => (
                  <EventCard
                    key={event.id}
                    event={event}
                    index={index}
                    left={spotsLeft(event.id)}
                    reserveDisabled={status === 'loading'}
                    onReserve={reserve}
                  />
                ))}
              </Grid>
            )}
          </section>
        </>
      )}

      <VenueInfo />

      {userId ? (
        <Suspense fallback={null}>
          <BookingDialog
            event={booking}
            spotsLeft={booking ? spotsLeft(booking.id) : undefined}
            userId={userId}
            email={email}
            onClose={() => setBooking(null)}
            onBooked={(row, event) => setBooked({ booking: row, event })}
          />
        </Suspense>
      ) : null}
    </GuestPage>
  );
}
