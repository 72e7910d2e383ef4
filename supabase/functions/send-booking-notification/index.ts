// send-booking-notification: e-mails a member the admin's decision on their
// booking (status, event, date, booking code and the admin's notes; for an
// approval also the QR code, an .ics file and a calendar link). Admins only.
//
// Body: { bookingId } (the app also sends status, customerEmail, customerName,
// eventTitle, eventDate and adminNotes; they are ignored). The booking is read
// back by id as the calling admin. The mail goes only to the member's own
// verified address from the auth server (read with the service role), never
// to the address typed into the booking, and the event named in it is the
// event row the booking is for, never the title the member typed, so the
// function cannot relay member-written text to anyone else.
import { errorResponse, HttpError, json, preflight, readJson } from '../_shared/http.ts';
import { deno } from '../_shared/env.ts';
import { requireAdmin, serviceClient } from '../_shared/supabase.ts';
import { sendMail } from '../_shared/mail.ts';
import { bookingMail } from '../_shared/booking-mail.ts';
import { loadMailVenue } from '../_shared/venue.ts';
import { cancellable, newCancelUrl } from '../_shared/booking-links.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface BookingRow {
  id: string;
  user_id: string;
  name: string;
  status: string;
  event_id: string | null;
  event_date: string | null;
  booking_code: string;
  number_of_guests: number;
  admin_notes: string | null;
}

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
    const { data, error } = await client
      .from('event_bookings')
      .select(
        'id, user_id, name, status, event_id, event_date, booking_code, number_of_guests, admin_notes',
      )
      .eq('id', bookingId)
      .maybeSingle();
    if (error) throw new Error(`Booking lookup failed: ${error.message}`);
    const booking = data as BookingRow | null;
    if (!booking) throw new HttpError(404, 'Booking not found');

    // Reading another user's auth record needs the service role.
    const service = serviceClient();
    const { data: auth, error: authError } = await service.auth.admin.getUserById(booking.user_id);
    if (authError && authError.status !== 404) {
      throw new Error(`Member lookup failed: ${authError.message}`);
    }
    const address = auth?.user?.email_confirmed_at ? auth.user.email : undefined;
    if (!address) throw new HttpError(409, 'The member has no verified e-mail address');

    let event: { title: string; event_date: string } | null = null;
    if (booking.event_id) {
      const { data: row, error: eventError } = await client
        .from('events')
        .select('title, event_date')
        .eq('id', booking.event_id)
        .maybeSingle();
      if (eventError) throw new Error(`Event lookup failed: ${eventError.message}`);
      event = (row as { title: string; event_date: string } | null) ?? null;
    }

    const mail = await bookingMail(
      'decision',
      {
        to: address,
        id: booking.id,
        name: booking.name,
        bookingCode: booking.booking_code,
        status: booking.status,
        guests: booking.number_of_guests,
        event,
        adminNotes: booking.admin_notes,
        cancelUrl: cancellable(booking.status, booking.event_date)
          ? await newCancelUrl(service, booking.id)
          : null,
      },
      await loadMailVenue(service),
    );
    await sendMail(mail);
    return json({ sent: true, to: mail.to, status: booking.status });
  } catch (error) {
    return errorResponse(error, 'send-booking-notification');
  }
}

if (deno) deno.serve(handler);
