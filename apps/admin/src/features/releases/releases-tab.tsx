import styled from 'styled-components';
import { Muted, theme } from '@bistro/ui';
import {
  RELEASE_REPORT_DAYS,
  useReleaseStatus,
  type AreaStatus,
  type VersionStatus,
} from '@bistro/data';
import { formatDateTime } from '../shared/format';
import { EmptyState, Item, ItemHead, List, Meta, QueryFrame, TabSection } from '../shared/ui';

const TableWrap = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.95rem;
  }
  th,
  td {
    text-align: left;
    padding: ${theme.space(2)};
    border-bottom: 1px solid ${theme.colors.border};
    white-space: nowrap;
  }
  td.reason {
    white-space: normal;
    overflow-wrap: anywhere;
    min-width: 12rem;
  }
  code {
    font-size: 0.9rem;
  }
`;

const roleLabels: Record<VersionStatus['role'], string> = {
  live: 'Live',
  canary: 'Canary',
  earlier: 'Earlier (fallback)',
  other: 'Not in the pointer',
};

const percent = (rate: number | null) =>
  rate === null ? '–' : `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;

function AreaReleases({ status }: { status: AreaStatus }) {
  const headingId = `release-area-${status.area}`;
  return (
    <Item data-testid="release-area">
      <ItemHead>
        <h3 id={headingId}>{status.area}</h3>
        <Meta>
          Live <code>{status.live}</code>
          {status.canary ? (
            <>
              {' '}
              · canary <code>{status.canary.version}</code> for {status.canary.percent}% of browsers
            </>
          ) : null}
        </Meta>
      </ItemHead>
      <TableWrap>
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Role</th>
              <th scope="col">Loaded</th>
              <th scope="col">Refused</th>
              <th scope="col">Failed</th>
              <th scope="col">Crashed</th>
              <th scope="col">Error rate</th>
              <th scope="col">Latest reason</th>
            </tr>
          </thead>
          <tbody>
            {status.versions.map((v) => (
              <tr key={v.version} data-version={v.version}>
                <th scope="row">
                  <code>{v.version}</code>
                </th>
                <td>{roleLabels[v.role]}</td>
                <td>{v.loaded}</td>
                <td>{v.refused}</td>
                <td>{v.failed}</td>
                <td>{v.errors}</td>
                <td>{percent(v.errorRate)}</td>
                <td className="reason">{v.lastReason ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </Item>
  );
}

const historyLabels = {
  release: 'released',
  canary: 'started a canary of',
  promote: 'promoted',
  rollback: 'rolled back to',
} as const;

/**
 * The Releases tab: which version of each released area is live, the canary and its share,
 * how each version fared in the browsers over the last days (the shell's reports: loads,
 * releases its checks refused and why, failed loads, crashes) and the newest pointer changes.
 */
export function ReleasesTab() {
  const status = useReleaseStatus();
  return (
    <TabSection headingId="releases-title" title="Releases">
      <Muted style={{ marginTop: 0 }}>
        What each area runs (npm run release, promote, rollback) and how its versions fared in
        guests&apos; browsers over the last {RELEASE_REPORT_DAYS} days.
      </Muted>
      <QueryFrame query={status} loadingLabel="Loading releases…">
        {status.data?.areas.length ? (
          <List aria-label="Released areas">
            {status.data.areas.map((a) => (
              <AreaReleases key={a.area} status={a} />
            ))}
          </List>
        ) : (
          <EmptyState>
            No area is served from the release store: each loads from its configured host.
          </EmptyState>
        )}
        {status.data?.history.length ? (
          <section aria-labelledby="release-history-title" style={{ marginTop: 24 }}>
            <h3 id="release-history-title">History</h3>
            <List aria-label="Release history">
              {status.data.history.map((h) => (
                <li key={`${h.at}-${h.area}-${h.action}-${h.version}`}>
                  <Meta>
                    {formatDateTime(h.at)} · {h.area} {historyLabels[h.action]}{' '}
                    <code>{h.version}</code>
                    {h.previous && h.previous !== h.version ? (
                      <>
                        {' '}
                        (was <code>{h.previous}</code>)
                      </>
                    ) : null}
                  </Meta>
                </li>
              ))}
            </List>
          </section>
        ) : null}
      </QueryFrame>
    </TabSection>
  );
}
