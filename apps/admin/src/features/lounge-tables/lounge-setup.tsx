import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  Field,
  FloorPlan,
  Input,
  Label,
  Muted,
  Row,
  Textarea,
  theme,
  toast,
} from '@bistro/ui';
import {
  errorMessage,
  formatMinimum,
  useBottleCandidates,
  useLoungeMinimumAddMutation,
  useLoungeMinimumDeleteMutation,
  useLoungeSectionSaveMutation,
  useLoungeSettingsMutation,
  useLoungeSetup,
  useLoungeTableDeleteMutation,
  useLoungeTableSaveMutation,
  useSetBottleMutation,
  type LoungeSetup,
  type LoungeTableRow,
} from '@bistro/data';
import { Actions, Item, List, Meta, QueryFrame, SmallButton, TabSection } from '../shared/ui';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const Fields = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 160px), 1fr));
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
`;

const fail = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error) ?? 'Please try again.', variant: 'destructive' });
const saved = (title: string) => () => toast({ title, variant: 'success' });
const dollars = (cents: number) => String(cents / 100);
const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * The lounge as the venue sets it up (admin ?tab=vip): the policy text and numbers, the
 * sections and tables on the floor plan with their minimum spend, the minimums that differ by
 * weekday, and the bottle list (menu items flagged as bottles). The database checks each value.
 */
export function LoungeSetupPanel() {
  const setup = useLoungeSetup();
  return (
    <TabSection headingId="lounge-setup-title" title="Floor plan, minimums and bottles">
      <QueryFrame query={setup} loadingLabel="Loading the lounge…">
        {setup.data ? <SetupForms setup={setup.data} /> : null}
      </QueryFrame>
    </TabSection>
  );
}

function SetupForms({ setup }: { setup: LoungeSetup }) {
  const [editing, setEditing] = useState<LoungeTableRow | null>(null);
  const sections = new Map(setup.sections.map((s) => [s.id, s.name]));
  return (
    <>
      <SettingsForm setup={setup} />
      <Sub>Floor plan</Sub>
      <FloorPlan
        label="Lounge floor plan"
        selectedId={editing?.id ?? null}
        onSelect={(id) => setEditing(setup.tables.find((t) => t.id === id) ?? null)}
        tables={setup.tables.map((t) => ({
          id: t.id,
          name: t.name,
          x: t.grid_x,
          y: t.grid_y,
          caption: `${sections.get(t.section_id) ?? ''} · ${t.seats} · ${formatMinimum(t.min_spend_cents)}${t.is_active ? '' : ' · off'}`,
        }))}
      />
      <Muted>Choose a table to edit it, or add one below.</Muted>
      <TableForm
        key={editing?.id ?? 'new'}
        setup={setup}
        table={editing}
        onDone={() => setEditing(null)}
      />
      <SectionForm setup={setup} />
      <Sub>Minimum spend by weekday</Sub>
      <MinimumsEditor setup={setup} />
      <Sub>Bottle list</Sub>
      <BottleList />
    </>
  );
}

function SettingsForm({ setup }: { setup: LoungeSetup }) {
  const s = setup.settings;
  const [policy, setPolicy] = useState(s.policy_text);
  const [grace, setGrace] = useState(String(s.arrival_grace_minutes));
  const [partyMax, setPartyMax] = useState(String(s.party_max));
  const [bottlesMax, setBottlesMax] = useState(String(s.bottles_max));
  const [closes, setCloses] = useState(s.guest_list_closes_at.slice(0, 5));
  const [plusOnes, setPlusOnes] = useState(String(s.guest_list_plus_ones_max));
  const save = useLoungeSettingsMutation({
    onSuccess: saved('Lounge settings saved'),
    onError: fail('Could not save the lounge settings'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      policy_text: policy,
      arrival_grace_minutes: Number(grace),
      party_max: Number(partyMax),
      bottles_max: Number(bottlesMax),
      guest_list_closes_at: closes,
      guest_list_plus_ones_max: Number(plusOnes),
    });
  };
  return (
    <Card as="form" onSubmit={submit} aria-label="Lounge settings">
      <Field>
        <Label htmlFor="lounge-policy">Deposit and cancellation policy (shown to guests)</Label>
        <Textarea
          id="lounge-policy"
          maxLength={2000}
          value={policy}
          onChange={(e) => setPolicy(e.target.value)}
        />
      </Field>
      <Fields>
        <Field>
          <Label htmlFor="lounge-grace">Table held after arrival time (minutes)</Label>
          <Input
            id="lounge-grace"
            type="number"
            min={0}
            max={240}
            value={grace}
            onChange={(e) => setGrace(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lounge-party">Largest party</Label>
          <Input
            id="lounge-party"
            type="number"
            min={1}
            max={60}
            value={partyMax}
            onChange={(e) => setPartyMax(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lounge-bottles">Bottles chosen ahead (at most)</Label>
          <Input
            id="lounge-bottles"
            type="number"
            min={0}
            max={50}
            value={bottlesMax}
            onChange={(e) => setBottlesMax(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lounge-closes">Guest lists close at</Label>
          <Input
            id="lounge-closes"
            type="time"
            value={closes}
            onChange={(e) => setCloses(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lounge-plus">Plus-ones per guest</Label>
          <Input
            id="lounge-plus"
            type="number"
            min={0}
            max={20}
            value={plusOnes}
            onChange={(e) => setPlusOnes(e.target.value)}
          />
        </Field>
      </Fields>
      <Button type="submit" disabled={save.isPending}>
        Save lounge settings
      </Button>
    </Card>
  );
}

function TableForm({
  setup,
  table,
  onDone,
}: {
  setup: LoungeSetup;
  table: LoungeTableRow | null;
  onDone: () => void;
}) {
  const [name, setName] = useState(table?.name ?? '');
  const [section, setSection] = useState(table?.section_id ?? setup.sections[0]?.id ?? '');
  const [seats, setSeats] = useState(String(table?.seats ?? 6));
  const [x, setX] = useState(String(table?.grid_x ?? 0));
  const [y, setY] = useState(String(table?.grid_y ?? 0));
  const [minimum, setMinimum] = useState(dollars(table?.min_spend_cents ?? 0));
  const [active, setActive] = useState(table?.is_active ?? true);
  const save = useLoungeTableSaveMutation({
    onSuccess: () => {
      toast({ title: 'Table saved', variant: 'success' });
      onDone();
    },
    onError: fail('Could not save the table'),
  });
  const remove = useLoungeTableDeleteMutation({
    onSuccess: () => {
      toast({ title: 'Table removed', variant: 'success' });
      onDone();
    },
    onError: fail('Could not remove the table (it has requests: switch it off instead)'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      ...(table ? { id: table.id } : {}),
      name,
      section_id: section,
      seats: Number(seats),
      grid_x: Number(x),
      grid_y: Number(y),
      min_spend_cents: cents(minimum),
      is_active: active,
    });
  };
  return (
    <Card
      as="form"
      onSubmit={submit}
      aria-label={table ? `Edit table ${table.name}` : 'Add a table'}
      style={{ marginTop: 12 }}
    >
      <strong>{table ? `Table ${table.name}` : 'Add a table'}</strong>
      <Fields>
        <Field>
          <Label htmlFor="lt-name">Name</Label>
          <Input
            id="lt-name"
            maxLength={20}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </Field>
        <Field>
          <Label htmlFor="lt-section">Section</Label>
          <Select id="lt-section" value={section} onChange={(e) => setSection(e.target.value)}>
            {setup.sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor="lt-seats">Seats</Label>
          <Input
            id="lt-seats"
            type="number"
            min={1}
            max={40}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lt-x">Column (0-11)</Label>
          <Input
            id="lt-x"
            type="number"
            min={0}
            max={11}
            value={x}
            onChange={(e) => setX(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lt-y">Row (0-11)</Label>
          <Input
            id="lt-y"
            type="number"
            min={0}
            max={11}
            value={y}
            onChange={(e) => setY(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="lt-min">Minimum spend ($)</Label>
          <Input
            id="lt-min"
            type="number"
            min={0}
            step="0.01"
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
          />
        </Field>
      </Fields>
      <label>
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />{' '}
        Takes requests
      </label>
      <Actions>
        <SmallButton type="submit" disabled={save.isPending}>
          Save table
        </SmallButton>
        {table ? (
          <>
            <SmallButton type="button" $variant="ghost" onClick={onDone}>
              Cancel
            </SmallButton>
            <SmallButton type="button" $variant="ghost" onClick={() => remove.mutate(table.id)}>
              Remove
            </SmallButton>
          </>
        ) : null}
      </Actions>
    </Card>
  );
}

function SectionForm({ setup }: { setup: LoungeSetup }) {
  const [name, setName] = useState('');
  const save = useLoungeSectionSaveMutation({
    onSuccess: () => {
      toast({ title: 'Section added', variant: 'success' });
      setName('');
    },
    onError: fail('Could not add the section'),
  });
  return (
    <Card
      as="form"
      aria-label="Add a section"
      style={{ marginTop: 12 }}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate({ name, position: setup.sections.length });
      }}
    >
      <Meta>Sections: {setup.sections.map((s) => s.name).join(', ') || 'none yet'}</Meta>
      <Row $gap={2} style={{ flexWrap: 'wrap', alignItems: 'end' }}>
        <Field style={{ flex: '1 1 200px' }}>
          <Label htmlFor="ls-name">New section</Label>
          <Input
            id="ls-name"
            maxLength={40}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </Field>
        <SmallButton type="submit" disabled={save.isPending}>
          Add section
        </SmallButton>
      </Row>
    </Card>
  );
}

function MinimumsEditor({ setup }: { setup: LoungeSetup }) {
  const [tableId, setTableId] = useState(setup.tables[0]?.id ?? '');
  const [weekday, setWeekday] = useState('5');
  const [amount, setAmount] = useState('');
  const add = useLoungeMinimumAddMutation({
    onSuccess: () => {
      toast({ title: 'Minimum saved', variant: 'success' });
      setAmount('');
    },
    onError: fail('Could not save the minimum (one per table and weekday)'),
  });
  const remove = useLoungeMinimumDeleteMutation({ onError: fail('Could not remove the minimum') });
  const names = new Map(setup.tables.map((t) => [t.id, t.name]));
  return (
    <>
      {setup.minimums.length ? (
        <List aria-label="Minimums by night">
          {setup.minimums.map((m) => (
            <Item key={m.id}>
              <Row $gap={2} style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <span>
                  {names.get(m.table_id)} ·{' '}
                  {m.weekday !== null ? WEEKDAYS[m.weekday] : 'one event night'} ·{' '}
                  {formatMinimum(m.min_spend_cents)}
                </span>
                <SmallButton type="button" $variant="ghost" onClick={() => remove.mutate(m.id)}>
                  Remove
                </SmallButton>
              </Row>
            </Item>
          ))}
        </List>
      ) : (
        <Muted>Every night uses each table's own minimum.</Muted>
      )}
      <Card
        as="form"
        aria-label="Add a minimum"
        style={{ marginTop: 12 }}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate({
            table_id: tableId,
            weekday: Number(weekday),
            event_id: null,
            min_spend_cents: cents(amount),
          });
        }}
      >
        <Fields>
          <Field>
            <Label htmlFor="lm-table">Table</Label>
            <Select id="lm-table" value={tableId} onChange={(e) => setTableId(e.target.value)}>
              {setup.tables.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field>
            <Label htmlFor="lm-day">Weekday</Label>
            <Select id="lm-day" value={weekday} onChange={(e) => setWeekday(e.target.value)}>
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={i}>
                  {d}
                </option>
              ))}
            </Select>
          </Field>
          <Field>
            <Label htmlFor="lm-amount">Minimum spend ($)</Label>
            <Input
              id="lm-amount"
              type="number"
              min={0}
              step="0.01"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
            />
          </Field>
        </Fields>
        <SmallButton type="submit" disabled={add.isPending || !tableId}>
          Add minimum
        </SmallButton>
      </Card>
    </>
  );
}

function BottleList() {
  const items = useBottleCandidates();
  const set = useSetBottleMutation({ onError: fail('Could not change the bottle list') });
  return (
    <QueryFrame query={items} loadingLabel="Loading the menu…">
      <List aria-label="Bottle list">
        {(items.data ?? []).map((item) => (
          <Item key={item.id}>
            <label>
              <input
                type="checkbox"
                checked={item.isBottle}
                onChange={(e) => set.mutate({ id: item.id, isBottle: e.target.checked })}
              />{' '}
              {item.name}{' '}
              <Muted as="span">
                ({item.sectionTitle}, {formatMinimum(item.priceCents)})
              </Muted>
            </label>
          </Item>
        ))}
      </List>
    </QueryFrame>
  );
}
