// The VIP table mails, end to end on the project's backend (in-memory PGlite, migrations and
// seed): a member's request with two bottles, confirmed by staff with a table, mailed by
// booking-mails with the table, the minimum spend, the arrival cutoff and a QR code; a
// declined request mailed with the team's message; a table released at its cutoff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The backend's test entry point (as supabase/tests/support/api.ts imports it).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startTestServer, type TestServer } from '@bistro/backend/src/testing';
import { formatDollars } from '../_shared/table-mail.ts';

let srv: TestServer;
let leoToken: string;
let mayaToken: string;
let adminToken: string;

async function signIn(email: string, password = 'password123'): Promise<string> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function rpc<T>(name: string, token: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${srv.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: srv.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function drain(): Promise<unknown> {
  const res = await fetch(`${srv.url}/functions/v1/booking-mails`, {
    method: 'POST',
    headers: {
      apikey: srv.serviceRoleKey,
      Authorization: `Bearer ${srv.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  return res.json();
}

let eventId: string;
let arrival: string;
let bottles: string[];

beforeAll(async () => {
  srv = await startTestServer();
  leoToken = await signIn('leo@example.com');
  mayaToken = await signIn('maya@example.com');
  adminToken = await signIn('admin@example.com');
  const rows = await srv.db.query<{ id: string; arrival: Date }>(
    `insert into public.events (title, event_date, is_approved)
     values ('Bottle Night', ((private.business_date() + 2) + time '22:00') at time zone private.venue_time_zone(), true)
     returning id, event_date + interval '30 minutes' as arrival`,
  );
  eventId = rows.rows[0]!.id;
  arrival = rows.rows[0]!.arrival.toISOString();
  const items = await srv.db.query<{ id: string }>(
    `select id from public.menu_items where is_bottle and name in ('Premium Vodka', 'Champagne Brut')`,
  );
  bottles = items.rows.map((r) => r.id);
}, 180_000);

afterAll(async () => {
  await srv?.close();
});

describe('table mails', () => {
  it('confirms with the table, the minimum, the cutoff, the bottles and a QR code', async () => {
    await drain();
    const req = await rpc<{ id: string; code: string }>('request_table', leoToken, {
      p_event_id: eventId,
      p_party_size: 6,
      p_arrives_at: arrival,
      p_bottles: bottles.map((id) => ({ menu_item_id: id, quantity: 1 })),
    });
    const [{ id: tableId }] = (
      await srv.db.query<{ id: string }>(`select id from public.lounge_tables where name = 'V3'`)
    ).rows as [{ id: string }];
    await rpc('confirm_table_request', adminToken, {
      p_id: req.id,
      p_table_id: tableId,
      p_message: 'Happy birthday!',
    });
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await srv.inbox('leo@example.com');
    expect(mail?.subject).toBe('Your table V3 is confirmed for Bottle Night');
    expect(mail?.text).toContain('Table: V3');
    expect(mail?.text).toContain(`Minimum spend: ${formatDollars(75000)}`);
    expect(mail?.text).toContain('Minimum spend: $750');
    expect(mail?.text).toMatch(/Arrive by: 11:00\sPM/);
    expect(mail?.text).toContain('Bottles: 1 × Champagne Brut, 1 × Premium Vodka');
    expect(mail?.text).toContain(`Request code: ${req.code}`);
    expect(mail?.text).toContain('No card payment is taken by the app');
    expect(mail?.text).toContain('A note from our team: Happy birthday!');
    expect(mail?.attachments?.some((a) => a.filename === 'table-qr.png')).toBe(true);
    expect(await drain()).toEqual({ sent: 0, failed: 0 });
  });

  it('mails a declined request with the message, and a table released at its cutoff', async () => {
    const req = await rpc<{ id: string }>('request_table', mayaToken, {
      p_event_id: eventId,
      p_party_size: 2,
      p_arrives_at: arrival,
    });
    await rpc('decline_table_request', adminToken, {
      p_id: req.id,
      p_message: 'We are fully booked that night',
    });
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    const [declined] = await srv.inbox('maya@example.com');
    expect(declined?.subject).toBe('Your table request for Bottle Night was declined');
    expect(declined?.text).toContain('A note from our team: We are fully booked that night');

    await srv.db.query(
      `update public.table_requests set held_until = now() - interval '1 minute'
       where user_id = (select id from auth.users where email = 'leo@example.com')`,
    );
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    const [released] = await srv.inbox('leo@example.com');
    expect(released?.subject).toBe('Your table for Bottle Night was released');
  });
});
