import { useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { getRealtime, isSupabaseConfigured, onAuthStateChange } from '../lib/supabase-client';

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

/**
 * Joins the private broadcast channel `topic` (null: none) with the signed-in
 * member's token, as supabase-js does (`channel(topic, { config: { private:
 * true } })` after `realtime.setAuth()`); the server checks on join that the
 * member may read the topic. Handlers may change between renders without a
 * rejoin. `onLive` runs each time the channel is joined again after being
 * down, so the caller can catch up on what it missed.
 */
export function useRealtimeChannel(
  topic: string | null,
  handlers: BroadcastHandlers,
  onLive?: () => void,
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

  // without a configured client (no backend in the runtime config) there is no channel
  const enabled = topic !== null && isSupabaseConfigured();
  useEffect(() => {
    if (!topic || !enabled) return undefined;
    let cancelled = false;
    let channel: RealtimeChannel | null = null;
    let wasDown = false;
    let joined = false;
    const show = (next: LiveStatus) => {
      if (!cancelled) setStatus(next);
    };
    const goOffline = () => show('down');
    const goOnline = () => {
      if (joined && !wasDown) show('live');
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    setStatus(
      typeof navigator !== 'undefined' && navigator.onLine === false ? 'down' : 'connecting',
    );

    const stopFollowingAuth = onAuthStateChange((_event, session) => {
      // a refreshed or new token: later joins (and the server's checks) use it
      void getRealtime().then((rt) => rt.setAuth(session?.access_token ?? null));
    });

    void (async () => {
      const rt = await getRealtime();
      await rt.setAuth();
      if (cancelled) return;
      channel = rt.channel(topic, { config: { private: true } });
      for (const event of events.split(',').filter(Boolean)) {
        channel.on('broadcast', { event }, (message: { payload?: unknown }) => {
          const payload = message.payload;
          if (payload && typeof payload === 'object') {
            handlersRef.current[event]?.(payload as Record<string, unknown>);
          }
        });
      }
      channel.subscribe((state) => {
        if (state === 'SUBSCRIBED') {
          joined = true;
          if (wasDown) onLiveRef.current?.();
          wasDown = false;
          show(navigator.onLine === false ? 'down' : 'live');
        } else {
          // CHANNEL_ERROR, TIMED_OUT, CLOSED: the client rejoins on its own
          joined = false;
          wasDown = true;
          show('down');
        }
      });
    })().catch(() => show('down'));

    return () => {
      cancelled = true;
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      stopFollowingAuth();
      if (channel) {
        const leaving = channel;
        void getRealtime().then((rt) => rt.removeChannel(leaving));
      }
    };
  }, [topic, events, enabled]);

  return enabled ? status : 'down';
}
