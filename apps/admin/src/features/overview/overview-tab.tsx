import styled from 'styled-components';
import { Button, Card, media, theme } from '@bistro/ui';
import { useAdminCounts } from '@bistro/data';
import { QueryFrame, TabSection } from '../shared/ui';
import type { AdminTabId } from '../dashboard/admin-tabs';

const Tiles = styled.ul`
  list-style: none;
  margin: 0 0 ${theme.space(5)};
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
  grid-template-columns: repeat(2, 1fr);
  ${media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Tile = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  padding: ${theme.space(4)};
  strong {
    font-size: 2rem;
    color: ${theme.colors.accent};
    line-height: 1;
  }
  span {
    color: ${theme.colors.textMuted};
  }
  button {
    margin-top: auto;
  }
`;

const numbers = new Intl.NumberFormat('en-US');

export function OverviewTab({ onOpen }: { onOpen: (tab: AdminTabId) => void }) {
  const counts = useAdminCounts();
  const tiles = counts.data
    ? ([
        { label: 'Total users', value: counts.data.users, tab: 'users' },
        { label: 'Pending events', value: counts.data.pendingEvents, tab: 'events' },
        { label: 'Pending bookings', value: counts.data.pendingBookings, tab: 'bookings' },
        { label: 'Photos awaiting review', value: counts.data.pendingPhotos, tab: 'photos' },
      ] as const)
    : [];
  return (
    <TabSection headingId="overview-heading" title="Overview">
      <Card style={{ marginBottom: 20 }}>
        <strong>Admin capacity: 5,000+ users</strong>
      </Card>
      <QueryFrame query={counts} loadingLabel="Loading figures…">
        <Tiles>
          {tiles.map((tile) => (
            <li key={tile.label}>
              <Tile data-testid={`count-${tile.tab}`}>
                <strong>{numbers.format(tile.value)}</strong>
                <span>{tile.label}</span>
                <Button
                  type="button"
                  $variant="ghost"
                  aria-label={`Review ${tile.label.toLowerCase()}`}
                  onClick={() => onOpen(tile.tab)}
                >
                  Review
                </Button>
              </Tile>
            </li>
          ))}
        </Tiles>
      </QueryFrame>
    </TabSection>
  );
}
