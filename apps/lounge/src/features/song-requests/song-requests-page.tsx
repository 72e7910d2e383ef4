import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Music, Radio, Search, Star, WifiOff } from 'lucide-react';
import styled from 'styled-components';
import {
  Button,
  ErrorState,
  Heading,
  Input,
  LoadingState,
  Muted,
  Page,
  Row,
  media,
  preloadToaster,
  theme,
  toast,
} from '@bistro/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthStore, useUserId } from '@bistro/auth';
import {
  VOTES_PER_NIGHT,
  loungeRatingToasts,
  pollIntervalFor,
  requestPlayingToast,
  songRequestToasts,
  songVoteToasts,
  useLiveDj,
  useLoungeLive,
  useLoungeOffline,
  useMoveUpNextMutation,
  useMyVotes,
  useSongRequestStatusMutation,
  useSongVoteToggleMutation,
  useHasRatedTonight,
  useLiveDjRatings,
  useTonightsSongRequests,
  voteErrorToast,
  whenIdle,
  type DjRating,
  type SongRequest,
  type SongRequestStatus,
} from '@bistro/data';
import { DjConsole } from './dj-console';
import { RoomScreen } from './room-screen';
import { HowItWorks } from './how-it-works';
import { LiveDjCard } from './live-dj-card';
import { NowPlaying, PlayedTonight, UpNext } from './queue-sections';
import { filterRequests } from './request-list';
import { splitQueue } from './queue';
import { RequestSections } from './request-sections';
import { statusView } from './request-status';
import { usePendingIds, usePendingVotes } from './use-pending-ids';
import { WaitingToSend } from './waiting-to-send';
import { PlayingAlerts } from './playing-alerts';
import { useTonight } from './use-tonight';

const StaffLinks = styled.p`
  margin: 0 0 8px;
`;

/**
 * On a phone the night comes first: the request buttons, Now Playing and Up Next, then the
 * DJ's card, then the full list. From laptops up the DJ's card is a column of its own.
 */
const Layout = styled.div`
  display: grid;
  gap: ${theme.space(6)};
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'actions' 'now' 'dj' 'list';
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) 340px;
    grid-template-rows: auto auto 1fr;
    grid-template-areas: 'actions dj' 'now dj' 'list dj';
    align-items: start;
  }
`;

const Area = styled.div<{ $area: string }>`
  grid-area: ${({ $area }) => $area};
  min-width: 0;
`;

const Side = styled.div`
  grid-area: dj;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  ${media.lg} {
    position: sticky;
    top: ${theme.space(4)};
  }
`;

/** Links to the parts of a long list: Played Tonight is reachable without scrolling past it. */
const JumpLinks = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)} ${theme.space(4)};
  margin-top: ${theme.space(3)};
  font-size: 0.95rem;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const SearchBox = styled.div`
  position: relative;
  margin-top: ${theme.space(4)};
  svg {
    position: absolute;
    left: ${theme.space(3)};
    top: 50%;
    transform: translateY(-50%);
    color: ${theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    padding-left: ${theme.space(10)};
  }
`;

const Actions = styled(Row)`
  > button {
    flex: 1 1 140px;
    white-space: nowrap;
  }
`;

const LiveLine = styled.p<{ $down: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin: ${theme.space(3)} 0 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radii.pill};
  font-size: 0.9rem;
  border: 1px solid ${({ $down }) => ($down ? theme.colors.warning : theme.colors.border)};
  color: ${({ $down }) => ($down ? theme.colors.warning : theme.colors.textMuted)};
`;

// The two dialogs (with the dialog library, the star picker and the rating
// mutation) load when the member first reaches for one, not with the page:
// pointing at or focusing its button starts the download, opening it renders it.
const loadDropRequestDialog = () => import('./drop-request-dialog');
const loadRateDjDialog = () => import('./rate-dj-dialog');
const DropRequestDialog = lazy(() =>
  loadDropRequestDialog().then((m) => ({ default: m.DropRequestDialog })),
);
const RateDjDialog = lazy(() => loadRateDjDialog().then((m) => ({ default: m.RateDjDialog })));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
const preloadDropRequestDialog = preload(loadDropRequestDialog);
const preloadRateDjDialog = preload(loadRateDjDialog);

/**
 * Runs `work` once, in a task of its own after the next frame has been painted, or
 * after 250 ms if no frame comes (a page hidden right after the tap paints none).
 */
function afterNextPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 250);
}

const EMPTY: readonly string[] = [];
const NO_RATINGS: DjRating[] = [];

/** The song request lounge (/song-requests). Members only (see app.tsx). */
export function SongRequestsPage() {
  const userId = useUserId() ?? '';
  const isAdmin = useAuthStore((s) => s.isAdmin);
  // staff's DJ view of the queue (/song-requests?view=dj)
  const [params] = useSearchParams();
  const djView = isAdmin && params.get('view') === 'dj';
  // the room's TV (/song-requests?screen=1), opened by staff
  const roomScreen = isAdmin && params.get('screen') === '1';
  const tonight = useTonight();

  // Live updates patch the lists as changes happen; while they flow the lists
  // are refreshed every 30 s only, and every 5 s again when they stop. The
  // channel (and the realtime client's code) waits until the page's content is
  // on screen, then fetches the lists once more for what changed before it joined.
  const [contentShown, setContentShown] = useState(false);
  const live = useLoungeLive({
    userId: userId || undefined,
    onMyRequestPlaying: (request) => toast(requestPlayingToast(request)),
    join: contentShown,
  });
  const pollMs = pollIntervalFor(live);

  const requestsQuery = useTonightsSongRequests(tonight, pollMs);
  const votesQuery = useMyVotes(userId || undefined, tonight, pollMs);
  const djQuery = useLiveDj();
  const dj = djQuery.data ?? null;
  // Fetched beside the DJ, not after it: the query picks the same live DJ itself.
  const ratingsQuery = useLiveDjRatings(tonight, pollMs);
  const ratedTonight = useHasRatedTonight(userId || undefined, dj?.id, tonight);

  // The page appears once, with the DJ card and its reviews filled in: rendering
  // them as they arrive pushed the request list down (layout shift on phones).
  // The render that first shows it runs in the background (a deferred value),
  // in slices between which the browser stays responsive, not as one long task
  // when the last answer arrives; the loading state stays up meanwhile. Later
  // changes (polls, live updates, the member's own votes) render at once.
  const djCardPending = djQuery.isPending || (dj !== null && ratingsQuery.isPending);
  const loaded = !requestsQuery.isPending && !djCardPending;
  const loadedBehind = useDeferredValue(loaded);
  const showContent = loaded && loadedBehind;
  useEffect(() => {
    if (showContent) setContentShown(true);
  }, [showContent]);
  // A request or vote made offline is confirmed by a toast: its code is fetched while online,
  // once the main thread is idle (not inside the effects that follow the first render).
  useEffect(() => (contentShown ? whenIdle(preloadToaster) : undefined), [contentShown]);

  // The two answers can straddle a change of DJ: then the ratings are for
  // another DJ, not shown, and fetched again for this one.
  const ratingsDjId = ratingsQuery.data?.djId;
  const ratings =
    ratingsDjId !== undefined && ratingsDjId === dj?.id ? ratingsQuery.data : undefined;
  const refetchRatings = ratingsQuery.refetch;
  const ratingsForOtherDj = dj !== null && ratingsDjId !== undefined && ratingsDjId !== dj.id;
  useEffect(() => {
    if (ratingsForOtherDj) void refetchRatings();
  }, [ratingsForOtherDj, refetchRatings]);

  // A failed load toasts once per outage (not on every 5 s poll); the last list stays up.
  const requestsFailed = requestsQuery.isError;
  useEffect(() => {
    if (requestsFailed) toast(songRequestToasts.loadFailed);
  }, [requestsFailed]);
  // A failed votes load is logged only: the requests still show, without vote marks.
  const votesError = votesQuery.error;
  useEffect(() => {
    if (votesError) console.error('Failed to load your votes', votesError);
  }, [votesError]);
  const ratingsError = ratingsQuery.error;
  useEffect(() => {
    if (ratingsError) console.error("Failed to load tonight's DJ ratings", ratingsError);
  }, [ratingsError]);

  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const requests = requestsQuery.data;
  const hasAnyRequests = (requests?.length ?? 0) > 0;
  const queue = useMemo(
    () => splitQueue(filterRequests(requests ?? [], deferredSearch)),
    [requests, deferredSearch],
  );

  // Requests and vote changes made offline wait on the phone; the lists show them at once.
  const waiting = useLoungeOffline(userId || undefined, toast);
  // A vote change in flight shows at once too, until the member's votes are read back.
  const { votes: pendingVotes, add: addPendingVote, remove: removePendingVote } = usePendingVotes();
  const votedList = votesQuery.data ?? EMPTY;
  const votedIds = useMemo(() => {
    const ids = new Set(votedList);
    for (const changes of [waiting.votes, pendingVotes]) {
      for (const [id, voted] of changes) {
        if (voted) ids.add(id);
        else ids.delete(id);
      }
    }
    return ids;
  }, [votedList, waiting.votes, pendingVotes]);
  const pendingVoteIds = useMemo(() => new Set(pendingVotes.keys()), [pendingVotes]);
  // A change being sent is not waiting: it says so only once it stays on the phone.
  const waitingVoteIds = useMemo(
    () => new Set([...waiting.votes.keys()].filter((id) => !pendingVotes.has(id))),
    [waiting.votes, pendingVotes],
  );
  const votesUsed = votedIds.size;

  // Stable callbacks so memoised rows skip re-rendering on each poll.
  const votedRef = useRef(votedIds);
  useEffect(() => {
    votedRef.current = votedIds;
  }, [votedIds]);
  const toggle = useSongVoteToggleMutation({
    onSuccess: (result, vars) => {
      // a vote kept offline is marked on its row as waiting to send
      if (vars.action === 'add' && result === 'sent') toast(songVoteToasts.added);
    },
    onError: (error, vars) => {
      const message = voteErrorToast(error, vars.action);
      if (message) toast(message);
    },
  });
  const toggleMutate = toggle.mutateAsync;

  // Voting re-sorts the list (and disables the button while the vote is sent):
  // keyboard focus comes back to the same request's vote button, until the
  // member moves on to something else.
  const refocusVote = useRef<string | null>(null);
  useEffect(() => {
    const elsewhere = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const id = target?.closest('[data-vote-id]')?.getAttribute('data-vote-id');
      if (id !== refocusVote.current) refocusVote.current = null;
    };
    document.addEventListener('focusin', elsewhere);
    document.addEventListener('pointerdown', elsewhere);
    return () => {
      document.removeEventListener('focusin', elsewhere);
      document.removeEventListener('pointerdown', elsewhere);
    };
  }, []);
  useLayoutEffect(() => {
    const id = refocusVote.current;
    if (!id) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-vote-id="${id}"]`);
    if (button && !button.disabled) button.focus();
  });

  const onToggleVote = useCallback(
    (request: SongRequest, voted: boolean) => {
      if (!userId) return;
      if (document.activeElement?.getAttribute('data-vote-id') === request.id) {
        refocusVote.current = request.id;
      }
      if (!voted && votedRef.current.size >= VOTES_PER_NIGHT) {
        toast(songVoteToasts.limit);
        return;
      }
      // The row shows the vote at once (pressed, busy); keeping it on the device and sending
      // it start once that frame is painted, so the tap's answer is not held up by them.
      addPendingVote(request.id, !voted);
      afterNextPaint(() => {
        toggleMutate({ songRequestId: request.id, userId, action: voted ? 'remove' : 'add' })
          .catch(() => undefined) // reported by onError
          .finally(() => removePendingVote(request.id));
      });
    },
    [userId, toggleMutate, addPendingVote, removePendingVote],
  );

  const {
    ids: pendingStatusIds,
    add: addPendingStatus,
    remove: removePendingStatus,
  } = usePendingIds();
  const setStatus = useSongRequestStatusMutation({
    onSuccess: (_data, vars) =>
      toast({
        title: 'Status Updated',
        description: `Marked ${statusView(vars.status).label}`,
        variant: 'success',
      }),
    onError: () => toast(songRequestToasts.statusFailed),
  });
  const setStatusMutate = setStatus.mutateAsync;
  const onSetStatus = useCallback(
    (request: SongRequest, status: SongRequestStatus) => {
      addPendingStatus(request.id);
      setStatusMutate({ id: request.id, status })
        .catch(() => undefined) // reported by onError
        .finally(() => removePendingStatus(request.id));
    },
    [setStatusMutate, addPendingStatus, removePendingStatus],
  );

  const move = useMoveUpNextMutation({ onError: () => toast(songRequestToasts.statusFailed) });
  const moveMutate = move.mutateAsync;
  const onMove = useCallback(
    (request: SongRequest, offset: -1 | 1) => {
      addPendingStatus(request.id);
      moveMutate({ id: request.id, offset })
        .catch(() => undefined) // reported by onError
        .finally(() => removePendingStatus(request.id));
    },
    [moveMutate, addPendingStatus, removePendingStatus],
  );
  const staff = { isAdmin, pendingStatusIds, onSetStatus, onMove };

  const [dropOpen, setDropOpen] = useState(false);
  const [rateOpen, setRateOpen] = useState(false);
  // The member's request just sent: once it is on the list, it is scrolled to and outlined.
  const [spotlight, setSpotlight] = useState<string | null>(null);
  useEffect(() => {
    if (!spotlight) return;
    const row = document.getElementById(`request-${spotlight}`)?.closest('li');
    if (!row) return; // not on the list yet: tried again when the list changes
    setSpotlight(null);
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    row.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    row.setAttribute('data-spotlight', '');
    // the outline is a moment's pointer, not a state: it fades by itself
    window.setTimeout(() => row.removeAttribute('data-spotlight'), 4_000);
  }, [spotlight, requests]);
  // Once opened, a dialog stays mounted (closed), keeping what was typed in it.
  const [dropUsed, setDropUsed] = useState(false);
  const [rateUsed, setRateUsed] = useState(false);
  const openDrop = () => {
    setDropUsed(true);
    setDropOpen(true);
  };
  const openRating = () => {
    if (!dj) {
      toast(loungeRatingToasts.noDj);
      return;
    }
    // one rating per DJ per night: said before the dialog, not after the stars
    if (ratedTonight.data) {
      toast(loungeRatingToasts.duplicate);
      return;
    }
    setRateUsed(true);
    setRateOpen(true);
  };

  if (!showContent) {
    return <LoadingState label="Loading the Vibe..." />;
  }
  if (requestsQuery.isError && !requests) {
    return (
      <Page data-area="lounge" data-route="/song-requests">
        <Heading>Tonight&apos;s Request Lounge</Heading>
        <ErrorState
          title="Connection Issue"
          message="Failed to load song requests"
          onRetry={() => void requestsQuery.refetch()}
        />
      </Page>
    );
  }

  if (roomScreen) return <RoomScreen queue={queue} dj={dj} live={live} />;
  if (djView) {
    return (
      <Page data-area="lounge" data-route="/song-requests" data-view="dj">
        <Heading>DJ View</Heading>
        <Muted>Tonight&apos;s queue for the booth: play, reorder, take requests, undo.</Muted>
        <DjConsole queue={queue} />
      </Page>
    );
  }

  return (
    <Page data-area="lounge" data-route="/song-requests" data-live={live}>
      <Heading>Tonight&apos;s Request Lounge</Heading>
      <Muted>Request the songs you want to hear and vote the best ones up the list.</Muted>
      {isAdmin ? (
        <StaffLinks>
          <Link to="/song-requests?view=dj">Open the DJ view</Link> (large buttons, undo) ·{' '}
          <Link to="/song-requests?screen=1">Open the room screen</Link> (for the TV)
        </StaffLinks>
      ) : null}
      {live === 'down' ? (
        <LiveLine role="status" $down>
          <WifiOff size={16} aria-hidden /> Live updates paused - refreshing every 5 seconds
        </LiveLine>
      ) : live === 'live' ? (
        <LiveLine $down={false}>
          <Radio size={16} aria-hidden /> Live
        </LiveLine>
      ) : null}
      {userId ? <PlayingAlerts userId={userId} /> : null}
      <Layout>
        <Area $area="actions">
          <Actions>
            <Button
              type="button"
              onClick={openDrop}
              onPointerEnter={preloadDropRequestDialog}
              onPointerDown={preloadDropRequestDialog}
              onFocus={preloadDropRequestDialog}
            >
              <Music size={18} aria-hidden /> Drop a Request
            </Button>
            <Button
              type="button"
              $variant="accent"
              onClick={openRating}
              onPointerEnter={dj ? preloadRateDjDialog : undefined}
              onPointerDown={dj ? preloadRateDjDialog : undefined}
              onFocus={dj ? preloadRateDjDialog : undefined}
            >
              <Star size={18} aria-hidden /> Rate the DJ
            </Button>
          </Actions>
          {hasAnyRequests ? (
            <JumpLinks aria-label="Parts of tonight's list">
              <a href="#all-requests-list">All requests</a>
              {queue.played.length > 0 ? <a href="#played-tonight">Played Tonight</a> : null}
            </JumpLinks>
          ) : null}
        </Area>
        {hasAnyRequests ? (
          <Area $area="now">
            <NowPlaying request={queue.nowPlaying} {...staff} />
            <UpNext requests={queue.upNext} {...staff} />
          </Area>
        ) : null}
        <Side>
          <LiveDjCard
            dj={dj}
            djLoading={djQuery.isPending}
            ratingsTonight={ratings?.total}
            reviews={ratings?.ratings ?? NO_RATINGS}
            votesUsed={votesUsed}
          />
        </Side>
        <Area $area="list" id="all-requests-list" tabIndex={-1}>
          <SearchBox>
            <Search size={18} aria-hidden />
            <Input
              type="search"
              placeholder="Search songs or artists..."
              aria-label="Search songs or artists"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </SearchBox>
          <WaitingToSend requests={waiting.requests} />
          <RequestSections
            requests={queue.open}
            hasAnyRequests={hasAnyRequests}
            search={deferredSearch}
            votedIds={votedIds}
            pendingVoteIds={pendingVoteIds}
            waitingVoteIds={waitingVoteIds}
            pendingStatusIds={pendingStatusIds}
            isAdmin={isAdmin}
            onToggleVote={onToggleVote}
            onSetStatus={onSetStatus}
          />
          <PlayedTonight requests={queue.played} {...staff} />
          <HowItWorks />
        </Area>
      </Layout>
      {dropUsed ? (
        <Suspense fallback={null}>
          <DropRequestDialog
            open={dropOpen}
            onOpenChange={setDropOpen}
            onRequested={setSpotlight}
            userId={userId}
          />
        </Suspense>
      ) : null}
      {dj && rateUsed ? (
        <Suspense fallback={null}>
          <RateDjDialog
            open={rateOpen}
            onOpenChange={setRateOpen}
            dj={dj}
            userId={userId}
            tonight={tonight}
          />
        </Suspense>
      ) : null}
    </Page>
  );
}
