import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  Card,
  ErrorState,
  Field,
  Input,
  Label,
  LoadingState,
  Muted,
  Row,
  Select,
  Stack,
  theme,
  toast,
} from '@bistro/ui';
import { RequireMember } from '@bistro/auth';
import {
  errorMessage,
  useCancelReservation,
  useChangeReservation,
  useReservationAvailability,
  useReservationByCode,
  useReservationRules,
  type Reservation,
} from '@bistro/data';
import { useMember } from '../shared/use-member';
import { CardTitle } from '../shared/styles';
import {
  dateRange,
  findSlot,
  guestsLabel,
  slotDate,
  slotLabel,
  slotTime,
  whenLabel,
} from './reserve-choice';
import { reservationStatusLabel } from './reservation-status';

const ReservationDetail = styled(Muted)`
  margin: 0;
`;

const Outcome = styled(Muted)`
  margin-top: 12px;
`;

const CancelQuestion = styled.p`
  margin: 0;
`;

const ChangeFields = styled(Row)`
  align-items: flex-end;
`;

const SelectField = styled(Field)`
  flex: 1 1 140px;
`;

const DateField = styled(Field)`
  flex: 1 1 160px;
`;

const ChangeNote = styled(Muted)`
  margin: 0 0 12px;
`;

const Alert = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-weight: 600;
`;

const CancelAlert = styled(Alert)`
  margin-top: 12px;
`;

const ChangeAlert = styled(Alert)`
  margin-bottom: 12px;
`;

const Code = styled.strong`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  letter-spacing: 0.15em;
`;

/**
 * /reserve?manage=<code>: the signed-in guest's own reservation (the link in
 * the reservation mails and on the profile). Party size and time can be
 * changed and the reservation cancelled until the cutoff; the database checks
 * the new time again and keeps the old table when the change is refused.
 * ?action=cancel opens on the cancel question.
 */
export function ManageReservation({ code, action }: { code: string; action: string | null }) {
  return (
    <RequireMember loadingLabel="Loading your reservation…">
      <ManageSignedIn code={code} askCancel={action === 'cancel'} />
    </RequireMember>
  );
}

function ManageSignedIn({ code, askCancel }: { code: string; askCancel: boolean }) {
  const { userId } = useMember();
  const query = useReservationByCode(code, userId ?? null);
  if (query.isPending) return <LoadingState label="Loading your reservation…" />;
  if (query.isError)
    return (
      <ErrorState
        title="Could not load your reservation"
        message={errorMessage(query.error) ?? 'Please check your connection and try again.'}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data)
    return (
      <Card role="status">
        <CardTitle as="h2">Reservation not found</CardTitle>
        <Muted>
          No reservation with the code {code} belongs to this account. Signed in with another
          e-mail? Your reservations are listed on your <Link to="/profile">profile</Link>.
        </Muted>
        <Link to="/reserve">Reserve a table</Link>
      </Card>
    );
  return <ManageCard reservation={query.data} askCancel={askCancel} />;
}

function ManageCard({ reservation, askCancel }: { reservation: Reservation; askCancel: boolean }) {
  const booked = reservation.status === 'booked';
  const [confirmingCancel, setConfirmingCancel] = useState(askCancel && booked);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cancel = useCancelReservation({
    onSuccess() {
      setConfirmingCancel(false);
      setDone(
        'Your reservation is cancelled and the table released. We e-mailed you a confirmation.',
      );
      toast({ title: 'Reservation cancelled', variant: 'success' });
    },
    onError(error) {
      setFailure(errorMessage(error) ?? 'Please try again.');
    },
  });
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmingCancel) cancelButton.current?.focus();
  }, [confirmingCancel]);

  return (
    <Stack $gap={5}>
      <Card as="section" aria-labelledby="manage-title">
        <CardTitle as="h2" id="manage-title">
          Your reservation <Code>{reservation.code}</Code>
        </CardTitle>
        <Stack $gap={1}>
          <span>
            {whenLabel(reservation.startsAt)} · {guestsLabel(reservation.partySize)}
          </span>
          <span>Status: {reservationStatusLabel(reservation.status)}</span>
          {reservation.occasion ? (
            <ReservationDetail>Occasion: {reservation.occasion}</ReservationDetail>
          ) : null}
          {reservation.specialRequests ? (
            <ReservationDetail>Special requests: {reservation.specialRequests}</ReservationDetail>
          ) : null}
        </Stack>
        {done ? <Outcome role="status">{done}</Outcome> : null}
      </Card>

      {booked ? (
        <>
          <ChangeForm
            reservation={reservation}
            onChanged={(r) => {
              setFailure(null);
              setDone(
                `Changed: ${whenLabel(r.startsAt)}, ${guestsLabel(r.partySize)}. We e-mailed you the new details.`,
              );
            }}
          />
          <Card as="section" aria-labelledby="cancel-title">
            <CardTitle as="h2" id="cancel-title">
              Cancel
            </CardTitle>
            {confirmingCancel ? (
              <Stack $gap={3}>
                <CancelQuestion>
                  Cancel your table for {whenLabel(reservation.startsAt)}? The table is released at
                  once.
                </CancelQuestion>
                <Row $gap={2}>
                  <Button
                    ref={cancelButton}
                    type="button"
                    $variant="danger"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(reservation.id)}
                  >
                    {cancel.isPending ? 'Cancelling…' : 'Yes, cancel reservation'}
                  </Button>
                  <Button type="button" $variant="ghost" onClick={() => setConfirmingCancel(false)}>
                    Keep it
                  </Button>
                </Row>
              </Stack>
            ) : (
              <Button type="button" $variant="ghost" onClick={() => setConfirmingCancel(true)}>
                Cancel reservation
              </Button>
            )}
            {failure ? <CancelAlert role="alert">{failure}</CancelAlert> : null}
          </Card>
        </>
      ) : (
        <Muted>
          This reservation can no longer be changed here. <Link to="/reserve">Reserve a table</Link>
        </Muted>
      )}
    </Stack>
  );
}

function ChangeForm({
  reservation,
  onChanged,
}: {
  reservation: Reservation;
  onChanged: (r: Reservation) => void;
}) {
  const rules = useReservationRules().data;
  const partyMax = rules?.partyMax ?? 12;
  const partyMin = rules?.partyMin ?? 1;
  const range = dateRange(rules?.daysAhead ?? 60);
  const [party, setParty] = useState(reservation.partySize);
  const [date, setDate] = useState(slotDate(reservation.startsAt));
  const [time, setTime] = useState(slotTime(reservation.startsAt));
  const [failure, setFailure] = useState<string | null>(null);
  const slots = useReservationAvailability(date, party);
  const slot = findSlot(slots.data, time);
  const current = slot?.startsAt === reservation.startsAt;
  const change = useChangeReservation({
    onSuccess(r) {
      setFailure(null);
      onChanged(r);
      toast({ title: 'Reservation changed', variant: 'success' });
    },
    onError(error) {
      const message = errorMessage(error) ?? 'Please try again.';
      setFailure(message);
      toast({
        title: 'Could not change the reservation',
        description: message,
        variant: 'destructive',
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!slot) return;
    change.mutate({ id: reservation.id, startsAt: slot.startsAt, partySize: party });
  };

  const unchanged = current && party === reservation.partySize;

  return (
    <Card as="form" aria-labelledby="change-title" onSubmit={submit}>
      <CardTitle as="h2" id="change-title">
        Change party size or time
      </CardTitle>
      <ChangeFields $gap={3}>
        <SelectField>
          <Label htmlFor="change-party">Party size</Label>
          <Select
            id="change-party"
            value={party}
            onChange={(e) => setParty(Number(e.target.value))}
          >
            {Array.from({ length: partyMax - partyMin + 1 }, (_, i) => partyMin + i).map((n) => (
              <option key={n} value={n}>
                {guestsLabel(n)}
              </option>
            ))}
          </Select>
        </SelectField>
        <DateField>
          <Label htmlFor="change-date">Date</Label>
          <Input
            id="change-date"
            type="date"
            min={range.min}
            max={range.max}
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
        </DateField>
        <SelectField>
          <Label htmlFor="change-time">Time</Label>
          <Select
            id="change-time"
            value={time}
            disabled={slots.isPending}
            onChange={(e) => setTime(e.target.value)}
          >
            {slots.isPending ? <option value={time}>Loading…</option> : null}
            {!slots.isPending && !slot ? <option value={time}>Pick a time</option> : null}
            {(slots.data ?? []).map((s) => {
              const t = slotTime(s.startsAt);
              const mine = s.startsAt === reservation.startsAt;
              return (
                <option key={s.startsAt} value={t}>
                  {slotLabel(s.startsAt)}
                  {mine ? ' (your time)' : s.available ? '' : ' (full)'}
                </option>
              );
            })}
          </Select>
        </SelectField>
      </ChangeFields>
      {slots.isError ? (
        <Alert role="alert">Could not load the free times. Please try again.</Alert>
      ) : null}
      <ChangeNote>
        We check the new time against the tables that are free; if it does not fit, your current
        table is kept.
      </ChangeNote>
      {failure ? <ChangeAlert role="alert">{failure}</ChangeAlert> : null}
      <Button type="submit" disabled={!slot || unchanged || change.isPending}>
        {change.isPending ? 'Saving…' : 'Save changes'}
      </Button>
    </Card>
  );
}
