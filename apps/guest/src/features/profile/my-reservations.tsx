import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Card, ErrorState, LoadingState, Muted, Row, Stack, theme } from '@bistro/ui';
import { errorMessage, useMyReservations, type Reservation } from '@bistro/data';
import { SectionTitle } from '../shared/styles';
import { guestsLabel, whenLabel } from '../reserve/reserve-choice';
import {
  isChangeable,
  reservationStatusLabel,
  reservationStatusTone,
} from '../reserve/reservation-status';

const TopTitle = styled(SectionTitle)`
  margin-top: 0;
`;

const FirstLine = styled(Muted)`
  margin-top: 0;
`;

const SpreadRow = styled(Row)`
  justify-content: space-between;
`;

const AfterList = styled(Muted)`
  margin-top: 12px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
`;

const Code = styled.code`
  letter-spacing: 0.12em;
  color: ${theme.colors.text};
`;

/** Upcoming first (soonest first), then the past ones (latest first). */
export function orderReservations(
  reservations: readonly Reservation[],
  now: number = Date.now(),
): Reservation[] {
  const upcoming = reservations
    .filter((r) => Date.parse(r.endsAt) >= now && r.status !== 'cancelled')
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const rest = reservations
    .filter((r) => !upcoming.includes(r))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return [...upcoming, ...rest];
}

/** The member's dinner reservations with their status; booked ones link to change or cancel. */
export function MyReservations({ userId }: { userId: string }) {
  const query = useMyReservations(userId);
  return (
    <section aria-labelledby="my-reservations-title">
      <TopTitle id="my-reservations-title">My Reservations</TopTitle>
      {query.isPending ? (
        <LoadingState label="Loading your reservations…" />
      ) : query.isError ? (
        <ErrorState
          title="Could not load your reservations"
          message={errorMessage(query.error) ?? 'Please try again.'}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <Card>
          <FirstLine>No table reservations yet.</FirstLine>
          <Link to="/reserve">Reserve a table</Link>
        </Card>
      ) : (
        <List>
          {orderReservations(query.data).map((r) => (
            <Card as="li" key={r.id} aria-label={`Reservation ${r.code}`}>
              <Stack $gap={1}>
                <SpreadRow $gap={2}>
                  <strong>{whenLabel(r.startsAt)}</strong>
                  <Badge $tone={reservationStatusTone(r.status)}>
                    {reservationStatusLabel(r.status)}
                  </Badge>
                </SpreadRow>
                <span>
                  {guestsLabel(r.partySize)} · code <Code>{r.code}</Code>
                </span>
                {isChangeable(r.status) ? (
                  <Row $gap={4}>
                    <Link
                      to={`/reserve?manage=${r.code}`}
                      aria-label={`Change reservation ${r.code}`}
                    >
                      Change
                    </Link>
                    <Link
                      to={`/reserve?manage=${r.code}&action=cancel`}
                      aria-label={`Cancel reservation ${r.code}`}
                    >
                      Cancel
                    </Link>
                  </Row>
                ) : null}
              </Stack>
            </Card>
          ))}
        </List>
      )}
      <AfterList>
        <Link to="/reserve">Reserve another table</Link>
      </AfterList>
    </section>
  );
}
