import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, Input, Label, Muted, Row, Textarea, media, theme, toast } from '@bistro/ui';
import {
  businessDate,
  errorMessage,
  formatWallClock,
  useDiningSetup,
  useMoveReservationMutation,
  useNightReservations,
  useReservationStatusMutation,
  useStaffNotesMutation,
  useWalkInMutation,
  venueWallClock,
  type DiningTableRow,
  type FloorStatus,
  type NightReservation,
} from '@bistro/data';
import {
  Actions,
  Item,
  ItemHead,
  List,
  Meta,
  QueryFrame,
  SmallButton,
  TabSection,
} from '../shared/ui';
import { floorActions, groupByTable, statusLabel, statusTone, timelineSpan } from './floor';

const clock = (iso: string) => formatWallClock(venueWallClock(iso), 'h:mm a');

const Track = styled.div`
  position: relative;
  height: 28px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.bg};
  border: 1px solid ${theme.colors.border};
  overflow: hidden;
`;

const Bar = styled.span<{ $tone: string }>`
  position: absolute;
  top: 3px;
  bottom: 3px;
  border-radius: 4px;
  background: ${({ $tone }) => $tone};
  opacity: 0.85;
  font-size: 0.75rem;
  line-height: 22px;
  padding: 0 4px;
  color: ${theme.colors.bg};
  overflow: hidden;
  white-space: nowrap;
`;

const TableHead = styled.h3`
  margin: 0;
  font-size: 1.1rem;
`;

const Sizes = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(52px, 1fr));
  gap: ${theme.space(2)};
  ${media.md} {
    max-width: 520px;
  }
`;

const barColour: Record<string, string> = {
  booked: theme.colors.primary,
  arrived: theme.colors.accent,
  seated: theme.colors.success,
};

/**
 * The staff's night (admin ?tab=tonight), laid out for a tablet: each table's
 * reservations on a timeline and as rows with arrived / seated / finished /
 * no-show, a move to other tables and notes; a walk-in in two taps (Walk-in,
 * then the party size: the database seats it at the smallest free table that
 * fits). Finished, cancelled and no-show reservations no longer hold a table
 * and are listed under the floor.
 */
export function TonightTab() {
  const [date, setDate] = useState(() => businessDate());
  const { query: night, live } = useNightReservations(date);
  const setup = useDiningSetup();
  const [walkIn, setWalkIn] = useState(false);
  const addWalkIn = useWalkInMutation({
    onSuccess(r) {
      setWalkIn(false);
      toast({
        title: 'Walk-in seated',
        description: `${r.partySize} at ${r.tables.join(' + ') || 'a table'}`,
        variant: 'success',
      });
    },
    onError(error) {
      toast({
        title: 'No walk-in seated',
        description: errorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  const tables = useMemo(() => setup.data?.tables ?? [], [setup.data]);
  const groups = useMemo(() => groupByTable(night.data ?? [], tables), [night.data, tables]);
  const span = useMemo(() => timelineSpan(night.data ?? []), [night.data]);
  const today = date === businessDate();

  return (
    <TabSection
      headingId="tonight-title"
      title="Tonight"
      aside={
        <Row $gap={2}>
          <Label htmlFor="tonight-date">Night of</Label>
          <Input
            id="tonight-date"
            type="date"
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
            style={{ width: 'auto' }}
          />
        </Row>
      }
    >
      {today ? (
        <Item as="div" style={{ marginBottom: 16 }}>
          {walkIn ? (
            <>
              <strong id="walk-in-size">Walk-in: how many guests?</strong>
              <Sizes role="group" aria-labelledby="walk-in-size">
                {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
                  <Button
                    key={n}
                    type="button"
                    $variant="ghost"
                    disabled={addWalkIn.isPending}
                    aria-label={`Walk-in of ${n}`}
                    onClick={() => addWalkIn.mutate({ partySize: n })}
                  >
                    {n}
                  </Button>
                ))}
              </Sizes>
              <SmallButton type="button" $variant="ghost" onClick={() => setWalkIn(false)}>
                Close
              </SmallButton>
            </>
          ) : (
            <Button type="button" $variant="accent" onClick={() => setWalkIn(true)}>
              Walk-in
            </Button>
          )}
        </Item>
      ) : null}
      {live === 'down' ? (
        <Muted role="status" style={{ marginTop: 0 }}>
          Live updates paused - refreshing every 30 seconds
        </Muted>
      ) : live === 'live' ? (
        <Muted style={{ marginTop: 0 }}>Live: other staff's changes show at once</Muted>
      ) : null}
      <QueryFrame query={night} loadingLabel="Loading the night…">
        <QueryFrame query={setup} loadingLabel="Loading the floor…">
          {(night.data ?? []).length === 0 ? (
            <Muted role="status">No reservations for this night yet.</Muted>
          ) : (
            <>
              <List aria-label="Floor by table">
                {groups.byTable.map(({ table, reservations }) => (
                  <Item key={table.id} aria-label={`Table ${table.label}`}>
                    <ItemHead>
                      <TableHead>
                        {table.label}{' '}
                        <Meta as="span">
                          {table.area} · {table.seats_min}-{table.seats_max} seats
                        </Meta>
                      </TableHead>
                    </ItemHead>
                    {span ? (
                      <Track aria-hidden>
                        {reservations.map((r) => {
                          const from = Date.parse(r.startsAt);
                          const to = Date.parse(r.endsAt);
                          const left = ((from - span.from) / (span.to - span.from)) * 100;
                          const width = ((to - from) / (span.to - span.from)) * 100;
                          return (
                            <Bar
                              key={r.id}
                              $tone={barColour[r.status] ?? theme.colors.textMuted}
                              style={{ left: `${left}%`, width: `${width}%` }}
                            >
                              {clock(r.startsAt)} {r.guestName}
                            </Bar>
                          );
                        })}
                      </Track>
                    ) : null}
                    {reservations.length === 0 ? (
                      <Meta>Free all night</Meta>
                    ) : (
                      <List aria-label={`Reservations at ${table.label}`}>
                        {reservations.map((r) => (
                          <FloorReservation key={r.id} reservation={r} tables={tables} />
                        ))}
                      </List>
                    )}
                  </Item>
                ))}
              </List>
              {groups.elsewhere.length ? (
                <>
                  <h3 style={{ marginTop: 24 }}>Not holding a table</h3>
                  <List aria-label="Not holding a table">
                    {groups.elsewhere.map((r) => (
                      <FloorReservation key={r.id} reservation={r} tables={tables} />
                    ))}
                  </List>
                </>
              ) : null}
            </>
          )}
        </QueryFrame>
      </QueryFrame>
    </TabSection>
  );
}

function FloorReservation({
  reservation: r,
  tables,
}: {
  reservation: NightReservation;
  tables: readonly DiningTableRow[];
}) {
  const [notes, setNotes] = useState(r.staffNotes);
  const [moveTo, setMoveTo] = useState('');
  const fail = (title: string) => (error: Error) =>
    toast({
      title,
      description: errorMessage(error) ?? 'Please try again.',
      variant: 'destructive',
    });
  const status = useReservationStatusMutation({
    onSuccess: (next) => toast({ title: `${r.guestName}: ${statusLabel(next.status)}` }),
    onError: fail('Status not changed'),
  });
  const move = useMoveReservationMutation({
    onSuccess: (next) => {
      setMoveTo('');
      toast({ title: `${r.guestName} moved to ${next.tables.join(' + ')}`, variant: 'success' });
    },
    onError: fail('Not moved'),
  });
  const saveNotes = useStaffNotesMutation({
    onSuccess: () => toast({ title: 'Notes saved', variant: 'success' }),
    onError: fail('Notes not saved'),
  });
  const held = r.tableIds.length > 0;
  const labels = tables
    .filter((t) => r.tableIds.includes(t.id))
    .map((t) => t.label)
    .join(' + ');
  const busy = status.isPending || move.isPending;

  return (
    <Item aria-label={`${r.guestName}, ${clock(r.startsAt)}`}>
      <ItemHead>
        <div>
          <strong>
            {clock(r.startsAt)}–{clock(r.endsAt)} · {r.guestName} · {r.partySize}
          </strong>
          <Meta>
            {r.isWalkIn ? 'Walk-in' : `Code ${r.code}`}
            {r.phone ? ` · ${r.phone}` : ''}
            {labels ? ` · ${labels}` : ''}
          </Meta>
          {r.occasion ? <Meta>Occasion: {r.occasion}</Meta> : null}
          {r.specialRequests ? <Meta>Requests: {r.specialRequests}</Meta> : null}
        </div>
        <Badge $tone={statusTone(r.status)}>{statusLabel(r.status)}</Badge>
      </ItemHead>
      <Actions>
        {floorActions(r.status, Date.parse(r.startsAt) <= Date.now()).map((action) => (
          <SmallButton
            key={action.status}
            type="button"
            $variant={action.status === 'no_show' ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => status.mutate({ id: r.id, status: action.status as FloorStatus })}
          >
            {action.label}
          </SmallButton>
        ))}
      </Actions>
      {held ? (
        <Row $gap={2}>
          <label htmlFor={`move-${r.id}`}>Move to</label>
          <select
            id={`move-${r.id}`}
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            style={{ minHeight: 44 }}
          >
            <option value="">Pick a table</option>
            {tables
              .filter((t) => t.is_active && !r.tableIds.includes(t.id))
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label} ({t.seats_min}-{t.seats_max})
                </option>
              ))}
          </select>
          <SmallButton
            type="button"
            $variant="ghost"
            disabled={!moveTo || busy}
            onClick={() => move.mutate({ id: r.id, tableIds: [Number(moveTo)] })}
          >
            Move
          </SmallButton>
        </Row>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          saveNotes.mutate({ id: r.id, notes });
        }}
      >
        <Label htmlFor={`notes-${r.id}`}>Notes</Label>
        <Row $gap={2} style={{ alignItems: 'flex-start', flexWrap: 'nowrap' }}>
          <Textarea
            id={`notes-${r.id}`}
            value={notes}
            maxLength={500}
            onChange={(e) => setNotes(e.target.value)}
            style={{ minHeight: 44 }}
          />
          <SmallButton
            type="submit"
            $variant="ghost"
            disabled={notes === r.staffNotes || saveNotes.isPending}
          >
            Save notes
          </SmallButton>
        </Row>
      </form>
    </Item>
  );
}
