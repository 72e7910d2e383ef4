// send-booking-notification: e-mails a guest the admin's decision on their
// booking (status, event, date and the admin's notes). Admins only.
//
// Body (spec section 7): { bookingId, status, customerEmail, customerName,
// eventTitle, eventDate, adminNotes }. The booking is read back by id as the
// calling admin, and the e-mail goes to the address on that booking, so the
// function cannot be used to mail arbitrary addresses.
import { errorResponse, HttpError, json, preflight, readJson } from '../_shared/http.ts';
import { deno } from '../_shared/env.ts';
import { requireAdmin } from '../_shared/supabase.ts';
import { sendMail } from '../_shared/mail.ts';
import { bookingEmail } from './email.ts';

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
      .select('id, email, name, status, event_title, event_date, admin_notes')
      .eq('id', bookingId)
      .maybeSingle();
    if (error) throw new Error(`Booking lookup failed: ${error.message}`);
    if (!booking) throw new HttpError(404, 'Booking not found');
    const mail = bookingEmail(booking);
    await sendMail(mail);
    return json({ sent: true, to: mail.to, status: booking.status });
  } catch (error) {
    return errorResponse(error, 'send-booking-notification');
  }
}

if (deno) deno.serve(handler);
