import { Link } from 'react-router-dom';
import { Clock, Mail, MapPin, Phone, Shirt } from 'lucide-react';
import {
  ButtonLink,
  Card,
  ErrorState,
  Heading,
  LoadingState,
  Muted,
  Row,
  Stack,
  theme,
} from '@bistro/ui';
import {
  formatException,
  upcomingExceptions,
  useVenue,
  venueToday,
  weekRows,
  type Venue,
} from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { CardTitle, Grid } from '../shared/styles';

export const privateEventServices = [
  'Birthday and anniversary celebrations',
  'Corporate events and team nights',
  'Full venue buyouts',
  'Reserved VIP lounge sections with bottle service',
  'Custom menus and open bar packages',
  'Private DJ sets and live music',
] as const;

/** The days ahead in which a date with other hours is announced on the contact page. */
export const CONTACT_EXCEPTION_DAYS = 60;

/**
 * An e-mail address, allowed to break after the @ (and, on the narrowest
 * phones, anywhere) instead of running out of its button or card.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}

/**
 * Contact (/contact): address with open-in-maps, phone and e-mail links, hours
 * per weekday and the dates with other hours, dress code and age policy, and
 * the private events services. Everything about the venue comes from its record.
 */
export function ContactPage() {
  const venue = useVenue();
  return (
    <GuestPage route="/contact">
      <Heading>Contact Us</Heading>
      <Muted>We'd love to hear from you. Reach us any of these ways.</Muted>
      {venue.isPending ? (
        <div style={{ minHeight: '60vh' }}>
          <LoadingState label="Loading…" />
        </div>
      ) : venue.isError ? (
        <ErrorState
          title="Could not load our details"
          message="Please check your connection and try again."
          onRetry={() => void venue.refetch()}
        />
      ) : (
        <VenueDetails venue={venue.data} />
      )}
    </GuestPage>
  );
}

function VenueDetails({ venue }: { venue: Venue }) {
  const exceptions = upcomingExceptions(venue.exceptions, venueToday(), CONTACT_EXCEPTION_DAYS);
  return (
    <>
      <Grid>
        <Card>
          <Stack $gap={3}>
            <Row $gap={2}>
              <MapPin aria-hidden color={theme.colors.accent} />
              <CardTitle as="h2" style={{ margin: 0 }}>
                Address
              </CardTitle>
            </Row>
            <address style={{ fontStyle: 'normal' }}>
              {venue.name}
              <br />
              {venue.address.street}
              <br />
              {venue.address.city}, {venue.address.region} {venue.address.postalCode}
            </address>
            <ButtonLink
              href={venue.mapsUrl}
              target="_blank"
              rel="noopener noreferrer"
              $variant="ghost"
            >
              Open in Maps
            </ButtonLink>
          </Stack>
        </Card>
        <Card>
          <Stack $gap={3}>
            <Row $gap={2}>
              <Phone aria-hidden color={theme.colors.accent} />
              <CardTitle as="h2" style={{ margin: 0 }}>
                Phone &amp; Email
              </CardTitle>
            </Row>
            <ButtonLink href={venue.phoneHref} $variant="accent">
              <Phone aria-hidden size={18} /> {venue.phone}
            </ButtonLink>
            <ButtonLink href={`mailto:${venue.email}`} $variant="ghost">
              <Mail aria-hidden size={18} style={{ flex: 'none' }} />{' '}
              <EmailAddress email={venue.email} />
            </ButtonLink>
          </Stack>
        </Card>
        <Card as="section" aria-labelledby="hours-title">
          <Row $gap={2}>
            <Clock aria-hidden color={theme.colors.accent} />
            <CardTitle as="h2" id="hours-title" style={{ margin: 0 }}>
              Hours
            </CardTitle>
          </Row>
          <Muted style={{ marginTop: 8 }}>Open {venue.hoursSummary}</Muted>
          <dl
            style={{
              margin: '8px 0 0',
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              gap: '2px 12px',
            }}
          >
            {weekRows(venue.hours).map((row) => (
              <div key={row.day} style={{ display: 'contents' }}>
                <dt>{row.day}</dt>
                <dd style={{ margin: 0 }}>{row.hours}</dd>
              </div>
            ))}
          </dl>
          {venue.hoursNote ? <Muted style={{ marginTop: 8 }}>{venue.hoursNote}</Muted> : null}
          {exceptions.length ? (
            <>
              <strong style={{ display: 'block', marginTop: 12 }}>Special hours</strong>
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {exceptions.map((e) => (
                  <li key={e.id}>{formatException(e)}</li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
        <Card as="section" aria-labelledby="policies-title">
          <Row $gap={2}>
            <Shirt aria-hidden color={theme.colors.accent} />
            <CardTitle as="h2" id="policies-title" style={{ margin: 0 }}>
              Dress Code &amp; Age
            </CardTitle>
          </Row>
          {venue.dressCode ? <Muted style={{ marginTop: 8 }}>{venue.dressCode}</Muted> : null}
          <Muted style={{ marginTop: 8 }}>{venue.agePolicy}</Muted>
          {venue.coverChargeNote ? (
            <Muted style={{ marginTop: 8 }}>{venue.coverChargeNote}</Muted>
          ) : null}
        </Card>
      </Grid>
      <Card as="section" aria-labelledby="private-events-title" style={{ marginTop: 24 }}>
        <CardTitle as="h2" id="private-events-title">
          Private Events
        </CardTitle>
        <ul style={{ margin: 0, paddingLeft: 20, lineHeight: 1.9 }}>
          {privateEventServices.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        <Muted style={{ marginTop: 12 }}>
          Call {venue.phone} or email <EmailAddress email={venue.email} /> to start planning.
        </Muted>
      </Card>
      <Card as="section" aria-labelledby="contact-reserve-title" style={{ marginTop: 24 }}>
        <CardTitle as="h2" id="contact-reserve-title">
          Dinner Reservations
        </CardTitle>
        <Muted>Book a table online and get your confirmation at once.</Muted>
        <Link to="/reserve">Reserve a table</Link>
      </Card>
      {venue.socialLinks.length ? (
        <Card as="section" aria-labelledby="social-title" style={{ marginTop: 24 }}>
          <CardTitle as="h2" id="social-title">
            Follow Us
          </CardTitle>
          <Row $gap={4} style={{ flexWrap: 'wrap' }}>
            {venue.socialLinks.map((link) => (
              <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ))}
          </Row>
        </Card>
      ) : null}
    </>
  );
}
