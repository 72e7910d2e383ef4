// The functions run by the project's backend (in-memory PGlite, migrations
// and seed), called over HTTP the way supabase-js functions.invoke and the
// scheduler call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The backend's test entry point (as supabase/tests/support/api.ts imports it).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startTestServer, type TestServer } from '@bistro/backend/src/testing';
import { handler } from '../booking-mails/index.ts';

let srv: TestServer;

async function signIn(email: string, password = 'password123'): Promise<string> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

function call(name: string, token: string | null, body: unknown, method = 'POST') {
  return fetch(`${srv.url}/functions/v1/${name}`, {
    method,
    headers: {
      apikey: srv.anonKey,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
}

async function rest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${srv.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: srv.serviceRoleKey,
      Authorization: `Bearer ${srv.serviceRoleKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let adminToken: string;
let memberToken: string;
let bookingId: string;
let eventId: string;

beforeAll(async () => {
  srv = await startTestServer();
  adminToken = await signIn('admin@example.com');
  memberToken = await signIn('leo@example.com');
  const [leo] = await rest<{ user_id: string }[]>(
    'profiles?email=eq.leo@example.com&select=user_id',
  );
  const [event] = await rest<{ id: string }[]>('events', {
    method: 'POST',
    body: JSON.stringify({
      title: 'Jazz Brunch',
      event_date: '2030-05-04T16:00:00Z',
      is_approved: true,
    }),
  });
  eventId = event!.id;
  // The member typed another address and a title of their own: neither may
  // reach a mail.
  const [booking] = await rest<{ id: string }[]>('event_bookings', {
    method: 'POST',
    body: JSON.stringify({
      user_id: leo!.user_id,
      event_id: eventId,
      name: 'Leo Park',
      email: 'victim@example.net',
      phone: '555-0100',
      event_title: 'URGENT: verify your bank account at evil.example',
    }),
  });
  bookingId = booking!.id;
});

afterAll(async () => {
  await srv?.close();
});

describe('booking-mails', () => {
  const drain = async (token: string | null = srv.serviceRoleKey) => {
    const res = await call('booking-mails', token, {});
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const bookAs = async (token: string, event: string, guests: number) => {
    const res = await fetch(`${srv.url}/rest/v1/event_bookings?select=id,status`, {
      method: 'POST',
      headers: {
        apikey: srv.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        event_id: event,
        name: 'Guest',
        email: 'typed@example.net',
        phone: '555-0199',
        number_of_guests: guests,
      }),
    });
    const [row] = (await res.json()) as { id: string; status: string }[];
    return row!;
  };

  it('is for the service role only', async () => {
    expect((await drain(memberToken)).status).toBe(403);
    expect((await drain(adminToken)).status).toBe(403);
    expect((await drain(srv.anonKey)).status).toBe(403);
    expect((await drain(null)).status).toBe(401);
  });

  it('answers the CORS preflight itself (hosted Supabase passes OPTIONS through)', async () => {
    const res = await handler(
      new Request('http://localhost/functions/v1/booking-mails', { method: 'OPTIONS' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    const get = await handler(new Request('http://localhost/', { method: 'GET' }));
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: 'Method not allowed' });
  });

  it("mails the admin's approval, made through the REST API alone, after the request received: status, event, date, notes, QR, .ics and a cancel link", async () => {
    // The admin approves with a note and nothing else: no follow-up call.
    const approved = await fetch(`${srv.url}/rest/v1/event_bookings?id=eq.${bookingId}`, {
      method: 'PATCH',
      headers: {
        apikey: srv.anonKey,
        Authorization: `Bearer ${adminToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ status: 'approved', admin_notes: 'See you at the bar' }),
    });
    expect(approved.status).toBe(204);
    expect(await srv.inbox('leo@example.com')).toHaveLength(0);

    // One run sends both, in the order they happened.
    expect(await drain()).toEqual({ status: 200, body: { sent: 2, failed: 0 } });
    const [mail, received] = await srv.inbox('leo@example.com');
    expect(received?.subject).toBe('We received your booking request for Jazz Brunch');
    expect(mail?.subject).toBe('Your booking for Jazz Brunch is approved');
    expect(mail?.text).toContain('Status: Approved');
    expect(mail?.text).toContain('Date: Saturday, May 4, 2030 at 12:00 PM');
    expect(mail?.text).toContain('A note from our team: See you at the bar');
    expect(mail?.text).toMatch(/Booking code: [A-HJ-NP-Z2-9]{8}/);
    // the QR code inline, the calendar file attached, a working cancel link
    expect(mail?.attachments?.map((a) => a.filename)).toEqual(['booking-qr.png', 'booking.ics']);
    expect(mail?.html).toContain('src="cid:booking-qr"');
    const link = mail?.links.find((l) => l.includes('/bookings/cancel?token='));
    expect(link?.startsWith(`${srv.backend.ctx.config.siteUrl}/bookings/cancel?token=`)).toBe(true);
    const token = new URL(link ?? 'http://x').searchParams.get('token');
    const shown = await fetch(`${srv.url}/rest/v1/rpc/booking_by_token`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(await shown.json()).toMatchObject({ event_title: 'Jazz Brunch', status: 'approved' });
    // only the member's verified address, never the typed one or the typed title
    expect(await srv.inbox('victim@example.net')).toHaveLength(0);
    expect(JSON.stringify(mail)).not.toContain('evil.example');
    expect(await drain()).toEqual({ status: 200, body: { sent: 0, failed: 0 } });
  });

  it('mails a rejection with the reason, and nothing to a member without a verified address', async () => {
    const created = await fetch(`${srv.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: srv.serviceRoleKey,
        Authorization: `Bearer ${srv.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: 'unverified@example.com', password: 'password123' }),
    });
    const user = (await created.json()) as { id: string };
    const [leo] = await rest<{ user_id: string }[]>(
      'profiles?email=eq.leo@example.com&select=user_id',
    );
    const ids: string[] = [];
    for (const [userId, name] of [
      [leo!.user_id, 'Leo Park'],
      [user.id, 'Una'],
    ] as const) {
      const [b] = await rest<{ id: string }[]>('event_bookings', {
        method: 'POST',
        body: JSON.stringify({
          user_id: userId,
          name,
          email: 'x@example.net',
          phone: '1',
          event_id: eventId,
        }),
      });
      ids.push(b!.id);
    }
    const rejected = await fetch(`${srv.url}/rest/v1/event_bookings?id=in.(${ids.join(',')})`, {
      method: 'PATCH',
      headers: {
        apikey: srv.anonKey,
        Authorization: `Bearer ${adminToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ status: 'rejected', admin_notes: 'Sold out, sorry' }),
    });
    expect(rejected.status).toBe(204);
    expect(await drain()).toEqual({ status: 200, body: { sent: 2, failed: 0 } });
    const [declined, received] = await srv.inbox('leo@example.com');
    expect(received?.subject).toBe('We received your booking request for Jazz Brunch');
    expect(declined?.subject).toBe('Your booking for Jazz Brunch was declined');
    expect(declined?.text).toContain('Status: Declined');
    expect(declined?.text).toContain('A note from our team: Sold out, sorry');
    expect(declined?.attachments ?? []).toEqual([]);
    expect(declined?.links.some((l) => l.includes('/bookings/cancel'))).toBe(false);
    expect(await srv.inbox('unverified@example.com')).toHaveLength(0);
  });

  it('mails received and waitlisted, then cancelled and moved up after a cancel by the mail link; each once', async () => {
    await drain();
    const mayaToken = await signIn('maya@example.com');
    const [small] = await rest<{ id: string }[]>('events', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Wine Wednesday',
        event_date: '2030-06-05T23:00:00Z',
        is_approved: true,
        capacity: 2,
      }),
    });
    const leo = await bookAs(memberToken, small!.id, 2);
    const maya = await bookAs(mayaToken, small!.id, 1);
    expect([leo.status, maya.status]).toEqual(['pending', 'waitlisted']);

    expect(await drain()).toEqual({ status: 200, body: { sent: 2, failed: 0 } });
    const [received] = await srv.inbox('leo@example.com');
    expect(received?.subject).toBe('We received your booking request for Wine Wednesday');
    expect(received?.text).toContain('Date: Wednesday, June 5, 2030 at 7:00 PM');
    expect(received?.text).toContain('Party: 2 guests');
    const [waiting] = await srv.inbox('maya@example.com');
    expect(waiting?.subject).toBe("You're on the waitlist for Wine Wednesday");
    expect(await srv.inbox('typed@example.net')).toHaveLength(0);

    const link = received?.links.find((l) => l.includes('/bookings/cancel?token=')) ?? '';
    const cancelled = await fetch(`${srv.url}/rest/v1/rpc/cancel_booking_by_token`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
    });
    expect(await cancelled.json()).toMatchObject({
      event_title: 'Wine Wednesday',
      status: 'cancelled',
    });

    expect(await drain()).toEqual({ status: 200, body: { sent: 2, failed: 0 } });
    expect((await srv.inbox('leo@example.com'))[0]?.subject).toBe(
      'Your booking for Wine Wednesday is cancelled',
    );
    const [promoted] = await srv.inbox('maya@example.com');
    expect(promoted?.subject).toBe('A spot opened up for Wine Wednesday');
    expect(promoted?.links.some((l) => l.includes('/bookings/cancel?token='))).toBe(true);
    expect(await drain()).toEqual({ status: 200, body: { sent: 0, failed: 0 } });
  });
});

describe('seed-test-users', () => {
  it('is for admins only', async () => {
    const res = await call('seed-test-users', memberToken, {});
    expect(res.status).toBe(403);
  });

  it('creates confirmed members once with random passwords shown once, then reports them as existing', async () => {
    delete process.env['SEED_TEST_USERS_KNOWN_PASSWORD'];
    const first = await call('seed-test-users', adminToken, {});
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      created: number;
      existing: number;
      passwords: Record<string, string>;
    };
    expect(body).toMatchObject({ created: 3, existing: 0 });
    const password = body.passwords['test.member1@example.com'] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new Set(Object.values(body.passwords)).size).toBe(3);
    const again = await call('seed-test-users', adminToken, {});
    expect(await again.json()).toEqual({
      created: 0,
      existing: 3,
      users: ['test.member1@example.com', 'test.member2@example.com', 'test.member3@example.com'],
      passwords: {},
    });
    // Confirmed: they sign in with the password shown, never with the demo one.
    expect(await signIn('test.member1@example.com')).toBeUndefined();
    expect(await signIn('test.member1@example.com', password)).toMatch(/\./);
    const profiles = await rest<unknown[]>('profiles?email=like.test.member*&select=user_id');
    expect(profiles).toHaveLength(3);
  });

  it('uses the well-known demo password only where the flag enables it', async () => {
    process.env['SEED_TEST_USERS_KNOWN_PASSWORD'] = 'true';
    try {
      const admin = await fetch(`${srv.url}/auth/v1/admin/users?per_page=100`, {
        headers: { apikey: srv.serviceRoleKey, Authorization: `Bearer ${srv.serviceRoleKey}` },
      });
      const { users } = (await admin.json()) as { users: { id: string; email: string }[] };
      for (const u of users.filter((x) => x.email.startsWith('test.member'))) {
        await fetch(`${srv.url}/auth/v1/admin/users/${u.id}`, {
          method: 'DELETE',
          headers: { apikey: srv.serviceRoleKey, Authorization: `Bearer ${srv.serviceRoleKey}` },
        });
      }
      const res = await call('seed-test-users', adminToken, {});
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ created: 3, existing: 0 });
      expect(body).not.toHaveProperty('passwords');
      expect(await signIn('test.member2@example.com')).toMatch(/\./);
    } finally {
      delete process.env['SEED_TEST_USERS_KNOWN_PASSWORD'];
    }
  });
});
