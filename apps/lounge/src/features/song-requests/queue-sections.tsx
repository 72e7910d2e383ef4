import { memo } from 'react';
import { Disc3, History, ListOrdered } from 'lucide-react';
import styled from 'styled-components';
import { Muted, theme } from '@bistro/ui';
import type { SongRequest, SongRequestStatus } from '@bistro/data';
import { RequestRow } from './request-row';

const Section = styled.section`
  margin-top: ${theme.space(6)};
  h2 {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space(2)};
    margin: 0 0 ${theme.space(3)};
    font-size: 1.25rem;
  }
`;

const NowPlayingCard = styled.div`
  border: 1px solid ${theme.colors.accent};
  border-radius: ${theme.radii.lg};
  padding: ${theme.space(2)};
  background: linear-gradient(135deg, rgba(242, 184, 75, 0.16), ${theme.colors.surface} 70%);
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

interface StaffProps {
  isAdmin: boolean;
  pendingStatusIds: ReadonlySet<string>;
  onSetStatus: (request: SongRequest, status: SongRequestStatus) => void;
  onMove: (request: SongRequest, offset: -1 | 1) => void;
}

const noop = () => undefined;

function QueueRow({
  request,
  staff,
  move,
}: {
  request: SongRequest;
  staff: StaffProps;
  move?: { up: boolean; down: boolean };
}) {
  return (
    <RequestRow
      request={request}
      voted={false}
      voteLocked
      votePending={false}
      onToggleVote={noop}
      isAdmin={staff.isAdmin}
      statusPending={staff.pendingStatusIds.has(request.id)}
      onSetStatus={staff.onSetStatus}
      onMove={move ? staff.onMove : undefined}
      canMoveUp={move?.up}
      canMoveDown={move?.down}
    />
  );
}

/** 'Now Playing': the one request on the decks, or a line saying nothing is. */
export const NowPlaying = memo(function NowPlaying({
  request,
  ...staff
}: StaffProps & { request: SongRequest | null }) {
  return (
    <Section aria-labelledby="now-playing">
      <h2 id="now-playing">
        <Disc3 size={22} aria-hidden /> Now Playing
      </h2>
      {request ? (
        <NowPlayingCard>
          <List>
            <QueueRow request={request} staff={staff} />
          </List>
        </NowPlayingCard>
      ) : (
        <Muted>Nothing from the request list is playing right now.</Muted>
      )}
    </Section>
  );
});

/** 'Up Next': approved requests in the staff's order (staff can move them). */
export const UpNext = memo(function UpNext({
  requests,
  ...staff
}: StaffProps & { requests: SongRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Section aria-labelledby="up-next">
      <h2 id="up-next">
        <ListOrdered size={22} aria-hidden /> Up Next
      </h2>
      <List>
        {requests.map((request, i) => (
          <QueueRow
            key={request.id}
            request={request}
            staff={staff}
            move={{ up: i > 0, down: i < requests.length - 1 }}
          />
        ))}
      </List>
    </Section>
  );
});

/** 'Played Tonight': the latest first. */
export const PlayedTonight = memo(function PlayedTonight({
  requests,
  ...staff
}: StaffProps & { requests: SongRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Section aria-labelledby="played-tonight">
      <h2 id="played-tonight">
        <History size={22} aria-hidden /> Played Tonight
      </h2>
      <List as="ul">
        {requests.map((request) => (
          <QueueRow key={request.id} request={request} staff={staff} />
        ))}
      </List>
    </Section>
  );
});
