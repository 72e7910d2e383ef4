import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Card, Field, Input, Label, Muted, Row, theme, toast } from '@bistro/ui';
import {
  businessDate,
  errorMessage,
  formatWallClock,
  guestListClosesText,
  isGuestListOpen,
  useAddGuestListName,
  useGuestListEntries,
  useGuestListReport,
  useGuestLists,
  useLoungeNights,
  usePromoters,
  useSaveGuestList,
  useSavePromoter,
  venueInstant,
  venueWallClock,
  type LoungeNight,
} from '@bistro/data';
import { Actions, Item, List, Meta, QueryFrame, SmallButton, TabSection } from '../shared/ui';

const Select = styled.select`
  min-height: 44px;
  padding: 0 ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.bg};
  color: ${theme.colors.text};
`;

const Fields = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 160px), 1fr));
`;

const fail = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error) ?? 'Please try again.', variant: 'destructive' });

const night = (n: LoungeNight) =>
  `${n.title}: ${formatWallClock(venueWallClock(n.eventDate), "EEE, MMM d '·' h:mm a")}`;

/**
 * An event night's guest list: when it closes, the names with their plus-ones, who brought
 * them and how many arrived; staff (tonight) and admins add names. `admin` adds the close
 * time and plus-one cap editor.
 */
export function GuestListPanel({ admin, tonightOnly }: { admin: boolean; tonightOnly: boolean }) {
  const nights = useLoungeNights();
  const today = businessDate();
  const options = (nights.data ?? []).filter(
    (n) => !tonightOnly || businessDate(new Date(n.eventDate)) === today,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const eventId = chosen ?? options[0]?.id ?? null;
  const current = options.find((n) => n.id === eventId) ?? null;
  return (
    <TabSection headingId="guest-list-title" title="Guest list">
      <QueryFrame query={nights} loadingLabel="Loading event nights…">
        {!options.length ? (
          <Muted>No event nights ahead.</Muted>
        ) : (
          <>
            <Field>
              <Label htmlFor="gl-night">Night</Label>
              <Select
                id="gl-night"
                value={eventId ?? ''}
                onChange={(e) => setChosen(e.target.value)}
              >
                {options.map((n) => (
                  <option key={n.id} value={n.id}>
                    {night(n)}
                  </option>
                ))}
              </Select>
            </Field>
            {current ? <NightList night={current} admin={admin} /> : null}
          </>
        )}
      </QueryFrame>
    </TabSection>
  );
}

function NightList({ night: n, admin }: { night: LoungeNight; admin: boolean }) {
  const lists = useGuestLists([n.id]);
  const list = lists.data?.[0] ?? null;
  const entries = useGuestListEntries(n.id);
  const [name, setName] = useState('');
  const [plusOnes, setPlusOnes] = useState('0');
  const add = useAddGuestListName({
    onSuccess: () => {
      toast({ title: 'Name added', variant: 'success' });
      setName('');
      setPlusOnes('0');
    },
    onError: fail('Could not add the name'),
  });
  const people = (entries.data ?? [])
    .filter((e) => e.status !== 'cancelled')
    .reduce((sum, e) => sum + e.plusOnes + 1, 0);
  return (
    <>
      <p>
        {list
          ? isGuestListOpen(list.closes_at)
            ? guestListClosesText(list.closes_at)
            : 'The guest list is closed'
          : 'No names yet: the list opens with the first one.'}
      </p>
      {admin ? (
        <CloseTimeForm
          eventId={n.id}
          closesAt={list?.closes_at ?? null}
          cap={list?.plus_ones_max ?? null}
        />
      ) : null}
      <Card
        as="form"
        aria-label="Add a name"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate({ eventId: n.id, name, plusOnes: Number(plusOnes) });
        }}
      >
        <Fields>
          <Field>
            <Label htmlFor="gl-name">Guest name</Label>
            <Input
              id="gl-name"
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
          </Field>
          <Field>
            <Label htmlFor="gl-plus">Plus-ones</Label>
            <Input
              id="gl-plus"
              type="number"
              min={0}
              max={20}
              value={plusOnes}
              onChange={(e) => setPlusOnes(e.target.value)}
            />
          </Field>
        </Fields>
        <SmallButton type="submit" disabled={add.isPending}>
          Add to the list
        </SmallButton>
      </Card>
      <QueryFrame query={entries} loadingLabel="Loading the list…">
        <Meta style={{ margin: '12px 0' }}>
          {entries.data?.length ?? 0} names, {people} people expected
        </Meta>
        {entries.data?.length ? (
          <List aria-label="Names on the guest list">
            {entries.data.map((e) => (
              <Item key={e.id}>
                <Row $gap={2} style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <strong>
                    {e.guestName}
                    {e.plusOnes ? ` + ${e.plusOnes}` : ''}
                  </strong>
                  <Badge $tone={e.status === 'arrived' ? 'accent' : 'primary'}>
                    {e.status.replace('_', '-')}
                  </Badge>
                </Row>
                <Meta>
                  Code {e.code}
                  {e.promoterName ? ` · brought by ${e.promoterName}` : ''}
                  {e.arrivedPeople ? ` · ${e.arrivedPeople} arrived` : ''}
                </Meta>
              </Item>
            ))}
          </List>
        ) : null}
      </QueryFrame>
    </>
  );
}

function CloseTimeForm({
  eventId,
  closesAt,
  cap,
}: {
  eventId: string;
  closesAt: string | null;
  cap: number | null;
}) {
  const clock = closesAt ? venueWallClock(closesAt) : null;
  const [date, setDate] = useState(clock ? formatWallClock(clock, 'yyyy-MM-dd') : '');
  const [time, setTime] = useState(clock ? formatWallClock(clock, 'HH:mm') : '22:00');
  const [plusOnes, setPlusOnes] = useState(String(cap ?? 3));
  const save = useSaveGuestList({
    onSuccess: () => toast({ title: 'Guest list saved', variant: 'success' }),
    onError: fail('Could not save the guest list'),
  });
  return (
    <Card
      as="form"
      aria-label="Close time and plus-ones"
      style={{ marginBottom: 12 }}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
        const [hh = 0, mm = 0] = time.split(':').map(Number);
        save.mutate({
          eventId,
          closesAt: new Date(
            venueInstant({ year: y, month: m, day: d, hour: hh, minute: mm }),
          ).toISOString(),
          plusOnesMax: Number(plusOnes),
        });
      }}
    >
      <Fields>
        <Field>
          <Label htmlFor="gl-close-date">Closes on (venue date)</Label>
          <Input
            id="gl-close-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            required
          />
        </Field>
        <Field>
          <Label htmlFor="gl-close-time">Closes at</Label>
          <Input
            id="gl-close-time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            required
          />
        </Field>
        <Field>
          <Label htmlFor="gl-cap">Plus-ones per guest</Label>
          <Input
            id="gl-cap"
            type="number"
            min={0}
            max={20}
            value={plusOnes}
            onChange={(e) => setPlusOnes(e.target.value)}
          />
        </Field>
      </Fields>
      <SmallButton type="submit" disabled={save.isPending}>
        Save close time
      </SmallButton>
    </Card>
  );
}

/** Promoters with their link codes (/tables?promo=CODE), and who brought whom (admins). */
export function PromotersPanel() {
  const promoters = usePromoters();
  const report = useGuestListReport(null);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const save = useSavePromoter({
    onSuccess: () => {
      toast({ title: 'Promoter saved', variant: 'success' });
      setName('');
      setCode('');
    },
    onError: fail('Could not save the promoter (codes are 4-16 letters or digits, unique)'),
  });
  return (
    <TabSection headingId="promoters-title" title="Promoters">
      <QueryFrame query={promoters} loadingLabel="Loading promoters…">
        <List aria-label="Promoters">
          {(promoters.data ?? []).map((p) => (
            <Item key={p.id}>
              <Row $gap={2} style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <strong>{p.name}</strong>
                <Actions>
                  <SmallButton
                    type="button"
                    $variant="ghost"
                    onClick={() =>
                      save.mutate({
                        id: p.id,
                        name: p.name,
                        code: p.code,
                        user_id: p.user_id,
                        is_active: !p.is_active,
                      })
                    }
                  >
                    {p.is_active ? 'Switch off' : 'Switch on'}
                  </SmallButton>
                </Actions>
              </Row>
              <Meta style={{ overflowWrap: 'anywhere' }}>
                Link: {`${window.location.origin}/tables?promo=${p.code}`}
                {p.is_active ? '' : ' (off)'}
              </Meta>
            </Item>
          ))}
        </List>
      </QueryFrame>
      <Card
        as="form"
        aria-label="Add a promoter"
        style={{ marginTop: 12 }}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate({ name, code, user_id: null, is_active: true });
        }}
      >
        <Fields>
          <Field>
            <Label htmlFor="pr-name">Name</Label>
            <Input
              id="pr-name"
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
          </Field>
          <Field>
            <Label htmlFor="pr-code">Link code</Label>
            <Input
              id="pr-code"
              maxLength={16}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
          </Field>
        </Fields>
        <SmallButton type="submit" disabled={save.isPending}>
          Add promoter
        </SmallButton>
      </Card>
      <h3 style={{ marginTop: 24 }}>Who brought whom</h3>
      <QueryFrame query={report} loadingLabel="Loading the report…">
        {report.data?.length ? (
          <List aria-label="Guests by promoter">
            {report.data.map((r) => (
              <Item key={`${r.eventId}-${r.promoterId ?? 'none'}`}>
                <strong>
                  {r.promoterName} · {r.eventTitle}
                </strong>
                <Meta>
                  {r.entries} names, {r.expected} expected, {r.arrived} arrived
                </Meta>
              </Item>
            ))}
          </List>
        ) : (
          <Muted>No names on any guest list yet.</Muted>
        )}
      </QueryFrame>
    </TabSection>
  );
}
