import styled from 'styled-components';
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
import { CardHeading, CardTitle, Grid, InfoLine } from '../shared/styles';

const EmailText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const VenueLoading = styled.div`
  min-height: 60vh;
`;

const Address = styled.address`
  font-style: normal;
`;

const MailIcon = styled(Mail)`
  flex: none;
`;

const HoursList = styled.dl`
  margin: 8px 0 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 12px;
`;

const HoursRow = styled.div`
  display: contents;
`;

const DayHours = styled.dd`
  margin: 0;
`;

const SpecialHoursTitle = styled.strong`
  display: block;
  margin-top: 12px;
`;

const SpecialHoursList = styled.ul`
  margin: 4px 0 0;
  padding-left: 20px;
`;

const SectionCard = styled(Card)`
  margin-top: 24px;
`;

const ServiceList = styled.ul`
  margin: 0;
  padding-left: 20px;
  line-height: 1.9;
`;

const PlanningNote = styled(Muted)`
  margin-top: 12px;
`;

const SocialLinks = styled(Row)`
  flex-wrap: wrap;
`;

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
    <EmailText>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </EmailText>
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
        <VenueLoading>
          <LoadingState label="Loading…" />
        </VenueLoading>
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
              <CardHeading as="h2">Address</CardHeading>
            </Row>
            <Address elementtiming="contact-address">
              {venue.name}
              <br />
              {venue.address.street}
              <br />
              {venue.address.city}, {venue.address.region} {venue.address.postalCode}
            </Address>
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
              <CardHeading as="h2">Phone &amp; Email</CardHeading>
            </Row>
            <ButtonLink href={venue.phoneHref} $variant="accent">
              <Phone aria-hidden size={18} /> {venue.phone}
            </ButtonLink>
            <ButtonLink href={`mailto:${venue.email}`} $variant="ghost">
              <MailIcon aria-hidden size={18} /> <EmailAddress email={venue.email} />
            </ButtonLink>
          </Stack>
        </Card>
        <Card as="section" aria-labelledby="hours-title">
          <Row $gap={2}>
            <Clock aria-hidden color={theme.colors.accent} />
            <CardHeading as="h2" id="hours-title">
              Hours
            </CardHeading>
          </Row>
          <InfoLine>Open {venue.hoursSummary}</InfoLine>
          <HoursList>
            {weekRows(venue.hours).map((row) => (
              <HoursRow key={row.day}>
                <dt>{row.day}</dt>
                <DayHours>{row.hours}</DayHours>
              </HoursRow>
            ))}
          </HoursList>
          {venue.hoursNote ? <InfoLine>{venue.hoursNote}</InfoLine> : null}
          {exceptions.length ? (
            <>
              <SpecialHoursTitle>Special hours</SpecialHoursTitle>
              <SpecialHoursList>
                {exceptions.map((e) => (
                  <li key={e.id}>{formatException(e)}</li>
                ))}
              </SpecialHoursList>
            </>
          ) : null}
        </Card>
        <Card as="section" aria-labelledby="policies-title">
          <Row $gap={2}>
            <Shirt aria-hidden color={theme.colors.accent} />
            <CardHeading as="h2" id="policies-title">
              Dress Code &amp; Age
            </CardHeading>
          </Row>
          {venue.dressCode ? <InfoLine>{venue.dressCode}</InfoLine> : null}
          <InfoLine>{venue.agePolicy}</InfoLine>
          {venue.coverChargeNote ? <InfoLine>{venue.coverChargeNote}</InfoLine> : null}
        </Card>
      </Grid>
      <SectionCard as="section" aria-labelledby="private-events-title">
        <CardTitle as="h2" id="private-events-title">
          Private Events
        </CardTitle>
        <ServiceList>
          {privateEventServices.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ServiceList>
        <PlanningNote>
          Call {venue.phone} or email <EmailAddress email={venue.email} /> to start planning.
        </PlanningNote>
      </SectionCard>
      <SectionCard as="section" aria-labelledby="contact-reserve-title">
        <CardTitle as="h2" id="contact-reserve-title">
          Dinner Reservations
        </CardTitle>
        <Muted>Book a table online and get your confirmation at once.</Muted>
        <Link to="/reserve">Reserve a table</Link>
      </SectionCard>
      {venue.socialLinks.length ? (
        <SectionCard as="section" aria-labelledby="social-title">
          <CardTitle as="h2" id="social-title">
            Follow Us
          </CardTitle>
          <SocialLinks $gap={4}>
            {venue.socialLinks.map((link) => (
              <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ))}
          </SocialLinks>
        </SectionCard>
      ) : null}
    </>
  );
}
