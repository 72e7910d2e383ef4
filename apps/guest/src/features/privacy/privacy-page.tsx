import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Heading, Muted, theme } from '@bistro/ui';
import { useVenue } from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { useMember } from '../shared/use-member';
import { DataControls } from './data-controls';

const SignInCard = styled(Card)`
  margin-top: 24px;
`;

const SignInNote = styled(Muted)`
  margin: 0;
`;

export const PRIVACY_EFFECTIVE_DATE = 'August 15, 2025';

const Prose = styled.article`
  max-width: 760px;
  h2 {
    font-size: 1.2rem;
    margin: ${theme.space(8)} 0 ${theme.space(2)};
  }
  p,
  li {
    color: ${theme.colors.textMuted};
    line-height: 1.7;
  }
`;

const Effective = () => (
  <Muted>
    Effective date: <strong>{PRIVACY_EFFECTIVE_DATE}</strong>
  </Muted>
);

/** /privacy: the full policy, with export and delete controls for signed-in members. */
export function PrivacyPage() {
  const { signedIn, userId } = useMember();
  const { data: venue } = useVenue();
  return (
    <GuestPage route="/privacy">
      <Prose>
        <Heading>Privacy Policy</Heading>
        <Effective />
        <p elementtiming="privacy-text">
          {venue?.name ?? 'The venue'} ("we", "us") runs this web app so guests can browse events,
          book them, redeem member offers, share photos, request songs and play games. This policy
          explains what we collect, why, and the choices you have.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            Account details: your email address, password (stored only as a secure hash), first and
            last name.
          </li>
          <li>Profile details you choose to add: phone number and birthday.</li>
          <li>
            Event bookings: name, email, phone, number of guests, special requests and an optional
            image.
          </li>
          <li>Offer redemptions, photos you upload, song requests, votes and DJ ratings.</li>
          <li>
            App events (an offer redeemed, a photo uploaded, a booking created) to improve our
            service.
          </li>
        </ul>

        <h2>How we use it</h2>
        <p>
          To run your account, confirm bookings, show the offers you qualify for (including
          birthday-week and VIP offers), moderate the photo wall and send you service e-mails such
          as sign-up confirmation, password reset and booking updates. We do not sell your data.
        </p>

        <h2>Who can see your data</h2>
        <p>
          Access is enforced in our database with row-level security. There are two roles: the user
          role, which every member holds and which can read and change only their own profile,
          bookings, redemptions and photos; and the admin role, held by venue staff, who moderate
          events, bookings and photos and manage accounts. Photos and events are shown to others
          only after an admin approves them.
        </p>

        <h2>Your rights</h2>
        <p>
          You can update your details on your <Link to="/profile">profile</Link>, download a copy of
          your data as a JSON file, and delete your account data at any time below.
        </p>

        <h2>Retention and security</h2>
        <p>
          We keep your data while your account is active. Data travels over encrypted connections
          and sessions expire and refresh automatically; signing out ends your session on every
          device.
        </p>

        <h2>Contact</h2>
        <p>
          {venue ? (
            <>
              Questions? Call {venue.phone} or email{' '}
              <a href={`mailto:${venue.email}`}>{venue.email}</a>.
            </>
          ) : (
            <>
              Questions? Our phone and e-mail are on the <Link to="/contact">Contact</Link> page.
            </>
          )}
        </p>
      </Prose>
      {signedIn && userId ? (
        <DataControls userId={userId} />
      ) : (
        <SignInCard>
          <SignInNote>
            <Link to="/auth">Sign in</Link> to export or delete your data.
          </SignInNote>
        </SignInCard>
      )}
    </GuestPage>
  );
}

/** /privacy-policy: the short version of the policy. */
export function PrivacyPolicySummaryPage() {
  const { data: venue } = useVenue();
  return (
    <GuestPage route="/privacy-policy">
      <Prose>
        <Heading>Privacy Policy (Summary)</Heading>
        <Effective />
        <p>The short version of how {venue?.name ?? 'we'} handle your information:</p>
        <ul>
          <li>We collect what you give us to run your account, bookings, offers and photos.</li>
          <li>We never sell your personal information.</li>
          <li>
            Row-level security in our database means members (user role) see and change only their
            own data; venue staff (admin role) moderate events, bookings and photos.
          </li>
          <li>Uploaded photos appear publicly only after an admin approves them.</li>
          <li>You can export or delete your data at any time.</li>
        </ul>
        <p>
          Read the <Link to="/privacy">full privacy policy</Link>, where signed-in members can also
          export or delete their data.
        </p>
      </Prose>
    </GuestPage>
  );
}
