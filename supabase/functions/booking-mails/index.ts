// booking-mails: drains the booking-mail outbox (request received,
// waitlisted, moved up, the admin's approval or rejection, cancelled,
// reminders). Called every minute by the scheduler: pg_cron through pg_net on
// hosted Supabase, the backend's own timer locally. Service role only.
//
// Each run claims due mails from the database (claim_booking_mails locks
// them, so overlapping runs never send one twice, and hands out only the
// oldest open mail of each booking), sends each to the member's verified
// address and reports it sent or failed (complete_booking_mail; a failed mail
// is tried again later, and the booking's later mails wait for it). It claims
// again until nothing is due, so a booking's next mail goes out in the same
// run once the one before it is sent.
import { errorResponse, HttpError, json, preflight } from '../_shared/http.ts';
import { deno, requireEnv } from '../_shared/env.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { sendMail, type OutgoingMail } from '../_shared/mail.ts';
import { bookingMail, cancelUrl, type BookingMailKind } from '../_shared/booking-mail.ts';
import { loadMailVenue, type MailVenue } from '../_shared/venue.ts';

const BATCH = 25;
/** Stops claiming new batches after this long (the platform ends a run at about 150 s). */
const TIME_BUDGET_MS = 20_000;

/** What the outbox queues: every booking mail, the admin's decision as approved or rejected. */
export type OutboxKind = Exclude<BookingMailKind, 'decision'> | 'approved' | 'rejected';

export interface ClaimedMail {
  mail_id: number;
  kind: OutboxKind;
  booking_id: string;
  booking_code: string;
  to_email: string;
  guest_name: string;
  event_id: string | null;
  event_title: string | null;
  event_date: string | null;
  occasion: string | null;
  number_of_guests: number;
  status: string;
  admin_notes: string | null;
  cancel_token: string | null;
}

/**
 * The mail for one claimed outbox row. A decision mail tells the decision it
 * was queued for (the booking may have moved on since) with the team's note.
 */
export function composeClaimed(
  row: ClaimedMail,
  siteUrl: string,
  place: MailVenue,
): Promise<OutgoingMail> {
  const kind: BookingMailKind =
    row.kind === 'approved' || row.kind === 'rejected' ? 'decision' : row.kind;
  const decision = kind === 'decision';
  return bookingMail(
    kind,
    {
      to: row.to_email,
      id: row.booking_id,
      name: row.guest_name,
      bookingCode: row.booking_code,
      status: decision ? row.kind : row.status,
      guests: row.number_of_guests,
      // event_title/event_date are the event row's own (copied by the database)
      event:
        row.event_id && row.event_title && row.event_date
          ? { title: row.event_title, event_date: row.event_date }
          : null,
      adminNotes: decision ? row.admin_notes : null,
      cancelUrl: row.cancel_token ? cancelUrl(siteUrl, row.cancel_token) : null,
    },
    place,
  );
}

function requireServiceRole(req: Request): void {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Sign in required');
  if (token !== requireEnv('SUPABASE_SERVICE_ROLE_KEY'))
    throw new HttpError(403, 'Service role required');
}

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  try {
    requireServiceRole(req);
    const siteUrl = requireEnv('SITE_URL');
    const service = serviceClient();
    let place: MailVenue | null = null;
    const started = Date.now();
    let sent = 0;
    let failed = 0;
    for (;;) {
      const { data, error } = await service.rpc('claim_booking_mails', { max_count: BATCH });
      if (error) throw new Error(`Claiming booking mails failed: ${error.message}`);
      const rows = (data ?? []) as ClaimedMail[];
      for (const row of rows) {
        let failure: string | null = null;
        try {
          place ??= await loadMailVenue(service);
          await sendMail(await composeClaimed(row, siteUrl, place));
          sent += 1;
        } catch (e) {
          failure = e instanceof Error ? e.message : String(e);
          failed += 1;
        }
        const done = await service.rpc('complete_booking_mail', {
          mail_id: row.mail_id,
          failure,
        });
        if (done.error) throw new Error(`Marking booking mail failed: ${done.error.message}`);
      }
      if (rows.length === 0 || Date.now() - started > TIME_BUDGET_MS) break;
    }
    return json({ sent, failed });
  } catch (error) {
    return errorResponse(error, 'booking-mails');
  }
}

if (deno) deno.serve(handler);
