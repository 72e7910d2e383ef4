// booking-mails: drains the booking-mail outbox (request received,
// waitlisted, moved up, the admin's approval or rejection, cancelled,
// reminders), then the dinner-reservation outbox (confirmed, changed,
// cancelled, the reminder the day before, a table opened), then the VIP table outbox
// (confirmed, declined, released; its claim first releases tables unclaimed at their cutoff
// and marks last night's no-shows). Called every minute by the scheduler: pg_cron through pg_net on
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
import { reservationMail, type ReservationMailKind } from '../_shared/reservation-mail.ts';
import { tableMail, type TableMailKind } from '../_shared/table-mail.ts';

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

export interface ClaimedReservationMail {
  mail_id: number;
  kind: ReservationMailKind;
  reservation_id: string | null;
  code: string | null;
  to_email: string;
  guest_name: string;
  party_size: number;
  starts_at: string;
  ends_at: string;
  status: string | null;
  occasion: string;
  special_requests: string;
  calendar_sequence: number;
}

/** The mail for one claimed row of the reservation outbox. */
export function composeReservation(
  row: ClaimedReservationMail,
  siteUrl: string,
  place: MailVenue,
): Promise<OutgoingMail> {
  return reservationMail(
    row.kind,
    {
      to: row.to_email,
      id: row.reservation_id,
      code: row.code,
      name: row.guest_name,
      partySize: row.party_size,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      occasion: row.occasion,
      specialRequests: row.special_requests,
      sequence: row.calendar_sequence,
    },
    siteUrl,
    place,
  );
}

export interface ClaimedTableMail {
  mail_id: number;
  kind: TableMailKind;
  request_id: string;
  code: string;
  to_email: string;
  guest_name: string;
  event_title: string;
  party_size: number;
  arrives_at: string;
  held_until: string | null;
  table_name: string | null;
  min_spend_cents: number | null;
  staff_message: string;
  policy_text: string;
  bottles: string;
}

/** The mail for one claimed row of the VIP table outbox. */
export function composeTable(
  row: ClaimedTableMail,
  siteUrl: string,
  place: MailVenue,
): Promise<OutgoingMail> {
  return tableMail(
    row.kind,
    {
      to: row.to_email,
      code: row.code,
      name: row.guest_name,
      eventTitle: row.event_title,
      partySize: row.party_size,
      arrivesAt: row.arrives_at,
      heldUntil: row.held_until,
      tableName: row.table_name,
      minSpendCents: row.min_spend_cents,
      staffMessage: row.staff_message,
      policyText: row.policy_text,
      bottles: row.bottles,
    },
    siteUrl,
    place,
  );
}

type Service = ReturnType<typeof serviceClient>;

/**
 * Claims and sends one outbox's due mails until none is due or the time
 * budget is spent; a mail that fails is reported and retried by a later run.
 */
async function drain<Row extends { mail_id: number }>(
  service: Service,
  rpc: { claim: string; complete: string; label: string },
  compose: (row: Row) => Promise<OutgoingMail>,
  started: number,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const { data, error } = await service.rpc(rpc.claim, { max_count: BATCH });
    if (error) throw new Error(`Claiming ${rpc.label} failed: ${error.message}`);
    const rows = (data ?? []) as Row[];
    for (const row of rows) {
      let failure: string | null = null;
      try {
        await sendMail(await compose(row));
        sent += 1;
      } catch (e) {
        failure = e instanceof Error ? e.message : String(e);
        failed += 1;
      }
      const done = await service.rpc(rpc.complete, { mail_id: row.mail_id, failure });
      if (done.error) throw new Error(`Marking ${rpc.label} failed: ${done.error.message}`);
    }
    if (rows.length === 0 || Date.now() - started > TIME_BUDGET_MS) break;
  }
  return { sent, failed };
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
    const venueOnce = async () => (place ??= await loadMailVenue(service));
    const started = Date.now();
    const bookings = await drain<ClaimedMail>(
      service,
      { claim: 'claim_booking_mails', complete: 'complete_booking_mail', label: 'booking mails' },
      async (row) => composeClaimed(row, siteUrl, await venueOnce()),
      started,
    );
    const reservations = await drain<ClaimedReservationMail>(
      service,
      {
        claim: 'claim_reservation_mails',
        complete: 'complete_reservation_mail',
        label: 'reservation mails',
      },
      async (row) => composeReservation(row, siteUrl, await venueOnce()),
      started,
    );
    const tables = await drain<ClaimedTableMail>(
      service,
      { claim: 'claim_table_mails', complete: 'complete_table_mail', label: 'table mails' },
      async (row) => composeTable(row, siteUrl, await venueOnce()),
      started,
    );
    const sent = bookings.sent + reservations.sent + tables.sent;
    const failed = bookings.failed + reservations.failed + tables.failed;
    return json({ sent, failed });
  } catch (error) {
    return errorResponse(error, 'booking-mails');
  }
}

if (deno) deno.serve(handler);
