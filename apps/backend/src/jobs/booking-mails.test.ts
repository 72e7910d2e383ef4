import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { startBookingMailsJob } from './booking-mails.js';
import { appConfig, loadEnv } from '../config.js';
import { signedIn, USERS } from '../integration/support.js';
import type { MailMessage } from '../testing.js';

// The job drains the outbox through the booking-mails function: a booking the
// member makes, and the admin's decision on it, are mailed without anyone
// calling anything more (the admin's page may close right after approving),
// in the order they happened, and not twice.
describe('booking-mails job', () => {
  let srv: TestServer;

  beforeAll(async () => {
    srv = await startTestServer({ config: { bookingMailsIntervalMs: 200 } });
  }, 180_000);
  afterAll(async () => {
    await srv?.close();
  });

  it('is off unless configured, and once a minute for a started backend', () => {
    const base = { apiUrl: '', dataDir: undefined, supabaseDir: '' };
    expect(appConfig(base).bookingMailsIntervalMs).toBe(0);
    expect(loadEnv({}).config.bookingMailsIntervalMs).toBe(60_000);
    expect(loadEnv({ BOOKING_MAILS_INTERVAL_MS: '0' }).config.bookingMailsIntervalMs).toBe(0);
    expect(loadEnv({ BOOKING_MAILS_INTERVAL_MS: '5000' }).config.bookingMailsIntervalMs).toBe(5000);
  });

  it('mails a new booking request within an interval, once', async () => {
    await srv.sql(`
      insert into public.events (id, title, event_date, is_approved)
      values ('e1000000-0000-4000-8000-000000000001', 'Job Night', now() + interval '5 days', true);
      insert into public.event_bookings (user_id, event_id, name, email, phone)
      values ('a0000000-0000-4000-8000-000000000003', 'e1000000-0000-4000-8000-000000000001',
              'Leo', 'leo@example.com', '555');
    `);
    let mails = await srv.inbox('leo@example.com');
    for (let i = 0; i < 50 && mails.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await srv.inbox('leo@example.com');
    }
    expect(mails.map((m) => m.subject)).toEqual(['We received your booking request for Job Night']);
    await new Promise((r) => setTimeout(r, 600));
    expect(await srv.inbox('leo@example.com')).toHaveLength(1);
  });

  /** The guest's mails, oldest first, once `count` have arrived (the job runs every 200 ms). */
  const mailsOf = async (to: string, count: number): Promise<MailMessage[]> => {
    let mails = await srv.inbox(to);
    for (let i = 0; i < 100 && mails.length < count; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await srv.inbox(to);
    }
    return mails.reverse();
  };

  it.each([
    ['approved', 'Your booking for Decision Night is approved', 'Status: Approved'],
    ['rejected', 'Your booking for Decision Night was declined', 'Status: Declined'],
  ] as const)(
    'mails a decision (%s) made through the REST API alone, after the request received',
    async (status, subject, line) => {
      await srv.sql(`
        delete from public.event_bookings where user_id = '${USERS.maya.id}';
        insert into public.events (title, event_date, is_approved)
        select 'Decision Night', now() + interval '9 days', true
        where not exists (select 1 from public.events where title = 'Decision Night');
      `);
      const before = (await srv.inbox(USERS.maya.email)).length;
      const maya = await signedIn(srv, 'maya');
      const { data: event } = await maya
        .from('events')
        .select('id')
        .eq('title', 'Decision Night')
        .single();
      const { data: booking, error } = await maya
        .from('event_bookings')
        .insert({
          user_id: USERS.maya.id,
          event_id: event?.id,
          name: 'Maya',
          email: USERS.maya.email,
          phone: '555',
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      // The admin decides with one update and the page is gone: no other call follows.
      const admin = await signedIn(srv, 'admin');
      const decided = await admin
        .from('event_bookings')
        .update({ status, admin_notes: 'Thank you, Maya' })
        .eq('id', booking?.id)
        .select('status');
      expect(decided.data).toEqual([{ status }]);

      const mails = (await mailsOf(USERS.maya.email, before + 2)).slice(before);
      expect(mails.map((m) => m.subject)).toEqual([
        'We received your booking request for Decision Night',
        subject,
      ]);
      expect(mails[1]?.text).toContain(line);
      expect(mails[1]?.text).toContain('A note from our team: Thank you, Maya');
      expect(mails[1]?.attachments?.some((a) => a.filename === 'booking.ics') ?? false).toBe(
        status === 'approved',
      );
      await new Promise((r) => setTimeout(r, 600));
      expect(await srv.inbox(USERS.maya.email)).toHaveLength(before + 2);
    },
  );

  it('logs a failed run and keeps going', async () => {
    const warnings: string[] = [];
    const job = startBookingMailsJob({
      apiUrl: srv.url,
      serviceRoleKey: 'not-the-key',
      intervalMs: 60_000,
      warn: (m) => warnings.push(m),
    });
    await job.runNow();
    await job.stop();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^run failed: HTTP 401/);
  });
});
