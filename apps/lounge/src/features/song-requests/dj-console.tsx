import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowDown, ArrowUp, Disc3, Undo2 } from 'lucide-react';
import { Button, Muted, media, theme, toast } from '@bistro/ui';
import {
  songRequestToasts,
  useLastCall,
  useLastCallMutation,
  useMoveUpNextMutation,
  useSongRequestStatusMutation,
  type SongRequest,
  type SongRequestStatus,
} from '@bistro/data';
import type { Queue } from './queue';

const FlatMuted = styled(Muted)`
  margin: 0;
`;

const BackLink = styled(Link)`
  margin-left: auto;
`;

/** One status change the DJ made, and how to take it back (the statuses before it). */
interface Action {
  label: string;
  /** In the order they are restored. */
  restore: { id: string; status: SongRequestStatus }[];
}

const Console = styled.div`
  display: grid;
  gap: ${theme.space(6)};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(3)};
`;

const Panel = styled.section`
  display: grid;
  gap: ${theme.space(3)};
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
`;

const Track = styled.li<{ $now?: boolean }>`
  display: grid;
  gap: ${theme.space(3)};
  padding: ${theme.space(4)};
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $now }) => ($now ? theme.colors.accent : theme.colors.border)};
  background: ${theme.colors.surface};
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const Song = styled.div`
  min-width: 0;
  strong {
    display: block;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
`;

const Tracks = styled.ul`
  display: grid;
  gap: ${theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Large targets for a DJ booth: at least 56 px, spaced apart. */
const Big = styled(Button)`
  min-height: 56px;
  min-width: 56px;
  font-size: 1.05rem;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

/**
 * The staff's DJ view of tonight's queue: Now Playing, Up Next and the open requests, each
 * with only the next steps that make sense (no votes, no DJ rating), large targets, and Undo
 * for the last change.
 */
export function DjConsole({ queue }: { queue: Queue<SongRequest> }) {
  const [last, setLast] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const setStatus = useSongRequestStatusMutation();
  const move = useMoveUpNextMutation();
  // the room screen's "last call" banner
  const lastCall = useLastCall();
  const callLast = useLastCallMutation();

  const run = async (work: () => Promise<unknown>, undo: Action | null) => {
    setBusy(true);
    try {
      await work();
      setLast(undo);
    } catch {
      toast(songRequestToasts.statusFailed);
    } finally {
      setBusy(false);
    }
  };

  /** Moves a request to `status`; Undo puts it (and a song it took the place of) back. */
  const change = (request: SongRequest, status: SongRequestStatus, label: string) => {
    const restore: Action['restore'] = [
      { id: request.id, status: request.status as SongRequestStatus },
    ];
    // Play Now ends the song playing now (the database marks it played): Undo plays it again
    if (status === 'playing' && queue.nowPlaying && queue.nowPlaying.id !== request.id)
      restore.push({ id: queue.nowPlaying.id, status: 'playing' });
    return run(() => setStatus.mutateAsync({ id: request.id, status }), {
      label: `${label}: ${request.song_title}`,
      restore,
    });
  };

  const reorder = (request: SongRequest, offset: -1 | 1) =>
    run(() => move.mutateAsync({ id: request.id, offset }), {
      label: `Moved ${offset < 0 ? 'up' : 'down'}: ${request.song_title}`,
      restore: [],
    });

  const undo = () => {
    if (!last) return;
    const steps = last.restore;
    if (steps.length === 0) return;
    void run(async () => {
      for (const step of steps) await setStatus.mutateAsync(step);
    }, null);
  };

  const now = queue.nowPlaying;
  return (
    <Console aria-label="DJ view">
      <Bar>
        <Big
          type="button"
          $variant="accent"
          disabled={busy || !last || last.restore.length === 0}
          onClick={undo}
          aria-describedby="dj-last-action"
        >
          <Undo2 aria-hidden size={20} /> Undo
        </Big>
        <FlatMuted id="dj-last-action" role="status">
          {last
            ? last.restore.length > 0
              ? `Last change: ${last.label}`
              : `${last.label} (use the arrows to move it back)`
            : 'Nothing to undo yet.'}
        </FlatMuted>
        <Big
          type="button"
          $variant={lastCall.data ? 'danger' : 'ghost'}
          aria-pressed={!!lastCall.data}
          disabled={callLast.isPending || lastCall.isPending}
          onClick={() =>
            callLast.mutate(!lastCall.data, {
              onError: () => toast(songRequestToasts.statusFailed),
            })
          }
        >
          {lastCall.data ? 'Lower Last Call' : 'Raise Last Call'}
        </Big>
        <BackLink to="/song-requests">Back to the lounge</BackLink>
      </Bar>

      <Panel aria-labelledby="dj-now">
        <h2 id="dj-now">
          <Disc3 aria-hidden size={22} /> Now Playing
        </h2>
        {now ? (
          <Tracks>
            <Track $now>
              <Song>
                <strong>{now.song_title}</strong>
                <FlatMuted>{now.artist}</FlatMuted>
              </Song>
              <Buttons>
                <Big
                  type="button"
                  disabled={busy}
                  onClick={() => void change(now, 'played', 'Played')}
                >
                  Played
                </Big>
              </Buttons>
            </Track>
          </Tracks>
        ) : (
          <Muted>Nothing is playing. Play the next song from Up Next.</Muted>
        )}
      </Panel>

      <Panel aria-labelledby="dj-up-next">
        <h2 id="dj-up-next">Up Next</h2>
        {queue.upNext.length === 0 ? (
          <Muted>Up Next is empty: take songs from the requests below.</Muted>
        ) : (
          <Tracks>
            {queue.upNext.map((r, i) => (
              <Track key={r.id} aria-label={r.song_title}>
                <Song>
                  <strong>{r.song_title}</strong>
                  <FlatMuted>{r.artist}</FlatMuted>
                </Song>
                <Buttons>
                  <Big
                    type="button"
                    disabled={busy}
                    onClick={() => void change(r, 'playing', 'Playing')}
                  >
                    Play Now
                  </Big>
                  <Big
                    type="button"
                    $variant="ghost"
                    aria-label={`Move ${r.song_title} up`}
                    disabled={busy || i === 0}
                    onClick={() => void reorder(r, -1)}
                  >
                    <ArrowUp aria-hidden size={20} />
                  </Big>
                  <Big
                    type="button"
                    $variant="ghost"
                    aria-label={`Move ${r.song_title} down`}
                    disabled={busy || i === queue.upNext.length - 1}
                    onClick={() => void reorder(r, 1)}
                  >
                    <ArrowDown aria-hidden size={20} />
                  </Big>
                  <Big
                    type="button"
                    $variant="ghost"
                    disabled={busy}
                    onClick={() => void change(r, 'pending', 'Back to requests')}
                  >
                    Back to Requests
                  </Big>
                </Buttons>
              </Track>
            ))}
          </Tracks>
        )}
      </Panel>

      <Panel aria-labelledby="dj-requests">
        <h2 id="dj-requests">Requests</h2>
        {queue.open.length === 0 ? (
          <Muted>No open requests.</Muted>
        ) : (
          <Tracks>
            {queue.open.map((r) => (
              <Track key={r.id} aria-label={r.song_title}>
                <Song>
                  <strong>{r.song_title}</strong>
                  <FlatMuted>
                    {r.artist} · {r.vote_count} {r.vote_count === 1 ? 'vote' : 'votes'}
                  </FlatMuted>
                </Song>
                <Buttons>
                  <Big
                    type="button"
                    disabled={busy}
                    onClick={() => void change(r, 'approved', 'Up Next')}
                  >
                    Up Next
                  </Big>
                  <Big
                    type="button"
                    $variant="danger"
                    disabled={busy}
                    onClick={() => void change(r, 'declined', 'Declined')}
                  >
                    Decline
                  </Big>
                </Buttons>
              </Track>
            ))}
          </Tracks>
        )}
      </Panel>
    </Console>
  );
}
