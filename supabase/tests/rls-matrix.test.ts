/**
 * The RLS matrix in SQL: each probe runs in PGlite as the actor (role + JWT
 * claims, as the REST layer does) and is rolled back, so every probe sees the
 * same fixture. tests/api-rls-matrix.test.ts runs the same cases through
 * supabase-js against the backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { attempt, createDb, type Actor } from './support/db';
import { fixtureSql, ids, matrix, probes, usersSql, type Case, type Who } from './support/matrix';

let db: PGlite;

beforeAll(async () => {
  db = await createDb();
  await db.exec(usersSql);
  await db.exec(fixtureSql);
});
afterAll(async () => {
  await db?.close();
});

const member = (id: string, label: string): Actor => ({ kind: 'member', id, label });

function actorFor(c: Case, who: Who): Actor {
  switch (who) {
    case 'visitor':
      return { kind: 'visitor' };
    case 'owner':
      return c.ownerIs === 'newbie' ? member(ids.newbie, 'newbie') : member(ids.owner, 'owner');
    case 'other':
      return member(ids.other, 'other');
    case 'admin':
      return member(ids.admin, 'admin');
  }
}

describe.each(Object.entries(matrix))('%s (SQL)', (_table, cases) => {
  it.each(probes(cases).map((p) => [p.title, p] as const))(
    '%s',
    async (_title, { c, who, allowed }) => {
      const actor = actorFor(c, who);
      const [sql, params] = c.sql(actor.kind === 'member' ? actor.id : null);
      const out = await attempt(db, actor, sql, params);
      const succeeded =
        c.kind === 'read' ? out.ok && out.rows.length === 1 : out.ok && out.affected > 0;
      if (allowed) expect(out.ok ? 'ok' : `${out.code}: ${out.message}`).toBe('ok');
      expect(succeeded).toBe(allowed);
    },
  );
});
