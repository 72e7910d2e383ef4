/**
 * A rejected event is a state of its own (events.rejected_at), stamped by the
 * database: rejecting stamps the server's time, approving clears it, taking an
 * approved event back rejects it, and an event is never approved and rejected
 * at once. On PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

interface EventState {
  is_approved: boolean;
  rejected_at: string | null;
}

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let member: Member;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    member = await newMember(db, { firstName: 'Olivia' });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  const pendingEvent = async () => {
    const [row] = await db.owner<{ id: string }>(
      `insert into public.events (title, event_date, is_approved) values ('Jazz Night', now() + interval '3 days', false) returning id`,
    );
    return row!.id;
  };
  const state = async (id: string) =>
    (
      await db.owner<EventState>(
        `select is_approved, rejected_at from public.events where id = $1`,
        [id],
      )
    )[0]!;
  const asAdmin = (id: string, set: string) =>
    db.act(admin, `update public.events set ${set} where id = $1 returning id`, [id]);

  describe.skipIf(!driver.available)('event rejection', () => {
    it('rejects a pending event with the server time, whatever time the client sends', async () => {
      const id = await pendingEvent();
      expect(await state(id)).toEqual({ is_approved: false, rejected_at: null });
      const before = Date.now();
      await asAdmin(id, `rejected_at = '2001-01-01T00:00:00Z'`);
      const rejected = await state(id);
      expect(rejected.is_approved).toBe(false);
      expect(new Date(rejected.rejected_at!).getTime()).toBeGreaterThan(before - 60_000);
      // A later write cannot move the stamp.
      await asAdmin(id, `rejected_at = '2001-01-01T00:00:00Z', title = 'Jazz Night II'`);
      expect((await state(id)).rejected_at).toEqual(rejected.rejected_at);
    });

    it('clears the rejection on approve and stamps it when an approved event is taken back', async () => {
      const id = await pendingEvent();
      await asAdmin(id, `rejected_at = now()`);
      await asAdmin(id, `is_approved = true`);
      expect(await state(id)).toEqual({ is_approved: true, rejected_at: null });
      // The app's reject of an approved event writes is_approved = false only.
      await asAdmin(id, `is_approved = false`);
      const back = await state(id);
      expect(back.is_approved).toBe(false);
      expect(back.rejected_at).not.toBeNull();
      // Clearing the stamp without approving makes it pending again.
      await asAdmin(id, `rejected_at = null`);
      expect(await state(id)).toEqual({ is_approved: false, rejected_at: null });
    });

    it('never holds an approved and rejected event, even written past the trigger', async () => {
      const id = await pendingEvent();
      await asAdmin(id, `is_approved = true, rejected_at = now()`);
      expect(await state(id)).toEqual({ is_approved: true, rejected_at: null });
      await db.owner(`alter table public.events disable trigger events_stamp_rejection`);
      try {
        await expect(
          db.owner(`update public.events set rejected_at = now() where id = $1`, [id]),
        ).rejects.toMatchObject({ code: '23514' });
      } finally {
        await db.owner(`alter table public.events enable trigger events_stamp_rejection`);
      }
    });

    it('lets only admins reject: a member updates no event', async () => {
      const id = await pendingEvent();
      const out = await db.attempt(
        member,
        `update public.events set rejected_at = now() where id = $1 returning id`,
        [id],
      );
      expect(out.ok ? out.rows : []).toEqual([]);
      expect(await state(id)).toEqual({ is_approved: false, rejected_at: null });
    });
  });
});
