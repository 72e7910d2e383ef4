import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MessageSquare } from 'lucide-react';
import {
  Button,
  Card,
  ErrorState,
  Field,
  Heading,
  Input,
  Label,
  LoadingState,
  Muted,
  Row,
  Stack,
  media,
  theme,
  toast,
  Badge,
} from '@bistro/ui';
import { RequireMember } from '@bistro/auth';
import {
  NAME_MAX_LENGTH,
  profileUpdateFailed,
  profileUpdated,
  useProfile,
  useRecentBookings,
  useProfileUpsertMutation,
} from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { longEventDate, shortDate } from '../shared/format-date';
import { CardTitle, SectionTitle } from '../shared/styles';
import { useMember } from '../shared/use-member';
import { bookingStatus } from './booking-status';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const Columns = styled.div`
  display: grid;
  gap: ${theme.space(6)};
  ${media.lg} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

const TwoUp = styled.div`
  display: grid;
  gap: 0 ${theme.space(3)};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const StaffNote = styled.div`
  display: flex;
  gap: ${theme.space(2)};
  margin-top: ${theme.space(2)};
  padding: ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  border-left: 3px solid ${theme.colors.primary};
  background: ${theme.colors.surfaceRaised};
`;

function ProfileForm({ userId }: { userId: string }) {
  const { email: authEmail } = useMember();
  const profile = useProfile(userId);
  const { register, handleSubmit, reset } = useForm<Values>({
    defaultValues: { firstName: '', lastName: '', email: '', phone: '' },
  });
  useEffect(() => {
    if (profile.isSuccess) {
      reset({
        firstName: profile.data?.first_name ?? '',
        lastName: profile.data?.last_name ?? '',
        email: profile.data?.email ?? authEmail ?? '',
        phone: profile.data?.phone ?? '',
      });
    }
  }, [profile.isSuccess, profile.data, authEmail, reset]);
  const save = useProfileUpsertMutation({
    onSuccess: () => toast(profileUpdated),
    onError: (error) => toast(profileUpdateFailed(error)),
  });

  if (profile.isPending) return <LoadingState label="Loading your profile…" />;
  if (profile.isError)
    return (
      <ErrorState
        title="Could not load your profile"
        message="Please try again."
        onRetry={() => void profile.refetch()}
      />
    );

  return (
    <Card as="section" aria-labelledby="profile-form-title">
      <CardTitle id="profile-form-title">Your Details</CardTitle>
      <form
        aria-label="Profile"
        onSubmit={handleSubmit((v) => save.mutate({ userId, ...v }))}
        noValidate
      >
        <TwoUp>
          <Field>
            <Label htmlFor="profile-first-name">First name</Label>
            <Input
              id="profile-first-name"
              autoComplete="given-name"
              maxLength={NAME_MAX_LENGTH}
              {...register('firstName')}
            />
          </Field>
          <Field>
            <Label htmlFor="profile-last-name">Last name</Label>
            <Input
              id="profile-last-name"
              autoComplete="family-name"
              maxLength={NAME_MAX_LENGTH}
              {...register('lastName')}
            />
          </Field>
        </TwoUp>
        <Field>
          <Label htmlFor="profile-email">Email</Label>
          <Input id="profile-email" type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field>
          <Label htmlFor="profile-phone">Phone</Label>
          <Input id="profile-phone" type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Profile'}
        </Button>
      </form>
    </Card>
  );
}

function RecentBookings({ userId }: { userId: string }) {
  const bookings = useRecentBookings(userId);
  return (
    <section aria-labelledby="recent-bookings-title">
      <SectionTitle id="recent-bookings-title" style={{ marginTop: 0 }}>
        Recent Bookings
      </SectionTitle>
      {bookings.isPending ? (
        <LoadingState label="Loading your bookings…" />
      ) : bookings.isError ? (
        <ErrorState
          title="Could not load your bookings"
          message="Please try again."
          onRetry={() => void bookings.refetch()}
        />
      ) : bookings.data.length === 0 ? (
        <Card>
          <Muted>No bookings yet.</Muted>
          <Link to="/events">Browse upcoming events</Link>
        </Card>
      ) : (
        <Stack as="ul" $gap={3} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {bookings.data.map((b) => {
            const status = bookingStatus(b.status);
            return (
              <Card as="li" key={b.id} aria-label={b.event_title ?? 'Booking'}>
                <Row style={{ justifyContent: 'space-between' }}>
                  <strong>{b.event_title ?? 'Event booking'}</strong>
                  <Badge $solid $tone={status.tone}>
                    {status.label}
                  </Badge>
                </Row>
                <Muted style={{ margin: '4px 0 0' }}>
                  {b.event_date ? longEventDate(b.event_date) : 'Date to be confirmed'} ·{' '}
                  {b.number_of_guests} {b.number_of_guests === 1 ? 'guest' : 'guests'}
                </Muted>
                <Muted style={{ fontSize: '0.85rem', margin: 0 }}>
                  Booked {shortDate(b.created_at)}
                </Muted>
                {b.admin_notes ? (
                  <StaffNote>
                    <MessageSquare aria-hidden size={18} color={theme.colors.primary} />
                    <div>
                      <strong style={{ fontSize: '0.85rem' }}>Message from our staff</strong>
                      <div>{b.admin_notes}</div>
                    </div>
                  </StaffNote>
                ) : null}
              </Card>
            );
          })}
        </Stack>
      )}
    </section>
  );
}

function Profile() {
  const { userId } = useMember();
  if (!userId) return null;
  return (
    <GuestPage route="/profile">
      <Heading>My Profile</Heading>
      <Columns>
        <Stack $gap={4}>
          <ProfileForm userId={userId} />
          <Card>
            <CardTitle>Your data</CardTitle>
            <Muted>
              Export or delete your data and read how we protect it in our{' '}
              <Link to="/privacy">Privacy Policy</Link>.
            </Muted>
          </Card>
        </Stack>
        <RecentBookings userId={userId} />
      </Columns>
    </GuestPage>
  );
}

/** Profile (/profile): members only (visitors go to /auth). */
export function ProfilePage() {
  return (
    <RequireMember loadingLabel="Loading your profile…">
      <Profile />
    </RequireMember>
  );
}
