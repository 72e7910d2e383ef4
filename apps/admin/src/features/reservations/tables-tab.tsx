import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  Field,
  Input,
  Label,
  Muted,
  Row,
  Textarea,
  media,
  theme,
  toast,
} from '@bistro/ui';
import {
  errorMessage,
  formatWallClock,
  useBlockAddMutation,
  useBlockDeleteMutation,
  useCombinationAddMutation,
  useCombinationDeleteMutation,
  useDiningSetup,
  useDiningTableDeleteMutation,
  useDiningTableSaveMutation,
  useReservationSettingsMutation,
  useTurnTimeDeleteMutation,
  useTurnTimeSaveMutation,
  venueInstant,
  venueWallClock,
  type DiningSetup,
  type DiningTableRow,
  type ReservationSettingsRow,
} from '@bistro/data';
import { Actions, Item, List, Meta, QueryFrame, SmallButton, TabSection } from '../shared/ui';

const AREAS = ['bistro', 'patio', 'lounge'] as const;

const Fields = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 180px), 1fr));
`;

const Select = styled.select`
  min-height: 44px;
  padding: 0 ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.bg};
  color: ${theme.colors.text};
`;

const Sub = styled.h3`
  margin: ${theme.space(8)} 0 ${theme.space(3)};
  font-size: 1.15rem;
  ${media.md} {
    font-size: 1.25rem;
  }
`;

/** What a refusal of the database means for the floor's settings, in the staff's words. */
export function explainRefusal(error: unknown): string {
  const message = errorMessage(error) ?? '';
  const code = (error as { code?: string } | null)?.code;
  if (code === '23503')
    return 'This table has reservations: switch off "Takes reservations" instead of removing it.';
  if (code === '23505')
    return /label/.test(message)
      ? 'Another table has this label.'
      : 'This already exists (the same party size or the same tables).';
  if (/occasions_count/.test(message)) return 'Offer at most 12 occasions.';
  if (/occasions_valid/.test(message))
    return 'Each occasion is 1 to 60 characters and is listed once.';
  if (/seats_order|party_order/.test(message))
    return 'The smallest number must not be larger than the largest.';
  if (/_range|_length|_size|_check/.test(message))
    return 'A value is outside what it can be (see the limits next to each field).';
  return message || 'Please try again.';
}

const fail = (title: string) => (error: Error) =>
  toast({ title, description: explainRefusal(error), variant: 'destructive' });
const saved = (title: string) => () => toast({ title, variant: 'success' });

/**
 * Tables and capacity (admin ?tab=tables): the reservation numbers, turn times
 * by party size, the tables with their seats and areas, which tables combine,
 * and blocked times. Opening hours and closed days are the venue's hours and
 * dated exceptions (Venue tab). The database checks every value.
 */
export function TablesTab() {
  const setup = useDiningSetup();
  return (
    <TabSection headingId="tables-title" title="Tables">
      <Muted>
        Dining hours and closed days come from the venue&apos;s opening hours and special dates
        (Venue tab); the last seating is before the kitchen closes.
      </Muted>
      <QueryFrame query={setup} loadingLabel="Loading the floor…">
        {setup.data ? <Setup data={setup.data} /> : null}
      </QueryFrame>
    </TabSection>
  );
}

function Setup({ data }: { data: DiningSetup }) {
  return (
    <>
      <SettingsForm key={JSON.stringify(data.settings)} settings={data.settings} />
      <TurnTimes data={data} />
      <TablesList data={data} />
      <Combinations data={data} />
      <Blocks data={data} />
    </>
  );
}

const numberFields: [keyof ReservationSettingsRow, string][] = [
  ['party_min', 'Smallest party'],
  ['party_max', 'Largest party online'],
  ['days_ahead', 'Days ahead bookable'],
  ['last_seating_minutes', 'Last seating, minutes before the kitchen closes'],
  ['covers_per_slot', 'Covers per time slot (pacing)'],
  ['change_cutoff_minutes', 'Guests change or cancel until, minutes before'],
  ['no_show_limit', 'No-shows in 12 months before a guest must call'],
];

/** The occasions as typed, one per line, without blank lines or surrounding spaces. */
export const parseOccasions = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function SettingsForm({ settings }: { settings: ReservationSettingsRow }) {
  const [values, setValues] = useState(settings);
  const [occasions, setOccasions] = useState((settings.occasions ?? []).join('\n'));
  const save = useReservationSettingsMutation({
    onSuccess: saved('Reservation settings saved'),
    onError: fail('Settings not saved'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { id: _id, ...rest } = values;
    void _id;
    save.mutate({ ...rest, occasions: parseOccasions(occasions) });
  };
  return (
    <Card as="form" aria-labelledby="reservation-settings-title" onSubmit={submit}>
      <h3 id="reservation-settings-title" style={{ marginTop: 0 }}>
        Reservation settings
      </h3>
      <Fields>
        {numberFields.map(([key, label]) => (
          <Field key={key}>
            <Label htmlFor={`rs-${key}`}>{label}</Label>
            <Input
              id={`rs-${key}`}
              type="number"
              inputMode="numeric"
              value={String(values[key] ?? '')}
              onChange={(e) => setValues({ ...values, [key]: Number(e.target.value) })}
            />
          </Field>
        ))}
        <Field>
          <Label htmlFor="rs-slot">Time step (minutes)</Label>
          <Select
            id="rs-slot"
            value={values.slot_minutes}
            onChange={(e) => setValues({ ...values, slot_minutes: Number(e.target.value) })}
          >
            {[10, 15, 20, 30].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="rs-kitchen">Kitchen closes at (empty: with the venue)</Label>
          <Input
            id="rs-kitchen"
            type="time"
            value={values.kitchen_closes_at?.slice(0, 5) ?? ''}
            onChange={(e) => setValues({ ...values, kitchen_closes_at: e.target.value || null })}
          />
        </Field>
        <Field>
          <Label htmlFor="rs-occasions">Occasions guests can pick (one per line, at most 12)</Label>
          <Textarea
            id="rs-occasions"
            rows={5}
            value={occasions}
            onChange={(e) => setOccasions(e.target.value)}
          />
        </Field>
      </Fields>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </Button>
    </Card>
  );
}

function TurnTimes({ data }: { data: DiningSetup }) {
  const [party, setParty] = useState('');
  const [minutes, setMinutes] = useState('');
  const saveTurn = useTurnTimeSaveMutation({
    onSuccess: () => {
      setParty('');
      setMinutes('');
      saved('Turn time saved')();
    },
    onError: fail('Turn time not saved'),
  });
  const remove = useTurnTimeDeleteMutation({ onError: fail('Turn time not removed') });
  return (
    <section aria-labelledby="turn-times-title">
      <Sub id="turn-times-title">Turn times</Sub>
      <Meta>How long a table is held: the first row whose party size covers the party.</Meta>
      <List aria-label="Turn times" style={{ marginTop: 12 }}>
        {data.turnTimes.map((t) => (
          <Item key={t.party_max}>
            <Row $gap={3} style={{ justifyContent: 'space-between' }}>
              <span>
                Up to {t.party_max} guests: {t.minutes} minutes
              </span>
              <SmallButton
                type="button"
                $variant="ghost"
                aria-label={`Remove turn time up to ${t.party_max} guests`}
                onClick={() => remove.mutate(t.party_max)}
              >
                Remove
              </SmallButton>
            </Row>
          </Item>
        ))}
      </List>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          saveTurn.mutate({ party_max: Number(party), minutes: Number(minutes) });
        }}
      >
        <Row $gap={3} style={{ alignItems: 'flex-end', marginTop: 12 }}>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="turn-party">Up to guests</Label>
            <Input
              id="turn-party"
              type="number"
              value={party}
              onChange={(e) => setParty(e.target.value)}
            />
          </Field>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="turn-minutes">Minutes</Label>
            <Input
              id="turn-minutes"
              type="number"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={!party || !minutes || saveTurn.isPending}>
            Save turn time
          </Button>
        </Row>
      </form>
    </section>
  );
}

const emptyTable = { label: '', area: 'bistro', seats_min: 1, seats_max: 2, is_active: true };

function TableForm({
  initial,
  onDone,
}: {
  initial: Omit<DiningTableRow, 'id'> & { id?: number };
  onDone?: () => void;
}) {
  const [t, setT] = useState(initial);
  const saveTable = useDiningTableSaveMutation({
    onSuccess: () => {
      saved(initial.id ? 'Table saved' : 'Table added')();
      if (!initial.id) setT(emptyTable);
      onDone?.();
    },
    onError: fail('Table not saved'),
  });
  const idp = initial.id ? `table-${initial.id}` : 'table-new';
  return (
    <form
      aria-label={initial.id ? `Edit table ${initial.label}` : 'Add a table'}
      onSubmit={(e) => {
        e.preventDefault();
        saveTable.mutate(t);
      }}
    >
      <Fields>
        <Field style={{ marginBottom: 0 }}>
          <Label htmlFor={`${idp}-label`}>Label</Label>
          <Input
            id={`${idp}-label`}
            value={t.label}
            maxLength={20}
            onChange={(e) => setT({ ...t, label: e.target.value })}
          />
        </Field>
        <Field style={{ marginBottom: 0 }}>
          <Label htmlFor={`${idp}-area`}>Area</Label>
          <Select
            id={`${idp}-area`}
            value={t.area}
            onChange={(e) => setT({ ...t, area: e.target.value })}
          >
            {AREAS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </Field>
        <Field style={{ marginBottom: 0 }}>
          <Label htmlFor={`${idp}-min`}>Seats min</Label>
          <Input
            id={`${idp}-min`}
            type="number"
            value={t.seats_min}
            onChange={(e) => setT({ ...t, seats_min: Number(e.target.value) })}
          />
        </Field>
        <Field style={{ marginBottom: 0 }}>
          <Label htmlFor={`${idp}-max`}>Seats max</Label>
          <Input
            id={`${idp}-max`}
            type="number"
            value={t.seats_max}
            onChange={(e) => setT({ ...t, seats_max: Number(e.target.value) })}
          />
        </Field>
        <Row $gap={2}>
          <input
            id={`${idp}-active`}
            type="checkbox"
            checked={t.is_active}
            onChange={(e) => setT({ ...t, is_active: e.target.checked })}
            style={{ width: 22, height: 22 }}
          />
          <Label htmlFor={`${idp}-active`}>Takes reservations</Label>
        </Row>
      </Fields>
      <Button
        type="submit"
        disabled={!t.label.trim() || saveTable.isPending}
        style={{ marginTop: 12 }}
      >
        {initial.id ? 'Save table' : 'Add table'}
      </Button>
    </form>
  );
}

function TablesList({ data }: { data: DiningSetup }) {
  const [editing, setEditing] = useState<number | null>(null);
  const remove = useDiningTableDeleteMutation({
    onSuccess: saved('Table removed'),
    onError: fail('Table not removed'),
  });
  return (
    <section aria-labelledby="dining-tables-title">
      <Sub id="dining-tables-title">Dining tables</Sub>
      <List aria-label="Tables">
        {data.tables.map((t) => (
          <Item key={t.id}>
            {editing === t.id ? (
              <TableForm initial={t} onDone={() => setEditing(null)} />
            ) : (
              <Row $gap={3} style={{ justifyContent: 'space-between' }}>
                <span>
                  <strong>{t.label}</strong> · {t.area} · {t.seats_min}-{t.seats_max} seats
                  {t.is_active ? '' : ' · not taking reservations'}
                </span>
                <Actions>
                  <SmallButton
                    type="button"
                    $variant="ghost"
                    aria-label={`Edit table ${t.label}`}
                    onClick={() => setEditing(t.id)}
                  >
                    Edit
                  </SmallButton>
                  <SmallButton
                    type="button"
                    $variant="ghost"
                    aria-label={`Remove table ${t.label}`}
                    onClick={() => remove.mutate(t.id)}
                  >
                    Remove
                  </SmallButton>
                </Actions>
              </Row>
            )}
          </Item>
        ))}
      </List>
      <Card style={{ marginTop: 12 }}>
        <strong>Add a table</strong>
        <TableForm initial={emptyTable} />
      </Card>
    </section>
  );
}

function Combinations({ data }: { data: DiningSetup }) {
  const [picked, setPicked] = useState<number[]>([]);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const label = (ids: number[]) =>
    ids.map((id) => data.tables.find((t) => t.id === id)?.label ?? `#${id}`).join(' + ');
  const add = useCombinationAddMutation({
    onSuccess: () => {
      setPicked([]);
      setMin('');
      setMax('');
      saved('Combination added')();
    },
    onError: fail('Combination not added'),
  });
  const remove = useCombinationDeleteMutation({ onError: fail('Combination not removed') });
  return (
    <section aria-labelledby="combinations-title">
      <Sub id="combinations-title">Tables that combine</Sub>
      <List aria-label="Combinations">
        {data.combinations.map((c) => (
          <Item key={c.id}>
            <Row $gap={3} style={{ justifyContent: 'space-between' }}>
              <span>
                {label(c.table_ids)}: {c.seats_min}-{c.seats_max} guests
              </span>
              <SmallButton
                type="button"
                $variant="ghost"
                aria-label={`Remove combination ${label(c.table_ids)}`}
                onClick={() => remove.mutate(c.id)}
              >
                Remove
              </SmallButton>
            </Row>
          </Item>
        ))}
      </List>
      <Card
        as="form"
        style={{ marginTop: 12 }}
        aria-label="Add a combination"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate({ table_ids: picked, seats_min: Number(min), seats_max: Number(max) });
        }}
      >
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600 }}>Tables pushed together</legend>
          <Row $gap={3}>
            {data.tables.map((t) => (
              <label
                key={t.id}
                style={{ display: 'inline-flex', gap: 6, alignItems: 'center', minHeight: 44 }}
              >
                <input
                  type="checkbox"
                  checked={picked.includes(t.id)}
                  onChange={(e) =>
                    setPicked(
                      e.target.checked ? [...picked, t.id] : picked.filter((x) => x !== t.id),
                    )
                  }
                />
                {t.label}
              </label>
            ))}
          </Row>
        </fieldset>
        <Row $gap={3} style={{ alignItems: 'flex-end' }}>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="combo-min">Guests min</Label>
            <Input
              id="combo-min"
              type="number"
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
          </Field>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="combo-max">Guests max</Label>
            <Input
              id="combo-max"
              type="number"
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={picked.length < 2 || !min || !max || add.isPending}>
            Add combination
          </Button>
        </Row>
      </Card>
    </section>
  );
}

/** "2026-12-01T18:00" typed on the venue's clock, as an instant. */
function venueLocalToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(venueInstant({ year: y, month: mo, day: d, hour: h, minute: mi })).toISOString();
}

const blockTime = (iso: string) => formatWallClock(venueWallClock(iso), "EEE, MMM d 'at' h:mm a");

function Blocks({ data }: { data: DiningSetup }) {
  const [table, setTable] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const add = useBlockAddMutation({
    onSuccess: () => {
      setFrom('');
      setTo('');
      setReason('');
      saved('Time blocked')();
    },
    onError: fail('Time not blocked'),
  });
  const remove = useBlockDeleteMutation({ onError: fail('Block not removed') });
  const startsAt = venueLocalToIso(from);
  const endsAt = venueLocalToIso(to);
  return (
    <section aria-labelledby="blocks-title">
      <Sub id="blocks-title">Blocked times</Sub>
      {data.blocks.length === 0 ? (
        <Meta>No blocked times ahead.</Meta>
      ) : (
        <List aria-label="Blocked times">
          {data.blocks.map((b) => (
            <Item key={b.id}>
              <Row $gap={3} style={{ justifyContent: 'space-between' }}>
                <span>
                  {b.table_id ? data.tables.find((t) => t.id === b.table_id)?.label : 'All tables'}:{' '}
                  {blockTime(b.starts_at)} to {blockTime(b.ends_at)}
                  {b.reason ? ` (${b.reason})` : ''}
                </span>
                <SmallButton type="button" $variant="ghost" onClick={() => remove.mutate(b.id)}>
                  Remove
                </SmallButton>
              </Row>
            </Item>
          ))}
        </List>
      )}
      <Card
        as="form"
        style={{ marginTop: 12 }}
        aria-label="Block a time"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (startsAt && endsAt)
            add.mutate({
              table_id: table ? Number(table) : null,
              starts_at: startsAt,
              ends_at: endsAt,
              reason,
            });
        }}
      >
        <Fields>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="block-table">Table</Label>
            <Select id="block-table" value={table} onChange={(e) => setTable(e.target.value)}>
              <option value="">All tables</option>
              {data.tables.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="block-from">From (venue time)</Label>
            <Input
              id="block-from"
              type="datetime-local"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Field>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="block-to">To (venue time)</Label>
            <Input
              id="block-to"
              type="datetime-local"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </Field>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor="block-reason">Reason</Label>
            <Input
              id="block-reason"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </Fields>
        <Button
          type="submit"
          disabled={!startsAt || !endsAt || add.isPending}
          style={{ marginTop: 12 }}
        >
          Block time
        </Button>
      </Card>
    </section>
  );
}
