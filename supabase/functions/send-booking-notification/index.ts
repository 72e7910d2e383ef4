// send-booking-notification: e-mails a member the admin's decision on their
// booking (status, event, date and the admin's notes). Admins only.
//
// Body: { bookingId } (the app also sends status, customerEmail, customerName,
// eventTitle, eventDate and adminNotes; they are ignored). The booking is read
// back by id as the calling admin. The mail goes only to the member's own
// verified address from the auth server (read with the service role), never
// to the address typed into the booking, and the event named in it is the
// real event row the booking is for (matched by its date), never the title
// the member typed, so the function cannot relay member-written text to
// anyone else.
import { errorResponse, HttpError, json, preflight, readJson } from '../_shared/http.ts';
import { deno } from '../_shared/env.ts';
import { requireAdmin, serviceClient } from '../_shared/supabase.ts';
import { sendMail } from '../_shared/mail.ts';
import { bookingEmail, type BookedEvent } from './email.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  try {
    const { client } = await requireAdmin(req);
    const body = await readJson(req);
    const bookingId = body['bookingId'];
    if (typeof bookingId !== 'string' || !UUID.test(bookingId)) {
      throw new HttpError(400, 'bookingId is required');
    }
    const { data: booking, error } = await client
      .from('event_bookings')
      .select('id, user_id, name, status, event_title, event_date, admin_notes')
      .eq('id', bookingId)
      .maybeSingle();
    if (error) throw new Error(`Booking lookup failed: ${error.message}`);
    if (!booking) throw new HttpError(404, 'Booking not found');

    // Reading another user's auth record needs the service role.
    const { data: auth, error: authError } = await serviceClient().auth.admin.getUserById(
      booking.user_id,
    );
    if (authError && authError.status !== 404) {
      throw new Error(`Member lookup failed: ${authError.message}`);
    }
    const address = auth?.user?.email_confirmed_at ? auth.user.email : undefined;
    if (!address) throw new HttpError(409, 'The member has no verified e-mail address');

    let event: BookedEvent | null = null;
    if (booking.event_date) {
      const { data: events, error: eventError } = await client
        .from('events')
        .select('title, event_date')
        .eq('event_date', booking.event_date)
        .order('created_at', { ascending: true });
      if (eventError) throw new Error(`Event lookup failed: ${eventError.message}`);
      const rows = (events ?? []) as BookedEvent[];
      event = rows.find((e) => e.title === booking.event_title) ?? rows[0] ?? null;
    }

    const mail = bookingEmail({
      to: address,
      name: booking.name,
      status: booking.status,
      event,
      admin_notes: booking.admin_notes,
    });
    await sendMail(mail);
    return json({ sent: true, to: mail.to, status: booking.status });
  } catch (error) {
    return errorResponse(error, 'send-booking-notification');
  }
}

if (deno) deno.serve(handler);
