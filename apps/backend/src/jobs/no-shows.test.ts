/** The no-show job marks a past night's unarrived bookings once, and leaves arrivals alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { startNoShows } from './no-shows.js';

describe('no-shows job', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('marks the approved bookings nobody checked in once their night is over', async () => {
    const user = await server.db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, email_confirmed_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'noshow@example.test', now())
       returning id`,
    );
    const { rows } = await server.db.query<{ id: string; title: string }>(
      `insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_title, event_date)
       values ($1, 'Gone Guest', 'g@example.test', '1', 2, 'Missed', now() - interval '3 days'),
              ($1, 'Came Guest', 'c@example.test', '1', 2, 'Arrived', now() - interval '3 days'),
              ($1, 'Later Guest', 'l@example.test', '1', 2, 'Upcoming', now() + interval '3 days')
       returning id, event_title as title`,
      [user.rows[0]?.id],
    );
    const id = (t: string) => rows.find((r) => r.title === t)?.id;
    await server.db.query(
      `update public.event_bookings set status = 'approved',
         checked_in_at = case when id = $1 then event_date end where id = any($2)`,
      [id('Arrived'), rows.map((r) => r.id)],
    );
    const job = startNoShows(server.db, () => undefined, 60_000);
    try {
      await job.runNow();
      expect(await job.runNow()).toBe(0);
      const marked = await server.db.query<{ title: string }>(
        `select event_title as title from public.event_bookings
         where no_show_at is not null order by 1`,
      );
      expect(marked.rows.map((r) => r.title)).toEqual(['Missed']);
    } finally {
      job.stop();
    }
  });
});
