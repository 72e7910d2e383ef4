import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import {
  ButtonLink,
  Card,
  Heading,
  Muted,
  Row,
  Stack,
  theme,
  venue,
  venueAddressLine,
} from '@bistro/ui';
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

const [mailbox, domain] = venue.email.split('@');

/**
 * The venue's e-mail address, allowed to break after the @ (and, on the
 * narrowest phones, anywhere) instead of running out of its button or card.
 */
function EmailAddress() {
  return (
    <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      {mailbox}@<wbr />
      {domain}
    </span>
  );
}

const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(venueAddressLine)}`;

/** Contact (/contact): address with open-in-maps, phone and e-mail links, hours, private events. */
export function ContactPage() {
  return (
    <GuestPage route="/contact">
      <Heading>Contact Us</Heading>
      <Muted>We'd love to hear from you. Reach us any of these ways.</Muted>
      <Grid>
        <Card>
          <Stack $gap={3}>
            <Row $gap={2}>
              <MapPin aria-hidden color={theme.colors.accent} />
              <CardTitle style={{ margin: 0 }}>Address</CardTitle>
            </Row>
            <address style={{ fontStyle: 'normal' }}>
              {venue.name}
              <br />
              {venue.address.street}
              <br />
              {venue.address.city}, {venue.address.region} {venue.address.postalCode}
            </address>
            <ButtonLink href={mapsUrl} target="_blank" rel="noopener noreferrer" $variant="ghost">
              Open in Maps
            </ButtonLink>
          </Stack>
        </Card>
        <Card>
          <Stack $gap={3}>
            <Row $gap={2}>
              <Phone aria-hidden color={theme.colors.accent} />
              <CardTitle style={{ margin: 0 }}>Phone &amp; Email</CardTitle>
            </Row>
            <ButtonLink href={venue.phoneHref} $variant="accent">
              <Phone aria-hidden size={18} /> {venue.phone}
            </ButtonLink>
            <ButtonLink href={`mailto:${venue.email}`} $variant="ghost">
              <Mail aria-hidden size={18} style={{ flex: 'none' }} /> <EmailAddress />
            </ButtonLink>
          </Stack>
        </Card>
        <Card>
          <Row $gap={2}>
            <Clock aria-hidden color={theme.colors.accent} />
            <CardTitle style={{ margin: 0 }}>Hours</CardTitle>
          </Row>
          <Muted style={{ marginTop: 8 }}>Open daily 11AM to 1AM</Muted>
          <Muted>Kitchen until midnight. Lounge 21+ after 9PM.</Muted>
        </Card>
      </Grid>
      <Card as="section" aria-labelledby="private-events-title" style={{ marginTop: 24 }}>
        <CardTitle id="private-events-title">Private Events</CardTitle>
        <ul style={{ margin: 0, paddingLeft: 20, lineHeight: 1.9 }}>
          {privateEventServices.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        <Muted style={{ marginTop: 12 }}>
          Call {venue.phone} or email <EmailAddress /> to start planning.
        </Muted>
      </Card>
    </GuestPage>
  );
}
