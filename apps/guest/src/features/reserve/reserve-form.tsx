import { startTransition, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { BellRing, CalendarDays, Users } from 'lucide-react';
import {
  Button,
  Card,
  ErrorState,
  Field,
  Input,
  Label,
  LoadingState,
  media,
  Muted,
  Row,
  Select,
  Stack,
  Textarea,
  theme,
  toast,
} from '@bistro/ui';
import { authRedirectState } from '@bistro/auth';
import {
  errorMessage,
  nearestAlternatives,
  useBookReservation,
  useJoinReservationWaitlist,
  useProfile,
  useProfileUpsertMutation,
  useReservationAvailability,
  useReservationRules,
  useReservationOccasions,
  type Reservation,
} from '@bistro/data';
import { useMember } from '../shared/use-member';
import { CardTitle } from '../shared/styles';
import {
  DEFAULT_PARTY,
  choicePath,
  dateRange,
  dayLabel,
  findSlot,
  guestsLabel,
  loadExtras,
  readChoice,
  saveExtras,
  slotLabel,
  slotTime,
  type ReserveChoice,
} from './reserve-choice';
import { SlotPicker } from './slot-picker';
import { ReservationResult } from './reservation-result';

const ChoiceField = styled(Field)`
  margin-bottom: 0;
`;

const Alternatives = styled(Row)`
  margin-bottom: 12px;
`;

const SignInNote = styled(Muted)`
  margin: 0;
`;

const Choices = styled.div`
  display: grid;
  gap: ${theme.space(4)};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Alert = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-weight: 600;
`;

const WaitlistAlert = styled(Alert)`
  margin-top: 12px;
`;

const ConfirmAlert = styled(Alert)`
  margin-bottom: 12px;
`;

/**
 * The guest's booking: party size, date and the night's times at once; a
 * free time is confirmed in one tap by a member (name and phone from the
 * profile), a full one offers the nearest free times and the waitlist. The
 * choice lives in the address, so a visitor sent to sign in comes back to it.
 */
export function ReserveForm() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const rules = useReservationRules().data;
  const partyMax = rules?.partyMax ?? 12;
  const partyMin = rules?.partyMin ?? 1;
  const range = useMemo(() => dateRange(rules?.daysAhead ?? 60), [rules?.daysAhead]);
  const chosen = readChoice(params);
  const party = chosen.party ?? DEFAULT_PARTY;
  const tooLarge = party > partyMax;
  const date =
    chosen.date && chosen.date >= range.min && chosen.date <= range.max ? chosen.date : range.min;
  const { status, signedIn, userId } = useMember();
  const slots = useReservationAvailability(tooLarge ? null : date, party);
  // Tonight's times that have passed are not offered at all (the database says no to them).
  const upcoming = useMemo(
    () => slots.data?.filter((s) => Date.parse(s.startsAt) > Date.now()),
    [slots.data],
  );
  const slot = findSlot(upcoming, chosen.time);
  const [extras, setExtras] = useState(loadExtras);
  const [booked, setBooked] = useState<Reservation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);

  const update = useCallback(
    (next: Partial<ReserveChoice>) => {
      setFailure(null);
      setWaiting(null);
      const merged = { party, date, time: chosen.time, ...next };
      setParams(new URLSearchParams(choicePath(merged).split('?')[1] ?? ''), { replace: true });
    },
    [party, date, chosen.time, setParams],
  );
  // Stable while the choice stands: confirming (the button's "Reserving…") leaves the times alone.
  const selectTime = useCallback((time: string) => update({ time }), [update]);

  useEffect(() => saveExtras(extras), [extras]);

  const here = choicePath({ party, date, time: slot ? slotTime(slot.startsAt) : chosen.time });
  const toSignIn = () => navigate('/auth', { state: authRedirectState(here) });

  const onBooked = useCallback((reservation: Reservation) => {
    setBooked(reservation);
    setExtras({ occasion: '', requests: '' });
  }, []);
  const waitlist = useJoinReservationWaitlist({
    onSuccess() {
      if (slot) setWaiting(slot.startsAt);
    },
    onError(error) {
      const message = errorMessage(error) ?? 'Please try again.';
      setFailure(message);
      toast({ title: 'Could not join the waitlist', description: message, variant: 'destructive' });
    },
  });

  if (booked) {
    return <ReservationResult reservation={booked} onDismiss={() => setBooked(null)} />;
  }

  const alternatives =
    slot && !slot.available ? nearestAlternatives(upcoming ?? [], slot.startsAt) : null;

  return (
    <Stack $gap={5}>
      <Card as="section" aria-labelledby="reserve-choice-title">
        <CardTitle as="h2" id="reserve-choice-title">
          Your table
        </CardTitle>
        <Choices>
          <ChoiceField>
            <Label htmlFor="reserve-party">
              <Users aria-hidden size={16} /> Party size
            </Label>
            <Select
              id="reserve-party"
              value={tooLarge ? 'more' : String(party)}
              onChange={(e) =>
                update({
                  party: e.target.value === 'more' ? partyMax + 1 : Number(e.target.value),
                })
              }
            >
              {Array.from({ length: partyMax - partyMin + 1 }, (_, i) => partyMin + i).map((n) => (
                <option key={n} value={n}>
                  {guestsLabel(n)}
                </option>
              ))}
              <option value="more">More than {partyMax} guests</option>
            </Select>
          </ChoiceField>
          <ChoiceField>
            <Label htmlFor="reserve-date">
              <CalendarDays aria-hidden size={16} /> Date
            </Label>
            <Input
              id="reserve-date"
              type="date"
              min={range.min}
              max={range.max}
              value={date}
              required
              onChange={(e) => {
                const value = e.target.value;
                if (value >= range.min && value <= range.max) update({ date: value });
              }}
            />
          </ChoiceField>
        </Choices>
      </Card>

      {tooLarge ? (
        <Card role="status">
          <CardTitle as="h2">A party of more than {partyMax}?</CardTitle>
          <Muted>
            Larger groups are planned with our events team so the night runs smoothly: a private
            area, a set menu and one check.
          </Muted>
          <Link to="/contact#private-events-title">Send a private event request</Link>
        </Card>
      ) : (
        <Card as="section" aria-labelledby="reserve-times-title">
          <CardTitle as="h2" id="reserve-times-title">
            Times on {dayLabel(date)}
          </CardTitle>
          {slots.isPending ? (
            <LoadingState label="Finding free tables…" />
          ) : slots.isError ? (
            <ErrorState
              title="Could not load the free times"
              message={errorMessage(slots.error) ?? 'Please check your connection and try again.'}
              onRetry={() => void slots.refetch()}
            />
          ) : slots.data.length === 0 ? (
            // the day's answer is the page's content when it has no times (the bench's mark)
            <Muted role="status" elementtiming="reserve-times">
              We take no reservations that day (we may be closed). Please pick another date.
            </Muted>
          ) : !upcoming?.length ? (
            <Muted role="status" elementtiming="reserve-times">
              The last seating of the day has passed. Please pick another date.
            </Muted>
          ) : (
            <>
              {upcoming.every((s) => !s.available) ? (
                <Muted role="status">
                  Every table is taken that day for {guestsLabel(party)}. Pick a time to join its
                  waitlist, or try another date.
                </Muted>
              ) : null}
              <SlotPicker
                slots={upcoming}
                selected={slot ? slotTime(slot.startsAt) : null}
                onSelect={selectTime}
              />
            </>
          )}
        </Card>
      )}

      {!tooLarge && slot && !slot.available ? (
        <Card as="section" aria-labelledby="reserve-full-title" role="region">
          <CardTitle as="h2" id="reserve-full-title">
            {slotLabel(slot.startsAt)} is fully booked
          </CardTitle>
          {alternatives?.before || alternatives?.after ? (
            <>
              <Muted>The nearest free times that night:</Muted>
              <Alternatives $gap={2}>
                {[alternatives.before, alternatives.after].map((alt) =>
                  alt ? (
                    <Button
                      key={alt.startsAt}
                      type="button"
                      $variant="ghost"
                      onClick={() => update({ time: slotTime(alt.startsAt) })}
                    >
                      {slotLabel(alt.startsAt)}
                    </Button>
                  ) : null,
                )}
              </Alternatives>
            </>
          ) : (
            <Muted>No other time is free that night.</Muted>
          )}
          {waiting === slot.startsAt ? (
            <Muted role="status">
              You&apos;re on the waitlist for {slotLabel(slot.startsAt)}. We&apos;ll e-mail you if a
              table opens.
            </Muted>
          ) : (
            <Button
              type="button"
              $variant="accent"
              disabled={status === 'loading' || waitlist.isPending}
              onClick={() =>
                signedIn
                  ? waitlist.mutate({ startsAt: slot.startsAt, partySize: party })
                  : toSignIn()
              }
            >
              <BellRing aria-hidden size={18} /> Notify me if a table opens
            </Button>
          )}
          {failure ? <WaitlistAlert role="alert">{failure}</WaitlistAlert> : null}
        </Card>
      ) : null}

      {!tooLarge && slot?.available ? (
        <ConfirmCard
          key={`${slot.startsAt}-${party}`}
          when={`${dayLabel(date)} at ${slotLabel(slot.startsAt)}`}
          party={party}
          extras={extras}
          onExtras={setExtras}
          signedIn={signedIn}
          loading={status === 'loading'}
          userId={userId}
          startsAt={slot.startsAt}
          failure={failure}
          onFailure={setFailure}
          onSignIn={toSignIn}
          onBooked={onBooked}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The free time's confirmation. It holds the booking itself: confirming redraws this card
 * ("Reserving…"), not the whole form, and "You're booked" replaces the form in the background
 * (a transition), so the tap's frame is painted first.
 */
function ConfirmCard({
  when,
  party,
  extras,
  onExtras,
  signedIn,
  loading,
  userId,
  startsAt,
  failure,
  onFailure,
  onSignIn,
  onBooked,
}: {
  when: string;
  party: number;
  extras: { occasion: string; requests: string };
  onExtras: (extras: { occasion: string; requests: string }) => void;
  signedIn: boolean;
  loading: boolean;
  userId: string | undefined;
  startsAt: string;
  failure: string | null;
  onFailure: (message: string | null) => void;
  onSignIn: () => void;
  onBooked: (reservation: Reservation) => void;
}) {
  const book = useBookReservation({
    onSuccess(reservation) {
      startTransition(() => onBooked(reservation));
    },
    onError(error) {
      const message = errorMessage(error) ?? 'Please try again.';
      onFailure(message);
      toast({ title: 'Could not reserve the table', description: message, variant: 'destructive' });
    },
  });
  const busy = book.isPending;
  const profile = useProfile(signedIn ? userId : undefined);
  // the venue's own list; a guest's earlier pick stays offered if the venue dropped it since
  const venueOccasions = useReservationOccasions().data ?? [];
  const occasions =
    extras.occasion && !venueOccasions.includes(extras.occasion)
      ? [...venueOccasions, extras.occasion]
      : venueOccasions;
  const saveProfile = useProfileUpsertMutation();
  const p = profile.data;
  const [name, setName] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const savedName = [p?.first_name, p?.last_name].filter(Boolean).join(' ');
  const nameValue = name ?? savedName;
  const phoneValue = phone ?? p?.phone ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!signedIn) {
      onSignIn();
      return;
    }
    // The table is booked under the profile's name and phone: a change here is saved there first.
    const changed =
      nameValue.trim() !== savedName.trim() || phoneValue.trim() !== (p?.phone ?? '').trim();
    if (changed && userId) {
      const [first = '', ...rest] = nameValue.trim().split(/\s+/);
      try {
        await saveProfile.mutateAsync({
          userId,
          firstName: first,
          lastName: rest.join(' '),
          email: p?.email ?? '',
          phone: phoneValue,
        });
      } catch (error) {
        toast({
          title: 'Could not save your details',
          description: errorMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
        return;
      }
    }
    onFailure(null);
    book.mutate({
      startsAt,
      partySize: party,
      occasion: extras.occasion,
      specialRequests: extras.requests,
    });
  };

  return (
    <Card
      as="form"
      aria-labelledby="reserve-confirm-title"
      onSubmit={(e: FormEvent) => void submit(e)}
    >
      <CardTitle as="h2" id="reserve-confirm-title">
        {when}, {guestsLabel(party)}
      </CardTitle>
      <Muted>A table is free. It is held for you the moment you confirm.</Muted>
      {signedIn ? (
        profile.isPending ? (
          <LoadingState label="Loading your details…" />
        ) : (
          <Choices>
            <Field>
              <Label htmlFor="reserve-name">Name</Label>
              <Input
                id="reserve-name"
                autoComplete="name"
                value={nameValue}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <Field>
              <Label htmlFor="reserve-phone">Phone</Label>
              <Input
                id="reserve-phone"
                type="tel"
                autoComplete="tel"
                value={phoneValue}
                maxLength={30}
                onChange={(e) => setPhone(e.target.value)}
              />
            </Field>
          </Choices>
        )
      ) : null}
      <Choices>
        <Field>
          <Label htmlFor="reserve-occasion">Occasion (optional)</Label>
          <Select
            id="reserve-occasion"
            value={extras.occasion}
            onChange={(e) => onExtras({ ...extras, occasion: e.target.value })}
          >
            <option value="">None</option>
            {occasions.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="reserve-requests">Special requests (optional)</Label>
          <Textarea
            id="reserve-requests"
            maxLength={500}
            placeholder="Allergies, a high chair, accessible seating…"
            value={extras.requests}
            onChange={(e) => onExtras({ ...extras, requests: e.target.value })}
          />
        </Field>
      </Choices>
      {failure ? <ConfirmAlert role="alert">{failure}</ConfirmAlert> : null}
      {signedIn ? (
        <Button
          type="submit"
          $variant="accent"
          disabled={busy || saveProfile.isPending || !nameValue.trim()}
        >
          {busy ? 'Reserving…' : 'Confirm reservation'}
        </Button>
      ) : (
        <Stack $gap={2}>
          <SignInNote>
            Sign in or create an account to confirm; you&apos;ll come back to this table.
          </SignInNote>
          <Button type="submit" $variant="accent" disabled={loading}>
            Sign in to reserve
          </Button>
        </Stack>
      )}
    </Card>
  );
}
