// push-notifications: sends the queued Web Push notifications ("your song is
// playing") to the members' browsers. Called on a timer with the service role:
// (GET answers anyone with the VAPID public key browsers subscribe with)
// pg_cron through pg_net on hosted Supabase, the backend's own timer locally.
//
// Each run claims due messages (claim_push_messages: every subscription of the
// member, each message claimed once), sends one encrypted push per subscription
// through web-push (RFC 8291 payload encryption, VAPID signed with the venue's
// keys: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), and reports it
// (complete_push_message): sent when at least one push service took it, or not
// sent (tried again next run) when none could be reached; endpoints a push
// service called gone (404/410) are removed. Without VAPID keys it sends nothing
// and says so. A push service that cannot be reached only fails that message.
import webpush from 'web-push';
import { errorResponse, HttpError, json, preflight } from '../_shared/http.ts';
import { deno, env, requireEnv } from '../_shared/env.ts';
import { serviceClient } from '../_shared/supabase.ts';

const BATCH = 50;
/** Stops claiming new batches after this long (the platform ends a run at about 150 s). */
const TIME_BUDGET_MS = 20_000;
/** How long one push may take before the push service counts as unreachable. */
const SEND_TIMEOUT_MS = 5_000;
/** How long a push service keeps a message for a browser that is offline (seconds). */
const TTL_SECONDS = 600;

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface ClaimedPush {
  message_id: number;
  payload: Record<string, unknown>;
  subscriptions: PushSubscriptionRow[];
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The venue's VAPID keys from the environment, or null when push is not set up. */
export function vapidKeys(): VapidKeys | null {
  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env('VAPID_SUBJECT') ?? 'mailto:push@example.com' };
}

/**
 * The browser vendors' push services: a subscription's endpoint is the one URL this server
 * posts to on a member's behalf, so it must be one of them (PUSH_SERVICE_HOSTS, host names
 * or parent domains, comma separated), never an address inside the venue's network.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

export function pushServiceAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  return hosts.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

function pushServiceHosts(): string[] {
  const listed = (env('PUSH_SERVICE_HOSTS') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return listed.length > 0 ? listed : DEFAULT_PUSH_SERVICE_HOSTS;
}

/** What became of one message. */
export interface PushOutcome {
  delivered: number;
  unreachable: number;
  gone: string[];
}

/** Sends one message to each of its subscriptions. */
export async function sendPush(message: ClaimedPush, keys: VapidKeys): Promise<PushOutcome> {
  const outcome: PushOutcome = { delivered: 0, unreachable: 0, gone: [] };
  const body = JSON.stringify(message.payload);
  const hosts = pushServiceHosts();
  for (const sub of message.subscriptions) {
    if (!pushServiceAllowed(sub.endpoint, hosts)) {
      // not a push service: never contacted, and dropped like a gone endpoint
      outcome.gone.push(sub.endpoint);
      continue;
    }
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
        },
      );
      outcome.delivered += 1;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) outcome.gone.push(sub.endpoint);
      else outcome.unreachable += 1;
    }
  }
  return outcome;
}

function requireServiceRole(req: Request): void {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Sign in required');
  if (token !== requireEnv('SUPABASE_SERVICE_ROLE_KEY'))
    throw new HttpError(403, 'Service role required');
}

export async function handler(req: Request): Promise<Response> {
  // GET: the public half of the venue's VAPID keys, for browsers to subscribe with (null: off)
  if (req.method === 'GET') return json({ publicKey: vapidKeys()?.publicKey ?? null });
  const early = preflight(req);
  if (early) return early;
  try {
    requireServiceRole(req);
    const keys = vapidKeys();
    if (!keys) return json({ sent: 0, failed: 0, note: 'VAPID keys are not set: push is off' });
    const service = serviceClient();
    let sent = 0;
    let failed = 0;
    const started = Date.now();
    for (;;) {
      let sentNow = 0;
      const { data, error } = await service.rpc('claim_push_messages', { _limit: BATCH });
      if (error) throw new Error(`Claiming push messages failed: ${error.message}`);
      const messages = (data ?? []) as ClaimedPush[];
      for (const message of messages) {
        const outcome = await sendPush(message, keys);
        // nobody to send to any more counts as done; no push service reached is tried again
        const done = outcome.delivered > 0 || outcome.unreachable === 0;
        if (done) sentNow += 1;
        else failed += 1;
        const res = await service.rpc('complete_push_message', {
          _message_id: message.message_id,
          _sent: done,
          _gone_endpoints: outcome.gone,
        });
        if (res.error) throw new Error(`Marking a push message failed: ${res.error.message}`);
      }
      sent += sentNow;
      // a full batch may have more behind it; a batch that reached no push service ends
      // the run (its messages are claimed again by the next one)
      if (messages.length < BATCH || sentNow === 0 || Date.now() - started > TIME_BUDGET_MS) break;
    }
    return json({ sent, failed });
  } catch (error) {
    return errorResponse(error, 'push-notifications');
  }
}

if (deno) deno.serve(handler);
