import { memo } from 'react';
import { ArrowDown, ArrowUp, CloudOff, Flame, Loader2 } from 'lucide-react';
import styled from 'styled-components';
import { Badge, badgeToneColour, media, theme, toast, type BadgeTone } from '@bistro/ui';
import { VOTES_PER_NIGHT, type SongRequest, type SongRequestStatus } from '@bistro/data';
import { statusView, type StatusTone } from './request-status';

const badgeTone: Record<StatusTone, BadgeTone> = {
  approved: 'success',
  playing: 'accent',
  played: 'primary',
  declined: 'danger',
  pending: 'muted',
};

// The row's styled parts have no interpolated props: their CSS is built once for
// the page, not per row and render; what varies (trending, the status tone, the
// member's vote) is selected by an attribute on the element.
const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${theme.space(3)};
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  &[data-trending] {
    border-color: ${theme.colors.accent};
    background: linear-gradient(90deg, rgba(242, 184, 75, 0.12), ${theme.colors.surface} 60%);
  }
  /* the member's own new request, just added: where it landed in the list */
  &[data-spotlight] {
    outline: 3px solid ${theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Rank = styled.span`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${theme.colors.accent};
  color: ${theme.colors.accentText};
  font-weight: 800;
`;

const toneColours = (Object.keys(badgeTone) as StatusTone[])
  .map((tone) => `&[data-tone='${tone}'] { color: ${badgeToneColour[badgeTone[tone]]}; }`)
  .join('\n');

const StatusIcon = styled.span`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  ${toneColours}
`;

const Body = styled.div`
  min-width: 0;
`;

const Title = styled.p`
  margin: 0;
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

const StatusBadge = styled(Badge)`
  margin-top: ${theme.space(1)};
  > svg {
    margin-right: 4px;
    vertical-align: -1px;
  }
`;

const VoteButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(1)};
  min-width: 64px;
  min-height: 44px;
  padding: 0 ${theme.space(3)};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.primary};
  background: transparent;
  color: ${theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

/** What a member out of votes is told on tapping another song's vote. */
export const outOfVotes = {
  title: 'No votes left tonight',
  description: `You have used your ${VOTES_PER_NIGHT} votes tonight. Take one back to vote for this song.`,
};

const AdminBar = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  ${media.md} {
    grid-column: 2 / -1;
  }
`;

const AdminButton = styled.button`
  min-height: 44px;
  padding: 0 ${theme.space(3)};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
  font-size: 0.9rem;
  cursor: pointer;
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

/** The member's vote change made offline, kept on the phone until it is sent. */
const Waiting = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  margin: ${theme.space(1)} 0 0;
  color: ${theme.colors.warning};
  font-size: 0.85rem;
  font-weight: 600;
`;

const VoteCount = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  min-width: 64px;
  justify-content: center;
  color: ${theme.colors.textMuted};
  font-weight: 700;
`;

/** The staff's moves from each state (approve = join Up Next at the end). */
const adminActions: Record<string, { status: SongRequestStatus; label: string }[]> = {
  pending: [
    { status: 'approved', label: 'Approve' },
    { status: 'playing', label: 'Play Now' },
    { status: 'played', label: 'Played' },
    { status: 'declined', label: 'Decline' },
  ],
  approved: [
    { status: 'playing', label: 'Play Now' },
    { status: 'played', label: 'Played' },
    { status: 'pending', label: 'Back to Requests' },
    { status: 'declined', label: 'Decline' },
  ],
  playing: [{ status: 'played', label: 'Played' }],
  played: [],
};

export interface RequestRowProps {
  request: SongRequest;
  /** 1-3 in 'Trending Now'. */
  rank?: number;
  voted: boolean;
  /** The member has used all their votes tonight and this song is not one of them. */
  voteLocked: boolean;
  votePending: boolean;
  /** The member's vote change is kept on the phone, waiting to be sent. */
  voteWaiting?: boolean;
  onToggleVote: (request: SongRequest, voted: boolean) => void;
  isAdmin: boolean;
  statusPending: boolean;
  onSetStatus: (request: SongRequest, status: SongRequestStatus) => void;
  /** Up Next only: move one place earlier (-1) or later (1); absent at that end. */
  onMove?: (request: SongRequest, offset: -1 | 1) => void;
  canMoveUp?: boolean;
  canMoveDown?: boolean;
}

/**
 * One request. Memoised: a poll that returns the same row (react-query keeps
 * unchanged rows referentially equal) and the same vote state skips it.
 */
export const RequestRow = memo(function RequestRow({
  request,
  rank,
  voted,
  voteLocked,
  votePending,
  voteWaiting = false,
  onToggleVote,
  isAdmin,
  statusPending,
  onSetStatus,
  onMove,
  canMoveUp = false,
  canMoveDown = false,
}: RequestRowProps) {
  const status = statusView(request.status);
  // votes are taken on open requests only
  const open = status.tone === 'pending';
  const actions = adminActions[status.tone] ?? [];
  const titleId = `request-${request.id}`;
  return (
    <Item
      data-trending={rank !== undefined ? '' : undefined}
      aria-labelledby={titleId}
      data-testid="song-request"
    >
      {rank !== undefined ? (
        <Rank aria-label={`Rank ${rank}`}>#{rank}</Rank>
      ) : (
        <StatusIcon data-tone={status.tone} aria-hidden>
          <status.Icon size={24} />
        </StatusIcon>
      )}
      <Body>
        <Title id={titleId} elementtiming="song-requests">
          {request.song_title}
        </Title>
        <Meta>
          {request.artist} · requested by {request.requested_by_name}
        </Meta>
        <StatusBadge $tone={badgeTone[status.tone]}>
          {rank !== undefined ? <status.Icon size={12} aria-hidden /> : null}
          {status.label}
        </StatusBadge>
        {voteWaiting ? (
          <Waiting data-testid="vote-waiting">
            <CloudOff size={14} aria-hidden />
            {voted ? 'Your vote is waiting to send' : 'Taking back your vote: waiting to send'}
          </Waiting>
        ) : null}
      </Body>
      {open ? (
        <VoteButton
          type="button"
          data-vote-id={request.id}
          aria-pressed={voted}
          aria-label={`${voted ? 'Remove your vote for' : 'Vote for'} ${request.song_title}, ${request.vote_count} ${request.vote_count === 1 ? 'vote' : 'votes'}`}
          disabled={votePending}
          // out of votes: it still answers a tap (a touch screen has no tooltip) with why
          aria-disabled={voteLocked && !voted ? true : undefined}
          title={
            voteLocked && !voted ? `You have used your ${VOTES_PER_NIGHT} votes tonight` : undefined
          }
          onClick={() => (voteLocked && !voted ? toast(outOfVotes) : onToggleVote(request, voted))}
        >
          {votePending ? (
            <Loader2 size={18} aria-hidden />
          ) : (
            <Flame size={18} aria-hidden fill={voted ? 'currentColor' : 'none'} />
          )}
          <span data-testid="vote-count">{request.vote_count}</span>
        </VoteButton>
      ) : (
        <VoteCount
          aria-label={`${request.vote_count} ${request.vote_count === 1 ? 'vote' : 'votes'}`}
        >
          <Flame size={18} aria-hidden />
          <span data-testid="vote-count">{request.vote_count}</span>
        </VoteCount>
      )}
      {isAdmin && (actions.length > 0 || onMove) ? (
        <AdminBar role="group" aria-label={`Set status of ${request.song_title}`}>
          {onMove ? (
            <>
              <AdminButton
                type="button"
                aria-label={`Move ${request.song_title} up`}
                disabled={statusPending || !canMoveUp}
                onClick={() => onMove(request, -1)}
              >
                <ArrowUp size={16} aria-hidden />
              </AdminButton>
              <AdminButton
                type="button"
                aria-label={`Move ${request.song_title} down`}
                disabled={statusPending || !canMoveDown}
                onClick={() => onMove(request, 1)}
              >
                <ArrowDown size={16} aria-hidden />
              </AdminButton>
            </>
          ) : null}
          {actions.map((action) => (
            <AdminButton
              key={action.status}
              type="button"
              disabled={statusPending}
              onClick={() => onSetStatus(request, action.status)}
            >
              {action.label}
            </AdminButton>
          ))}
        </AdminBar>
      ) : null}
    </Item>
  );
});
