import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
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
  Stack,
  media,
  theme,
  toast,
} from '@bistro/ui';
import { RequireMember, useAuthStore } from '@bistro/auth';
import {
  NAME_MAX_LENGTH,
  businessDate,
  profileUpdateFailed,
  profileUpdated,
  useProfile,
  useProfileUpsertMutation,
} from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { CardTitle } from '../shared/styles';
import { useMember } from '../shared/use-member';
import { MyBookings } from './my-bookings';
import { AuthenticatorCard } from './authenticator-card';
import { MyReservations } from './my-reservations';

const Hint = styled(Muted)`
  font-size: 0.85rem;
  margin: 0;
`;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday: string;
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

function ProfileForm({ userId }: { userId: string }) {
  const { email: authEmail } = useMember();
  const profile = useProfile(userId);
  const { register, handleSubmit, reset } = useForm<Values>({
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', birthday: '' },
  });
  useEffect(() => {
    if (profile.isSuccess) {
      reset({
        firstName: profile.data?.first_name ?? '',
        lastName: profile.data?.last_name ?? '',
        email: profile.data?.email ?? authEmail ?? '',
        phone: profile.data?.phone ?? '',
        birthday: '',
      });
    }
  }, [profile.isSuccess, profile.data, authEmail, reset]);
  const save = useProfileUpsertMutation({
    onSuccess: () => toast(profileUpdated),
    onError: (error) => toast(profileUpdateFailed(error)),
  });

  const savedBirthday = profile.data?.birthday ?? null;

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
      <CardTitle as="h2" id="profile-form-title">
        Your Details
      </CardTitle>
      <form
        aria-label="Profile"
        onSubmit={handleSubmit((v) =>
          save.mutate({ userId, ...v, birthday: savedBirthday ? null : v.birthday || null }),
        )}
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
        <Field>
          <Label htmlFor="profile-birthday">Birthday</Label>
          {savedBirthday ? (
            <>
              <Input
                id="profile-birthday"
                type="date"
                value={savedBirthday}
                readOnly
                aria-describedby="profile-birthday-hint"
              />
              <Hint id="profile-birthday-hint">Set once. To correct it, ask the venue.</Hint>
            </>
          ) : (
            <>
              <Input
                id="profile-birthday"
                type="date"
                autoComplete="bday"
                min="1900-01-01"
                max={businessDate()}
                aria-describedby="profile-birthday-hint"
                {...register('birthday')}
              />
              <Hint id="profile-birthday-hint">
                Optional, for your birthday treat. It can be set once.
              </Hint>
            </>
          )}
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Profile'}
        </Button>
      </form>
    </Card>
  );
}

function Profile() {
  const { userId } = useMember();
  const isAdmin = useAuthStore((s) => s.isAdmin);
  if (!userId) return null;
  return (
    <GuestPage route="/profile">
      <Heading>My Profile</Heading>
      <Columns>
        <Stack $gap={4}>
          <ProfileForm userId={userId} />
          {isAdmin ? <AuthenticatorCard /> : null}
          <Card>
            <CardTitle as="h2">Your data</CardTitle>
            <Muted>
              Export or delete your data and read how we protect it in our{' '}
              <Link to="/privacy">Privacy Policy</Link>.
            </Muted>
          </Card>
        </Stack>
        <Stack $gap={8}>
          <MyBookings userId={userId} />
          <MyReservations userId={userId} />
        </Stack>
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
