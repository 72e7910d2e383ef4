import { startTransition, useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { getRealtime, isSupabaseConfigured, onAuthStateChange } from '../lib/supabase-client';
import { nextTask, whenIdle } from '../lib/scheduling';

/**
 * Where a channel stands: 'connecting' until the first join answers, 'live'
 * while joined (changes arrive as they happen), 'down' after an error, a
 * timeout, a close or while the browser is offline (the page falls back to
 * polling and says so; the client keeps rejoining and the status returns to
 * 'live' when it succeeds).
 */
export type LiveStatus = 'connecting' | 'live' | 'down';

/** Handlers by broadcast event name; each receives the message payload. */
export type BroadcastHandlers = Record<string, (payload: Record<string, unknown>) => void>;

export interface RealtimeChannelOptions {
  /**
   * False holds the join back (status 'connecting'), e.g. until the page's
   * content is on screen: neither the realtime client's code nor the socket
   * competes with the first paint. When it turns true the channel joins once
   * the browser is idle, and `onLive` runs on that first join too, since the
   * page's data was fetched before it. Default true.
   */
  join?: boolean;
}

/**
 * Joins the private broadcast channel `topic` (null: none) with the signed-in
 * member's token, as supabase-js does (`channel(topic, { config: { private:
 * true } })` after `realtime.setAuth()`); the server checks on join that the
 * member may read the topic. Handlers may change between renders without a
 * rejoin. `onLive` runs each time the channel is joined again after being
 * down, so the caller can catch up on what it missed (and on a held-back
 * first join, see RealtimeChannelOptions).
 */
export function useRealtimeChannel(
  topic: string | null,
  handlers: BroadcastHandlers,
  onLive?: () => void,
  { join = true }: RealtimeChannelOptions = {},
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlersRef = useRef(handlers);
  const onLiveRef = useRef(onLive);
  useEffect(() => {
    handlersRef.current = handlers;
    onLiveRef.current = onLive;
  });
  // the event names joined for; a change of names rejoins
  const events = Object.keys(handlers).sort().join(',');

  // A join held back at first: the first join catches up and waits for an idle moment.
  const heldBack = useRef(!join);

  // without a configured client (no backend in the runtime config) there is no channel
  const enabled = topic !== null && isSupabaseConfigured();
  useEffect(() => {
    if (!topic || !enabled || !join) return undefined;
    let cancelled = false;
    let channel: RealtimeChannel | null = null;
    let wasDown = false;
    let joined = false;
    let catchUpOnJoin = heldBack.current;
    // A change of status re-renders the whole page that shows it: in a
    // transition, time sliced, not as one task inside the socket's message.
    const show = (next: LiveStatus) => {
      if (!cancelled) startTransition(() => setStatus(next));
    };
    // Broadcasts sent while the device was offline never arrive (Realtime keeps no backlog):
    // back online on a channel that stayed joined, the caller catches up all the same.
    let wentOffline = false;
    const goOffline = () => {
      wentOffline = true;
      show('down');
    };
    const goOnline = () => {
      if (joined && !wasDown) {
        if (wentOffline) onLiveRef.current?.();
        show('live');
      }
      wentOffline = false;
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    setStatus(
      typeof navigator !== 'undefined' && navigator.onLine === false ? 'down' : 'connecting',
    );

    let stopFollowingAuth = () => undefined as void;

    // Each step in a task of its own: loading the client, building the channel, joining
    // (opening the socket for the first channel) were one long task on a phone.
    const connect = async () => {
      const rt = await getRealtime();
      await rt.setAuth();
      if (cancelled) return;
      // a refreshed or new token: later joins (and the server's checks) use it
      stopFollowingAuth = onAuthStateChange((_event, session) => {
        void rt.setAuth(session?.access_token ?? null);
      });
      await nextTask();
      if (cancelled) return;
      const joining = rt.channel(topic, { config: { private: true } });
      channel = joining;
      for (const event of events.split(',').filter(Boolean)) {
        joining.on('broadcast', { event }, (message: { payload?: unknown }) => {
          const payload = message.payload;
          if (payload && typeof payload === 'object') {
            handlersRef.current[event]?.(payload as Record<string, unknown>);
          }
        });
      }
      await nextTask();
      if (cancelled) return;
      joining.subscribe((state) => {
        if (state === 'SUBSCRIBED') {
          joined = true;
          if (wasDown || catchUpOnJoin) onLiveRef.current?.();
          wasDown = false;
          catchUpOnJoin = false;
          show(navigator.onLine === false ? 'down' : 'live');
        } else {
          // CHANNEL_ERROR, TIMED_OUT, CLOSED: the client rejoins on its own
          joined = false;
          wasDown = true;
          show('down');
        }
      });
    };
    const start = () => void connect().catch(() => show('down'));
    let stopWaiting = () => undefined as void;
    if (heldBack.current) stopWaiting = whenIdle(start);
    else start();

    return () => {
      cancelled = true;
      stopWaiting();
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      stopFollowingAuth();
      if (channel) {
        const leaving = channel;
        void getRealtime().then((rt) => rt.removeChannel(leaving));
      }
    };
  }, [topic, events, enabled, join]);

  return enabled ? status : 'down';
}
