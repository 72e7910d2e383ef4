import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Muted, Row, media, theme } from '@bistro/ui';
import {
  AUDIT_PAGE_SIZE,
  auditActionFamilies,
  useAuditLog,
  type AuditEntry,
  type AuditFilters,
} from '@bistro/data';
import { formatDateTime } from '../shared/format';
import { Item, Meta, QueryList, TabSection } from '../shared/ui';
import { useDebouncedValue } from '../shared/use-debounced-value';

const Filters = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(3)};
  ${media.md} {
    grid-template-columns: 1fr 1.5fr 1fr 1fr;
    align-items: end;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: ${theme.space(1)};
  }
  select,
  input {
    width: 100%;
    min-height: 44px;
    padding: 0 ${theme.space(3)};
    border-radius: ${theme.radii.sm};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
`;

const show = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? '(empty)'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** booking.checked_in -> "booking checked in". */
export const describeAction = (action: string) => action.replace(/[._]/g, ' ');

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <Item data-testid="activity-entry">
      <Meta>
        {formatDateTime(entry.at)} · {entry.actorEmail ?? 'A former admin'}
      </Meta>
      <p style={{ margin: '4px 0', fontWeight: 600 }}>
        {describeAction(entry.action)}
        {entry.rowKey ? (
          <Muted as="span" style={{ fontWeight: 400 }}>
            {' '}
            · {entry.tableName.replace(/_/g, ' ')} {entry.rowKey}
          </Muted>
        ) : null}
      </p>
      {entry.fields.length ? (
        <details>
          <summary>
            {entry.fields.length} {entry.fields.length === 1 ? 'field' : 'fields'}
          </summary>
          <ul style={{ margin: 0, paddingLeft: 20, overflowWrap: 'anywhere' }}>
            {entry.fields.map((f) => (
              <li key={f.field}>
                {f.field.replace(/_/g, ' ')}: {show(f.before)} → {show(f.after)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Item>
  );
}

/**
 * The Activity tab: the audit trail of staff actions (who, when, what, before
 * and after), newest first, filtered by kind of action, staff member and days,
 * a page of AUDIT_PAGE_SIZE at a time.
 */
export function ActivityTab() {
  const ids = { action: useId(), actor: useId(), from: useId(), to: useId() };
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Ids of the last row of each page shown before the current one.
  const [cursors, setCursors] = useState<number[]>([]);
  const actorEmail = useDebouncedValue(actor.trim());
  const filters: AuditFilters = {
    ...(action ? { action } : {}),
    ...(actorEmail ? { actorEmail } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(cursors.length ? { before: cursors[cursors.length - 1] } : {}),
  };
  const log = useAuditLog(filters);
  const rows = log.data ?? [];
  const reset = () => setCursors([]);

  return (
    <TabSection headingId="activity-title" title="Activity">
      <Muted style={{ marginTop: 0 }}>
        Every change a staff member made to guests&apos; data or the venue, as the database recorded
        it. Nobody can edit or remove these entries.
      </Muted>
      <Filters>
        <div>
          <label htmlFor={ids.action}>Action</label>
          <select
            id={ids.action}
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              reset();
            }}
          >
            <option value="">All actions</option>
            {auditActionFamilies.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.actor}>Staff member</label>
          <input
            id={ids.actor}
            type="search"
            value={actor}
            placeholder="E-mail"
            autoComplete="off"
            onChange={(e) => {
              setActor(e.target.value);
              reset();
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.from}>From</label>
          <input
            id={ids.from}
            type="date"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              reset();
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.to}>To</label>
          <input
            id={ids.to}
            type="date"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              reset();
            }}
          />
        </div>
      </Filters>
      <QueryList
        query={log}
        label="Staff activity"
        loadingLabel="Loading activity…"
        empty="No activity matches."
      >
        {(entries) => entries.map((entry) => <Entry key={entry.id} entry={entry} />)}
      </QueryList>
      <Row style={{ justifyContent: 'space-between', marginTop: 16 }}>
        <Button
          type="button"
          $variant="ghost"
          disabled={!cursors.length || log.isFetching}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          type="button"
          $variant="ghost"
          disabled={rows.length < AUDIT_PAGE_SIZE || log.isFetching}
          onClick={() => setCursors((c) => [...c, rows[rows.length - 1]!.id])}
        >
          Older
        </Button>
      </Row>
    </TabSection>
  );
}
