import { Link } from 'react-router-dom';
import {
  ButtonLink,
  Card,
  ErrorState,
  LoadingState,
  Muted,
  Stack,
  safeImageUrl,
  theme,
} from '@bistro/ui';
import { useUpcomingEvents } from '@bistro/data';
import { shortEventDate } from '../shared/format-date';
import { CardTitle, CoverImage, Grid, SectionTitle } from '../shared/styles';

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
                {safeImageUrl(event.featured_image_url) ? (
                  <CoverImage src={safeImageUrl(event.featured_image_url)} alt="" loading="lazy" />
                ) : null}
                <CardTitle>{event.title}</CardTitle>
                <time dateTime={event.event_date} style={{ color: theme.colors.accent }}>
                  {shortEventDate(event.event_date)}
                </time>
                {event.description ? <Muted>{event.description}</Muted> : null}
              </Stack>
            </Card>
          ))}
        </Grid>
      )}
      <div style={{ marginTop: 16 }}>
        <ButtonLink as={Link} to="/events" $variant="ghost">
          View All Events
        </ButtonLink>
      </div>
    </section>
  );
}
