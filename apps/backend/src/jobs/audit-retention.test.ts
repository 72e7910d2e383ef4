/** Retention removes audit rows older than the setting and nothing younger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { startAuditRetention } from './audit-retention.js';

describe('audit retention', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('removes the rows older than the retention days, and keeps the rest', async () => {
    await server.db.query(
      `insert into public.audit_log (at, action, table_name)
       values (now() - interval '400 days', 'booking.approved', 'event_bookings'),
              (now() - interval '10 days', 'booking.rejected', 'event_bookings')`,
    );
    const job = startAuditRetention(server.db, 365, () => undefined, 60_000);
    try {
      // the run at start and this one: the old row goes once
      const removed = await job.runNow();
      const { rows } = await server.db.query<{ action: string }>(
        `select action from public.audit_log order by at`,
      );
      expect(removed).toBeLessThanOrEqual(1);
      expect(rows.map((r) => r.action)).toEqual(['booking.rejected']);
    } finally {
      job.stop();
    }
  });
});
