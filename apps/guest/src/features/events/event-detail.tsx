import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CalendarPlus, Download, Share2 } from 'lucide-react';
import { Button, ButtonLink, Card, Muted, Row, Stack, media, theme, toast } from '@bistro/ui';
import {
  eventCalendar,
  spotsLeftLabel,
  type EventCalendar,
  type EventRow,
  type Venue,
} from '@bistro/data';
import { longEventDate } from '../shared/format-date';
import { EventCover } from '../shared/event-cover';
import { EventArt } from '../shared/event-art';
import { EventGallery } from './event-gallery';

const EventDate = styled.time`
  color: ${theme.colors.accent};
  font-weight: 700;
`;

const Actions = styled(Stack)`
  margin-top: 20px;
`;

const CalendarNote = styled(Muted)`
  margin: 0;
`;

/** The query parameter of an event's own view: /events?event=<id>, a link anyone can share. */
export const EVENT_PARAM = 'event';

export const eventPath = (id: string) => `/events?${EVENT_PARAM}=${encodeURIComponent(id)}`;

const Layout = styled.article`
  display: grid;
  gap: ${theme.space(6)};
  ${media.md} {
    grid-template-columns: 3fr 2fr;
    align-items: start;
  }
  h1 {
    margin: 0;
    font-family: ${theme.font.display};
    font-size: clamp(1.7rem, 6vw, 2.6rem);
    overflow-wrap: anywhere;
  }
`;

const Description = styled.p`
  white-space: pre-line;
  line-height: 1.7;
  margin: 0;
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  gap: ${theme.space(3)};
  dt {
    font-weight: 700;
    color: ${theme.colors.accent};
  }
  dd {
    margin: ${theme.space(1)} 0 0;
  }
`;

/** Saves the event's calendar file (text/calendar) under its name. */
function downloadIcs(calendar: EventCalendar) {
  const url = URL.createObjectURL(
    new Blob([calendar.ics], { type: 'text/calendar;charset=utf-8' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = calendar.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function share(event: EventRow) {
  const url = new URL(eventPath(event.id), window.location.origin).toString();
  try {
    if (navigator.share) {
      await navigator.share({ title: event.title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url, variant: 'success' });
  } catch (error) {
    // The guest closed the share sheet: nothing to say.
    if ((error as Error).name === 'AbortError') return;
    toast({ title: 'Could not share', description: url, variant: 'destructive' });
  }
}

/**
 * One event on its own (/events?event=<id>): image, the whole description,
 * the date and time at the venue, cover and dress code, the age policy, the
 * spots left, Reserve Your Spot, add to calendar and share.
 */
export function EventDetail({
  event,
  venue,
  spotsLeft,
  reserveDisabled,
  onReserve,
}: {
  event: EventRow;
  venue: Venue | undefined;
  spotsLeft: number | null | undefined;
  reserveDisabled: boolean;
  onReserve: () => void;
}) {
  const spots = spotsLeftLabel(spotsLeft);
  const calendar = venue ? eventCalendar(event, venue) : null;
  return (
    <Layout aria-labelledby="event-title">
      <Stack $gap={4}>
        <Link to="/events">← All events</Link>
        <EventCover
          url={event.featured_image_url}
          fallback={<EventArt seed={event.id} />}
          sizes="(min-width: 1200px) 660px, (min-width: 700px) 58vw, 100vw"
          priority
        />
        <h1 id="event-title" elementtiming="event-detail">
          {event.title}
        </h1>
        <EventDate dateTime={event.event_date}>{longEventDate(event.event_date)}</EventDate>
        {event.description ? <Description>{event.description}</Description> : null}
      </Stack>
      <Card>
        <Facts>
          <div>
            <dt>When</dt>
            <dd>{longEventDate(event.event_date)} (venue time)</dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>{venue ? `${venue.name}, ${venue.addressLine}` : '\u00a0'}</dd>
          </div>
          {venue?.coverChargeNote ? (
            <div>
              <dt>Cover</dt>
              <dd>{venue.coverChargeNote}</dd>
            </div>
          ) : null}
          {venue?.dressCode ? (
            <div>
              <dt>Dress code</dt>
              <dd>{venue.dressCode}</dd>
            </div>
          ) : null}
          <div>
            <dt>Age</dt>
            <dd>{venue?.agePolicy ?? '\u00a0'}</dd>
          </div>
          {spots ? (
            <div>
              <dt>Capacity</dt>
              <dd>{spots}</dd>
            </div>
          ) : null}
        </Facts>
        <Actions $gap={3}>
          <Button type="button" disabled={reserveDisabled} onClick={onReserve}>
            Reserve Your Spot
          </Button>
          <Row $gap={2}>
            {calendar ? (
              <>
                <Button type="button" $variant="ghost" onClick={() => downloadIcs(calendar)}>
                  <Download aria-hidden size={18} /> Add to Calendar (.ics)
                </Button>
                <ButtonLink
                  href={calendar.googleUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  $variant="ghost"
                >
                  <CalendarPlus aria-hidden size={18} /> Add to Google Calendar
                </ButtonLink>
              </>
            ) : null}
            <Button type="button" $variant="ghost" onClick={() => void share(event)}>
              <Share2 aria-hidden size={18} /> Share
            </Button>
          </Row>
          <CalendarNote>Members get a calendar file with their booking confirmation.</CalendarNote>
        </Actions>
      </Card>
      {/* last, across the page: when it arrives nothing below it moves */}
      <EventGallery eventId={event.id} title={event.title} cover={event.featured_image_url} />
    </Layout>
  );
}
