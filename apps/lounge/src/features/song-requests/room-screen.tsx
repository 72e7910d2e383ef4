import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Disc3, Flame, Megaphone } from 'lucide-react';
import { QrCode, theme } from '@bistro/ui';
import { useLastCall, type Dj, type SongRequest } from '@bistro/data';
import type { Queue } from './queue';

/** How many open requests the screen lists (the room reads them from across the floor). */
const TOP_REQUESTS = 5;
/** How many Up Next songs it lists. */
const UP_NEXT_SHOWN = 4;

// The whole viewport, above the site's bar: a TV or projector shows nothing else.
const Screen = styled.div`
  position: fixed;
  inset: 0;
  z-index: 200;
  overflow: hidden;
  display: flex;
  flex-direction: column;
  gap: 3vh;
  padding: 4vh 4vw;
  background: #07060c;
  color: #fff;
  font-size: clamp(16px, 2.4vh, 40px);
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 3vw;
  @media (max-aspect-ratio: 1/1) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const LastCall = styled.p`
  margin: 0;
  padding: 1.5vh 2vw;
  border-radius: 12px;
  background: ${theme.colors.accent};
  color: #000;
  font-size: 2.4em;
  font-weight: 800;
  text-align: center;
`;

const Block = styled.section`
  min-width: 0;
  h2 {
    margin: 0 0 1.5vh;
    font-size: 1.3em;
    color: ${theme.colors.accent};
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
`;

const Now = styled.p`
  margin: 0;
  font-size: 3em;
  font-weight: 800;
  line-height: 1.1;
  overflow-wrap: anywhere;
  small {
    display: block;
    font-size: 0.5em;
    font-weight: 600;
    color: #d8d4e6;
  }
`;

const Lines = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 1.2vh;
  li {
    display: flex;
    justify-content: space-between;
    gap: 1em;
    font-size: 1.5em;
    overflow-wrap: anywhere;
  }
  span {
    color: #d8d4e6;
    white-space: nowrap;
  }
`;

const Side = styled.div`
  display: grid;
  align-content: start;
  gap: 3vh;
`;

const Join = styled(QrCode)`
  width: min(28vh, 100%);
  padding: 1.2vh;
  border-radius: 12px;
`;

const noSubscription = () => () => undefined;

/**
 * The site's origin (what the join code points at); null on the server, which
 * cannot know the address the room uses: the code follows once the page is
 * hydrated.
 */
function useSiteOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
}

/** The night's lists, one above the other. */
const Column = styled.div`
  display: grid;
  gap: 4vh;
  align-content: start;
  min-width: 0;
`;

const Flat = styled.p`
  margin: 0;
`;

const Newest = styled.p`
  margin: 2vh 0 0;
`;

const DjName = styled(Now)`
  font-size: 2em;
`;

const JoinLine = styled.p`
  margin: 1vh 0 0;
`;

/**
 * The lounge on the room's TV (/song-requests?screen=1, opened by staff): Now Playing large,
 * Up Next, the most voted requests, tonight's DJ, a QR code to join, and staff's last call.
 * Live like the lounge itself, readable from across the room, and without requesters' names.
 */
export function RoomScreen({
  queue,
  dj,
  live,
}: {
  queue: Queue<SongRequest>;
  dj: Dj | null;
  /** The lounge's live connection state, for whoever watches the screen's health. */
  live?: string;
}) {
  const lastCall = useLastCall();
  // the newest open request: the room sees a request arrive, whatever its votes
  const newest = queue.open.reduce<SongRequest | null>(
    (a, r) => (!a || r.created_at > a.created_at ? r : a),
    null,
  );
  const origin = useSiteOrigin();
  const join = origin === null ? null : `${origin}/song-requests`;
  const now = queue.nowPlaying;
  return (
    <Screen aria-label="Room screen" data-testid="room-screen" data-live={live}>
      {lastCall.data ? (
        <LastCall role="status">
          <Megaphone aria-hidden size="1em" /> Last call at the bar!
        </LastCall>
      ) : null}
      <Body>
        <Column>
          <Block aria-labelledby="room-now">
            <h2 id="room-now">
              <Disc3 aria-hidden size="1em" /> Now Playing
            </h2>
            {now ? (
              <Now>
                {now.song_title}
                <small>{now.artist}</small>
              </Now>
            ) : (
              <Now>
                <small>Request a song and vote it up.</small>
              </Now>
            )}
          </Block>
          <Block aria-labelledby="room-next">
            <h2 id="room-next">Up Next</h2>
            {queue.upNext.length ? (
              <Lines>
                {queue.upNext.slice(0, UP_NEXT_SHOWN).map((r) => (
                  <li key={r.id}>
                    {r.song_title} <span>{r.artist}</span>
                  </li>
                ))}
              </Lines>
            ) : (
              <Flat>The DJ picks next from your requests.</Flat>
            )}
          </Block>
          <Block aria-labelledby="room-top">
            <h2 id="room-top">
              <Flame aria-hidden size="1em" /> Top Requests
            </h2>
            {queue.open.length ? (
              <Lines>
                {queue.open.slice(0, TOP_REQUESTS).map((r) => (
                  <li key={r.id} data-testid="room-request">
                    {r.song_title}
                    <span>
                      {r.vote_count} {r.vote_count === 1 ? 'vote' : 'votes'}
                    </span>
                  </li>
                ))}
              </Lines>
            ) : (
              <Flat>No requests yet: be the first.</Flat>
            )}
            {newest ? (
              <Newest data-testid="room-newest">
                Just requested: <strong>{newest.song_title}</strong>
              </Newest>
            ) : null}
          </Block>
        </Column>
        <Side>
          {dj ? (
            <Block aria-labelledby="room-dj">
              <h2 id="room-dj">On the decks</h2>
              <DjName>{dj.name}</DjName>
            </Block>
          ) : null}
          <Block aria-labelledby="room-join">
            <h2 id="room-join">Request a song</h2>
            {join === null ? null : <Join value={join} label={`QR code: ${join}`} />}
            <JoinLine>Scan to join the lounge.</JoinLine>
          </Block>
        </Side>
      </Body>
    </Screen>
  );
}
