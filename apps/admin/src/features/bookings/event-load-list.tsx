import styled from 'styled-components';
import { Badge, theme } from '@bistro/ui';
import { useEventLoad, type EventLoad } from '@bistro/data';
import { formatDateTime } from '../shared/format';
import { capacityLine, EventCapacityEditor } from '../events/event-capacity';

const Details = styled.details`
  margin-bottom: ${theme.space(5)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space(3)} ${theme.space(4)};
  summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 32px;
  }
  ul {
    list-style: none;
    margin: ${theme.space(3)} 0 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${theme.space(3)};
  }
  li {
    display: flex;
    flex-direction: column;
    gap: ${theme.space(1)};
    padding-bottom: ${theme.space(3)};
    border-bottom: 1px solid ${theme.colors.border};
  }
`;

const Bar = styled.div<{ $fill: number; $full: boolean }>`
  height: 6px;
  border-radius: 3px;
  background: ${theme.colors.surfaceRaised};
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${({ $fill }) => Math.round($fill * 100)}%;
    border-radius: 3px;
    background: ${({ $full }) => ($full ? theme.colors.warning : theme.colors.success)};
  }
`;

function EventLoadRow({ load }: { load: EventLoad }) {
  const full = load.capacity !== null && load.guestsBooked >= load.capacity;
  return (
    <li aria-label={load.title}>
      <div>
        <strong>{load.title}</strong> · {formatDateTime(load.eventDate)}{' '}
        {load.isApproved ? null : <Badge $tone="warning">Not approved</Badge>}
        {full ? <Badge $tone="warning">Full</Badge> : null}
      </div>
      <span>{capacityLine(load.guestsBooked, load.capacity)}</span>
      {load.capacity !== null ? (
        <Bar
          $fill={Math.min(1, load.guestsBooked / load.capacity)}
          $full={full}
          role="img"
          aria-label={`${load.guestsBooked} of ${load.capacity} guests booked`}
        />
      ) : null}
      <EventCapacityEditor
        key={`${load.eventId}:${load.capacity ?? ''}`}
        eventId={load.eventId}
        eventTitle={load.title}
        capacity={load.capacity}
      />
    </li>
  );
}

/** Each upcoming event's guests booked (approved + pending) against its capacity. */
export function EventLoadList() {
  const load = useEventLoad();
  if (!load.data) return null;
  return (
    <Details open>
      <summary>Guests booked per event ({load.data.length})</summary>
      {load.data.length === 0 ? (
        <p>No upcoming events.</p>
      ) : (
        <ul aria-label="Guests booked per event">
          {load.data.map((row) => (
            <EventLoadRow key={row.eventId} load={row} />
          ))}
        </ul>
      )}
    </Details>
  );
}
