import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { ButtonLink, Card, ErrorState, LoadingState, Muted, Stack, theme } from '@bistro/ui';
import { useUpcomingEvents } from '@bistro/data';
import { shortEventDate } from '../shared/format-date';
import { EventCover } from '../shared/event-cover';
import { CardTitle, Grid, SectionTitle } from '../shared/styles';

const EventDate = styled.time`
  color: ${theme.colors.accent};
`;

const ViewAll = styled.div`
  margin-top: 16px;
`;

/** Home: up to 3 approved future events, soonest first, and a link to all of them. */
export function UpcomingEvents() {
  const events = useUpcomingEvents();
  return (
    <section aria-labelledby="upcoming-title">
      <SectionTitle id="upcoming-title">Upcoming Events</SectionTitle>
      {events.isPending ? (
        <LoadingState label="Loading events…" />
      ) : events.isError ? (
        <ErrorState
          title="Could not load events"
          message="Please check your connection and try again."
          onRetry={() => void events.refetch()}
        />
      ) : events.data.length === 0 ? (
        <Card>
          <Muted>No upcoming events yet. Check back soon!</Muted>
        </Card>
      ) : (
        <Grid>
          {events.data.map((event) => (
            <Card as="article" key={event.id} aria-label={event.title}>
              <Stack $gap={2}>
                <EventCover url={event.featured_image_url} />
                <CardTitle>{event.title}</CardTitle>
                <EventDate dateTime={event.event_date}>
                  {shortEventDate(event.event_date)}
                </EventDate>
                {event.description ? <Muted>{event.description}</Muted> : null}
              </Stack>
            </Card>
          ))}
        </Grid>
      )}
      <ViewAll>
        <ButtonLink as={Link} to="/events" $variant="ghost">
          View All Events
        </ButtonLink>
      </ViewAll>
    </section>
  );
}
