import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { startBookingMailsJob } from './booking-mails.js';
import { appConfig, loadEnv } from '../config.js';

// The job drains the outbox through the booking-mails function: a booking the
// member makes is mailed without anyone calling anything, and not twice.
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
