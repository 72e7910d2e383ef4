/**
 * On Debian's PostgreSQL 15 (skipped when it is not installed): the migrations
 * and the seed apply cleanly, the RLS matrix holds in SQL sessions (each probe
 * as the actor, rolled back; tests/api-rls-matrix.test.ts runs the same cases
 * through supabase-js on PGlite), and the 3-votes-a-night limit holds under
 * real concurrency, both in SQL sessions and through the backend's REST API.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { bootstrapSql, migrationFiles, migrationsDir, seedSql } from './support/db';
import {
  hasPostgres,
  postgresDb,
  postgresUrl,
  type PostgresDb,
  testPool,
} from './support/postgres';
import { fixtureSql, ids, matrix, probes, usersSql, type Case, type Who } from './support/matrix';
import { createTestClient, startTestServer } from './support/api';

// This file is about migrating on PostgreSQL 15: its databases start empty and are migrated
// here, with plain SQL, on the run's cluster.
const made: PostgresDb[] = [];
afterAll(async () => {
  for (const d of made) await d.drop();
});

async function freshDb(): Promise<string> {
  const database = await postgresDb({ empty: true });
  made.push(database);
  return database.url;
}

async function migrateWithSql(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(bootstrapSql());
  for (const f of migrationFiles()) {
    await c.query('begin');
    try {
      await c.query(readFileSync(path.join(migrationsDir, f), 'utf8'));
      await c.query('commit');
    } catch (e) {
      await c.query('rollback');
      throw new Error(`${f}: ${(e as Error).message}`);
    }
  }
  return c;
}

const memberSql = `
  insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_user_meta_data)
  values ($1, 'authenticated', 'authenticated', $2, extensions.crypt('password123', extensions.gen_salt('bf')), now(), '{"first_name": "Rush"}')`;

const requestsSql = `
  insert into public.song_requests (song_title, artist, user_id)
  select 'Track ' || g, 'Artist', $1 from generate_series(1, 50) g returning id`;

describe.skipIf(!hasPostgres)('PostgreSQL 15', () => {
  it('runs version 15', async () => {
    const c = new pg.Client({ connectionString: postgresUrl });
    await c.connect();
    const { rows } = await c.query<{ v: string }>("select current_setting('server_version') as v");
    await c.end();
    expect(rows[0]?.v).toMatch(/^15\./);
  });

  it('applies every migration and the seed cleanly', async () => {
    const c = await migrateWithSql(await freshDb());
    try {
      await c.query(seedSql());
      // every public table arrives with row-level security on (the schema test lists them)
      const { rows } = await c.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
      );
      expect(rows.map((r) => r.name)).toEqual([]);
      const { rows: all } = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'`,
      );
      expect(all[0]?.n).toBeGreaterThanOrEqual(20);
    } finally {
      await c.end();
    }
  });

  it('50 concurrent vote attempts in SQL sessions leave exactly 3 votes and matching vote_counts', async () => {
    const url = await freshDb();
    const setup = await migrateWithSql(url);
    const member = '7e000000-0000-4000-8000-000000000001';
    const poster = '7e000000-0000-4000-8000-000000000002';
    await setup.query(memberSql, [member, 'rush@example.test']);
    await setup.query(memberSql, [poster, 'poster@example.test']);
    const { rows: reqs } = await setup.query<{ id: string }>(requestsSql, [poster]);
    const pool = testPool(url, 50);
    const claims = JSON.stringify({ sub: member, role: 'authenticated' });
    const attemptVote = async (requestId: string, isolation: string): Promise<string> => {
      const c = await pool.connect();
      try {
        await c.query(`begin isolation level ${isolation}`);
        await c.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        await c.query('set local role authenticated');
        await c.query('insert into public.song_votes (song_request_id, user_id) values ($1, $2)', [
          requestId,
          member,
        ]);
        await c.query('commit');
        return 'ok';
      } catch (e) {
        await c.query('rollback').catch(() => undefined);
        const err = e as { code?: string; message?: string };
        return `${err.code}:${err.message}`;
      } finally {
        c.release();
      }
    };
    try {
      const results = await Promise.all(reqs.map((r) => attemptVote(r.id, 'read committed')));
      expect(results.filter((r) => r === 'ok')).toHaveLength(3);
      expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(
        new Set(['P0001:vote_limit_reached']),
      );
      const { rows } = await setup.query<{ votes: number; counted: number; mismatched: number }>(
        `select (select count(*)::int from public.song_votes where user_id = $1) as votes,
                (select sum(vote_count)::int from public.song_requests) as counted,
                (select count(*)::int from public.song_requests r
                  where r.vote_count <> (select count(*) from public.song_votes v where v.song_request_id = r.id)) as mismatched`,
        [member],
      );
      expect(rows[0]).toEqual({ votes: 3, counted: 3, mismatched: 0 });

      // The slot constraint holds even where the lock's count cannot see
      // concurrent commits (repeatable read snapshots): never more than 3.
      await setup.query('delete from public.song_votes where user_id = $1', [member]);
      const rr = await Promise.all(reqs.map((r) => attemptVote(r.id, 'repeatable read')));
      expect(rr.filter((r) => r === 'ok').length).toBeLessThanOrEqual(3);
      const { rows: after } = await setup.query<{ votes: number; counted: number }>(
        `select (select count(*)::int from public.song_votes where user_id = $1) as votes,
                (select sum(vote_count)::int from public.song_requests) as counted`,
        [member],
      );
      expect(after[0]?.votes).toBeLessThanOrEqual(3);
      expect(after[0]?.counted).toBe(after[0]?.votes);
    } finally {
      await pool.end();
      await setup.end();
    }
  });

  it('50 concurrent votes through the REST API (supabase-js) leave exactly 3 votes', async () => {
    const url = await freshDb();
    const srv = await startTestServer({ databaseUrl: url });
    try {
      const member = '7e000000-0000-4000-8000-000000000003';
      await srv.db.query(memberSql, [member, 'rush.api@example.test']);
      const { rows: reqs } = await srv.db.query<{ id: string }>(requestsSql, [
        'a0000000-0000-4000-8000-000000000003',
      ]);
      const client = createTestClient(srv);
      const signIn = await client.auth.signInWithPassword({
        email: 'rush.api@example.test',
        password: 'password123',
      });
      expect(signIn.error).toBeNull();
      const results = await Promise.all(
        reqs.map((r) =>
          client.from('song_votes').insert({ song_request_id: r.id, user_id: member }),
        ),
      );
      const ok = results.filter((r) => !r.error);
      expect(ok).toHaveLength(3);
      for (const r of results.filter((x) => x.error)) {
        expect(r.error).toMatchObject({ code: 'P0001', message: 'vote_limit_reached' });
      }
      const { rows } = await srv.db.query<{ votes: number; mismatched: number }>(
        `select (select count(*)::int from public.song_votes where user_id = $1) as votes,
                (select count(*)::int from public.song_requests r
                  where r.vote_count <> (select count(*) from public.song_votes v where v.song_request_id = r.id)) as mismatched`,
        [member],
      );
      expect(rows[0]).toEqual({ votes: 3, mismatched: 0 });
    } finally {
      await srv.close();
    }
  });

  describe('RLS matrix in SQL sessions', () => {
    let client: pg.Client | undefined;
    const setup = async (): Promise<pg.Client> => {
      if (!client) {
        client = await migrateWithSql(await freshDb());
        await client.query(usersSql);
        await client.query(fixtureSql);
      }
      return client;
    };
    afterAll(async () => {
      await client?.end();
    });

    const actorId = (c: Case, who: Who): string | null =>
      who === 'visitor' ? null : who === 'owner' && c.ownerIs === 'newbie' ? ids.newbie : ids[who];

    describe.each(Object.entries(matrix))('%s', (_table, cases) => {
      it.each(probes(cases).map((p) => [p.title, p] as const))(
        '%s',
        async (_title, { c, who, allowed }) => {
          const db = await setup();
          const me = actorId(c, who);
          const [sql, params] = c.sql(me);
          const claims = me ? { sub: me, role: 'authenticated' } : { role: 'anon' };
          let outcome: string;
          await db.query('begin');
          try {
            await db.query(`select set_config('request.jwt.claims', $1, true)`, [
              JSON.stringify(claims),
            ]);
            await db.query(`set local role ${me ? 'authenticated' : 'anon'}`);
            const r = await db.query(sql, params);
            const n = c.kind === 'read' ? r.rows.length : Math.max(r.rowCount ?? 0, r.rows.length);
            outcome = n > 0 ? 'ok' : 'no rows';
          } catch (e) {
            const err = e as { code?: string; message?: string };
            outcome = `${err.code}: ${err.message}`;
          } finally {
            await db.query('rollback');
          }
          expect(outcome === 'ok' ? 'ok' : `denied (${outcome})`).toBe(
            allowed ? 'ok' : `denied (${outcome})`,
          );
        },
      );
    });
  });
});
