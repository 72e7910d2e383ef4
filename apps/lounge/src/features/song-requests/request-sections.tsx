import { memo, useMemo } from 'react';
import { Music2, TrendingUp } from 'lucide-react';
import styled from 'styled-components';
import { Muted, theme } from '@bistro/ui';
import { VOTES_PER_NIGHT, type SongRequest, type SongRequestStatus } from '@bistro/data';
import { splitTrending } from './request-list';
import { RequestRow } from './request-row';

const Section = styled.section`
  margin-top: ${theme.space(6)};
`;

const SectionHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(3)};
  h2 {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space(2)};
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Count = styled.span`
  color: ${theme.colors.textMuted};
  font-size: 0.9rem;
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const Empty = styled.div`
  margin-top: ${theme.space(6)};
  padding: ${theme.space(10)} ${theme.space(4)};
  text-align: center;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  h2 {
    font-size: 1.2rem;
    margin: ${theme.space(3)} 0 ${theme.space(2)};
  }
`;

export interface RequestSectionsProps {
  /** Open requests, filtered and ordered. */
  requests: SongRequest[];
  /** Whether anything was requested tonight at all (before the search, in any state). */
  hasAnyRequests: boolean;
  search: string;
  votedIds: ReadonlySet<string>;
  pendingVoteIds: ReadonlySet<string>;
  /** Requests whose vote change the member made offline and is waiting to be sent. */
  waitingVoteIds?: ReadonlySet<string>;
  pendingStatusIds: ReadonlySet<string>;
  isAdmin: boolean;
  onToggleVote: (request: SongRequest, voted: boolean) => void;
  onSetStatus: (request: SongRequest, status: SongRequestStatus) => void;
}

/** 'Trending Now' (top 3 with ranks), 'All Requests' (the rest, with a count) or the empty state. */
export const RequestSections = memo(function RequestSections({
  requests,
  hasAnyRequests,
  search,
  votedIds,
  pendingVoteIds,
  waitingVoteIds,
  pendingStatusIds,
  isAdmin,
  onToggleVote,
  onSetStatus,
}: RequestSectionsProps) {
  const { trending, rest } = useMemo(() => splitTrending(requests), [requests]);
  const voteLocked = votedIds.size >= VOTES_PER_NIGHT;

  if (!hasAnyRequests) {
    return (
      <Empty>
        <Music2 size={40} aria-hidden />
        <h2 elementtiming="song-requests">Silence is Golden... But Music is Better!</h2>
        <Muted>Be the first to drop a request tonight.</Muted>
      </Empty>
    );
  }
  if (requests.length === 0 && !search.trim()) {
    return (
      <Empty role="status">
        <h2>Every request is in the queue</h2>
        <Muted>Nothing is waiting for votes. Drop the next one!</Muted>
      </Empty>
    );
  }
  if (requests.length === 0) {
    return (
      <Empty role="status">
        <h2>No matches</h2>
        <Muted>No requests match “{search.trim()}”. Try another song or artist.</Muted>
      </Empty>
    );
  }

  const row = (request: SongRequest, rank?: number) => (
    <RequestRow
      key={request.id}
      request={request}
      rank={rank}
      voted={votedIds.has(request.id)}
      voteLocked={voteLocked}
      votePending={pendingVoteIds.has(request.id)}
      voteWaiting={waitingVoteIds?.has(request.id) ?? false}
      onToggleVote={onToggleVote}
      isAdmin={isAdmin}
      statusPending={pendingStatusIds.has(request.id)}
      onSetStatus={onSetStatus}
    />
  );

  return (
    <>
      <Section aria-labelledby="trending-now">
        <SectionHead>
          <h2 id="trending-now">
            <TrendingUp size={22} aria-hidden /> Trending Now
          </h2>
        </SectionHead>
        <List>{trending.map((request, i) => row(request, i + 1))}</List>
      </Section>
      {rest.length > 0 ? (
        <Section aria-labelledby="all-requests">
          <SectionHead>
            <h2 id="all-requests">All Requests</h2>
            <Count>
              {rest.length} {rest.length === 1 ? 'song' : 'songs'}
            </Count>
          </SectionHead>
          <List as="ul">{rest.map((request) => row(request))}</List>
        </Section>
      ) : null}
    </>
  );
});
