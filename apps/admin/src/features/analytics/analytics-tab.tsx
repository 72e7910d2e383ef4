import styled from 'styled-components';
import { media, theme } from '@bistro/ui';
import { ANALYTICS_SHOWN, useLatestAnalytics } from '@bistro/data';
import { formatDateTime } from '../shared/format';
import { EmptyState, Meta, QueryFrame, TabSection } from '../shared/ui';
import { activityLabel, eventDataSummary } from './analytics-format';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${theme.space(3)} ${theme.space(2)};
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: top;
    /* Words stay whole; only a string longer than the line (an address) breaks. */
    overflow-wrap: break-word;
  }
  th {
    color: ${theme.colors.textMuted};
    font-weight: 600;
  }
  /* On phones each record is a small card: the activity, then its details and time. */
  @media not all and (min-width: ${theme.breakpoints.md}) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tr {
      display: block;
      padding: ${theme.space(3)} 0;
      border-bottom: 1px solid ${theme.colors.border};
    }
    td {
      display: block;
      padding: ${theme.space(0.5)} 0;
      border: 0;
    }
    td:first-child {
      font-weight: 600;
    }
    td:not(:first-child) {
      color: ${theme.colors.textMuted};
      font-size: 0.95rem;
    }
  }
  ${media.md} {
    td:last-child {
      white-space: nowrap;
    }
  }
`;

/** The latest analytics records: the 50 newest are fetched, 10 of them shown. */
export function AnalyticsTab() {
  const analytics = useLatestAnalytics();
  const rows = analytics.data?.slice(0, ANALYTICS_SHOWN) ?? [];
  return (
    <TabSection headingId="analytics-heading" title="Analytics">
      <QueryFrame query={analytics} loadingLabel="Loading analytics…">
        {rows.length > 0 ? (
          <>
            <Meta style={{ marginBottom: 12 }}>
              Showing the {rows.length} most recent of {analytics.data?.length} records fetched.
            </Meta>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Activity</th>
                  <th scope="col">Details</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{activityLabel(row.event_type, row.client_reported)}</td>
                    <td>{eventDataSummary(row.event_data) || '—'}</td>
                    <td>{formatDateTime(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        ) : (
          <EmptyState>No activity recorded yet.</EmptyState>
        )}
      </QueryFrame>
    </TabSection>
  );
}
