import { useDeferredValue, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { Camera, CameraOff, ImageUp, Wifi, WifiOff } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  ErrorState,
  Heading,
  Input,
  LoadingState,
  Muted,
  Page,
  Row,
  Stack,
  media,
  theme,
} from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  adminLoadFailed,
  entryByCode,
  indexDoor,
  normaliseCode,
  searchDoor,
  useDoor,
  type DoorEntry,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { CameraScanner } from '../checkin/camera-scanner';
import { decodeImageFile } from '../checkin/qr-decode';
import { useOnline } from './use-online';

/** Entries shown at once; a search narrows the rest. */
export const DOOR_SHOWN = 50;

const Grid = styled.div`
  display: grid;
  gap: ${theme.space(4)};
  ${media.md} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Figure = styled.p`
  margin: 0;
  font-size: 2rem;
  font-weight: 700;
`;

const Meter = styled.progress`
  width: 100%;
  height: 0.75rem;
`;

const Entries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const EntryItem = styled.li<{ $done: boolean }>`
  background: ${theme.colors.surface};
  border: 1px solid ${({ $done }) => ($done ? theme.colors.success : theme.colors.border)};
  border-radius: ${theme.radii.md};
  padding: ${theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Banner = styled.p<{ $offline: boolean }>`
  margin: 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radii.md};
  font-weight: 600;
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  background: ${({ $offline }) => ($offline ? theme.colors.danger : theme.colors.surface)};
  color: ${({ $offline }) => ($offline ? '#fff' : 'inherit')};
`;

const Log = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  li {
    overflow-wrap: anywhere;
  }
`;

const HiddenFile = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  font-weight: 600;
`;

function EntryCard({
  entry,
  arrived,
  onScan,
}: {
  entry: DoorEntry;
  arrived: number;
  onScan: (entry: DoorEntry, people: number, idChecked: boolean) => Promise<void>;
}) {
  const [idChecked, setIdChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = Math.max(entry.partySize - arrived, 0);
  const scan = async (people: number) => {
    setBusy(true);
    try {
      await onScan(entry, people, idChecked);
    } finally {
      setBusy(false);
    }
  };
  const headingId = useId();
  return (
    <EntryItem $done={left === 0} aria-labelledby={headingId}>
      <Row $gap={2} style={{ justifyContent: 'space-between' }}>
        <h3 id={headingId}>{entry.guestName}</h3>
        <Badge $tone={entry.admissible ? (left === 0 ? 'success' : 'muted') : 'danger'}>
          {entry.label}
        </Badge>
      </Row>
      <Meta>
        <strong>
          {arrived} of {entry.partySize} in
        </strong>{' '}
        · code {entry.code}
        {entry.detail ? ` · ${entry.detail}` : ''}
      </Meta>
      {entry.admissible ? null : <Meta role="note">{entry.refusal ?? 'Not admitted tonight'}</Meta>}
      {entry.admissible && left > 0 ? (
        <Row $gap={2}>
          {entry.idRequired ? (
            <Check>
              <input
                type="checkbox"
                checked={idChecked}
                onChange={(e) => setIdChecked(e.target.checked)}
              />
              ID checked
            </Check>
          ) : null}
          <Button
            type="button"
            disabled={busy || (entry.idRequired && !idChecked)}
            aria-label={`Check in one of ${entry.guestName}'s party`}
            onClick={() => void scan(1)}
          >
            Check in 1
          </Button>
          {left > 1 ? (
            <Button
              type="button"
              $variant="ghost"
              disabled={busy || (entry.idRequired && !idChecked)}
              aria-label={`Check in all ${left} left of ${entry.guestName}'s party`}
              onClick={() => void scan(left)}
            >
              All {left}
            </Button>
          ) : null}
        </Row>
      ) : null}
    </EntryItem>
  );
}

/**
 * The door: tonight's arrivals from every kind of booking in one list, found by name or code
 * (typed, scanned with the camera or read from an uploaded image), plus-ones let in one by
 * one, the live headcount against the venue's capacity and each staff member's scans. It
 * keeps working offline with the list kept on the device; scans wait there and are sent
 * when the network is back, each decided by the server.
 */
export function DoorPage() {
  const userId = useUserId();
  const online = useOnline();
  const door = useDoor(userId, notify);
  const [query, setQuery] = useState('');
  const [scanning, setScanning] = useState(false);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { search: useId(), file: useId() };
  const entries = door.list.data?.entries;
  const index = useMemo(() => indexDoor(entries ?? []), [entries]);
  const deferred = useDeferredValue(query);
  const found = useMemo(() => searchDoor(index, deferred), [index, deferred]);

  const onCode = (raw: string) => {
    const code = normaliseCode(raw);
    setScanning(false);
    const entry = entryByCode(entries ?? [], code);
    setQuery(code);
    setCodeProblem(entry ? null : `No booking with code ${code} on tonight's list`);
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      const text = await decodeImageFile(file);
      if (text) onCode(text);
      else setCodeProblem('No QR code was found in that image.');
    } catch (error) {
      console.error('QR image could not be read', error);
      setCodeProblem('That file could not be read as an image.');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const exact = entryByCode(entries ?? [], query);
    if (exact) setCodeProblem(null);
  };

  const onScan = async (entry: DoorEntry, people: number, idChecked: boolean) => {
    await door.scan(entry, people, idChecked);
  };

  const capacity = door.headcount.data?.capacity ?? null;
  const waiting = door.pending.length;

  return (
    <Page data-area="admin">
      <Heading>Door</Heading>
      <Muted>
        Tonight&apos;s arrivals: event bookings, dinner reservations and lists in one place.{' '}
        <Link to="/host-stand">Open the host stand</Link> for tonight&apos;s VIP tables and guest
        list.
      </Muted>
      <Stack $gap={3}>
        {!online ? (
          <Banner $offline role="status">
            <WifiOff size={18} aria-hidden /> offline: {waiting} check-ins waiting
          </Banner>
        ) : waiting > 0 ? (
          <Banner $offline={false} role="status">
            <Wifi size={18} aria-hidden /> Sending {waiting} check-ins…
          </Banner>
        ) : null}
        {door.list.data?.fromDevice ? (
          <Muted role="note">
            Showing the list kept on this device (downloaded{' '}
            {new Date(door.list.data.savedAt).toLocaleTimeString()}).
          </Muted>
        ) : null}
        {online && door.live === 'down' ? (
          <Muted role="note">Live updates are delayed; the list refreshes every few seconds.</Muted>
        ) : null}
      </Stack>
      <Grid>
        <Stack $gap={4}>
          <form onSubmit={onSearch} role="search" aria-label="Find a guest">
            <label
              htmlFor={ids.search}
              style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}
            >
              Search by name or code
            </label>
            <Input
              id={ids.search}
              type="search"
              value={query}
              autoComplete="off"
              spellCheck={false}
              placeholder="Name or code"
              onChange={(e) => {
                setQuery(e.target.value);
                setCodeProblem(null);
              }}
            />
          </form>
          <Row $gap={2}>
            <Button type="button" $variant="ghost" onClick={() => setScanning((s) => !s)}>
              {scanning ? <CameraOff size={18} aria-hidden /> : <Camera size={18} aria-hidden />}
              {scanning ? 'Stop camera' : 'Scan with camera'}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => fileInput.current?.click()}>
              <ImageUp size={18} aria-hidden /> Upload QR image
            </Button>
            <HiddenFile
              id={ids.file}
              ref={fileInput}
              type="file"
              accept="image/*"
              aria-label="QR code image"
              tabIndex={-1}
              onChange={(e) => void onImage(e.target.files?.[0])}
            />
          </Row>
          {scanning ? <CameraScanner onCode={onCode} /> : null}
          {codeProblem ? <Muted role="alert">{codeProblem}</Muted> : null}
          {door.list.isPending ? (
            <LoadingState label="Loading tonight's list…" />
          ) : door.list.isError ? (
            <ErrorState
              title={adminLoadFailed.title}
              message={adminLoadFailed.description ?? ''}
              onRetry={() => void door.list.refetch()}
            />
          ) : (entries?.length ?? 0) === 0 ? (
            <Card>
              <strong>Nobody on tonight&apos;s list yet</strong>
              <Muted>Approved bookings and reservations for tonight appear here.</Muted>
            </Card>
          ) : found.length === 0 ? (
            <Muted role="status">Nobody on tonight&apos;s list matches “{query}”.</Muted>
          ) : (
            <section aria-label="Tonight's arrivals">
              <Muted role="status" style={{ marginBottom: 8 }}>
                {found.length > DOOR_SHOWN
                  ? `Showing ${DOOR_SHOWN} of ${found.length}; search to narrow.`
                  : `${found.length} on the list`}
              </Muted>
              <Entries>
                {found.slice(0, DOOR_SHOWN).map((entry) => (
                  <EntryCard
                    key={`${entry.kind}:${entry.sourceId}`}
                    entry={entry}
                    arrived={door.arrivedOf(entry)}
                    onScan={onScan}
                  />
                ))}
              </Entries>
            </section>
          )}
        </Stack>
        <Stack $gap={4}>
          <Card aria-labelledby="door-headcount">
            <h2 id="door-headcount" style={{ margin: 0, fontSize: '1.1rem' }}>
              Headcount
            </h2>
            <Figure aria-label="People in tonight">
              {door.arrivedTonight}
              {capacity !== null ? ` / ${capacity}` : ''}
            </Figure>
            {capacity !== null ? (
              <Meter
                max={capacity}
                value={Math.min(door.arrivedTonight, capacity)}
                aria-label="Headcount against capacity"
              />
            ) : (
              <Muted>No capacity set for tonight (Venue tab).</Muted>
            )}
          </Card>
          <Card aria-labelledby="door-staff">
            <h2 id="door-staff" style={{ margin: 0, fontSize: '1.1rem' }}>
              Scans per staff member
            </h2>
            {(door.headcount.data?.byStaff.length ?? 0) === 0 ? (
              <Muted>No scans yet tonight.</Muted>
            ) : (
              <Log>
                {door.headcount.data?.byStaff.map((s) => (
                  <li key={s.staffId ?? s.name}>
                    {s.name}: {s.people} in ({s.scans} {s.scans === 1 ? 'scan' : 'scans'})
                  </li>
                ))}
              </Log>
            )}
          </Card>
          <Card aria-labelledby="door-log">
            <h2 id="door-log" style={{ margin: 0, fontSize: '1.1rem' }}>
              Latest scans
            </h2>
            {door.notices.length === 0 ? (
              <Muted>Nothing scanned on this device yet.</Muted>
            ) : (
              <Log aria-live="polite">
                {door.notices.map((n) => (
                  <li key={n.id}>
                    <strong>{n.message.title}</strong>
                    {n.message.description ? ` — ${n.message.description}` : ''}
                  </li>
                ))}
              </Log>
            )}
          </Card>
        </Stack>
      </Grid>
    </Page>
  );
}
