import { useState } from 'react';
import { Muted } from '@bistro/ui';
import { useGuestDoorHistory } from '@bistro/data';
import { formatDate } from '../shared/format';

function HistoryList({ userId }: { userId: string }) {
  const history = useGuestDoorHistory(userId);
  if (history.isPending) return <Muted role="status">Loading door history…</Muted>;
  if (history.isError) return <Muted role="alert">The door history could not be loaded.</Muted>;
  if (history.data.length === 0) return <Muted>No arrivals or no-shows yet.</Muted>;
  const arrived = history.data.filter((v) => v.outcome === 'arrived').length;
  const missed = history.data.length - arrived;
  return (
    <>
      <Muted style={{ margin: '4px 0' }}>
        {arrived} arrived · {missed} {missed === 1 ? 'no-show' : 'no-shows'}
      </Muted>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {history.data.map((v) => (
          <li key={`${v.kind}:${v.sourceId}`}>
            {v.happenedAt ? formatDate(v.happenedAt) : 'No date'} · {v.title} · {v.people}{' '}
            {v.people === 1 ? 'guest' : 'guests'} ·{' '}
            <strong>{v.outcome === 'arrived' ? 'Arrived' : 'No-show'}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A member's arrivals and no-shows at the door, read when opened. */
export function DoorHistory({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary style={{ cursor: 'pointer', minHeight: 32 }}>Door history</summary>
      {open ? <HistoryList userId={userId} /> : null}
    </details>
  );
}
