import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataError, isUniqueViolation, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getFunctions, getSupabase } from '../lib/supabase-client';
import { pushKeys } from './keys';

/**
 * Web Push "your song is playing": this browser subscribes with the venue's VAPID public
 * key (from the push-notifications function) through the service worker, and the
 * subscription is stored for the member (public.push_subscriptions, their own rows only).
 *
 * - unsupported: this browser has no Web Push (or no service worker yet);
 * - off: the server has no VAPID keys, so nothing would be sent;
 * - blocked: the member said no to notifications for this site;
 * - available: can be turned on; on: this browser is subscribed for the member.
 */
export type PushState = 'unsupported' | 'off' | 'blocked' | 'available' | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export async function fetchPushPublicKey(): Promise<string | null> {
  const { data, error } = await (
    await getFunctions()
  ).invoke<{ publicKey: string | null }>('push-notifications', { method: 'GET' });
  if (error) throw new DataError({ message: 'The push settings could not be read.' });
  return data?.publicKey ?? null;
}

/** The service worker's registration, when one controls the page's scope. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function fetchPushState(userId: string): Promise<PushState> {
  if (!pushSupported() || !(await registration())) return 'unsupported';
  if ((await fetchPushPublicKey()) === null) return 'off';
  if (Notification.permission === 'denied') return 'blocked';
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return 'available';
  const rows = unwrap(
    await getSupabase()
      .from('push_subscriptions')
      .select('id')
      .eq('user_id', userId)
      .eq('endpoint', sub.endpoint),
  );
  return (rows ?? []).length > 0 ? 'on' : 'available';
}

export const pushStateQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: pushKeys.state(userId),
    queryFn: () => fetchPushState(userId),
    staleTime: Infinity,
    retry: false,
  });

export function usePushState(userId: string | undefined) {
  return useQuery({ ...pushStateQueryOptions(userId ?? ''), enabled: !!userId });
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks the member for notifications, subscribes this browser and stores the
 * subscription for them. Resolves with the new state ('blocked' when they said no).
 */
export async function subscribeToPush(): Promise<PushState> {
  const reg = await registration();
  const publicKey = await fetchPushPublicKey();
  if (!pushSupported() || !reg) return 'unsupported';
  if (!publicKey) return 'off';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = sub.toJSON();
  const p256dh = json.keys?.['p256dh'];
  const auth = json.keys?.['auth'];
  if (!json.endpoint || !p256dh || !auth) {
    throw new DataError({ message: 'The browser gave no push keys.' });
  }
  const { error } = await getSupabase()
    .from('push_subscriptions')
    .insert({ endpoint: json.endpoint, p256dh, auth });
  // already stored for the member: on all the same
  if (error && !isUniqueViolation(error)) throw new DataError(error);
  return 'on';
}

export function usePushSubscribeMutation({
  onSuccess,
  ...options
}: MutationHookOptions<PushState, { userId: string }> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => subscribeToPush(),
    async onSuccess(...args) {
      const [state, { userId }] = args;
      client.setQueryData(pushKeys.state(userId), state);
      await onSuccess?.(...args);
    },
  });
}
