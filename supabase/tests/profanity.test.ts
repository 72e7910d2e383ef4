/**
 * The refused terms live in one file, supabase/profanity/terms.json. Its two
 * generated copies (the newest generated migration and the lounge's
 * profanity-terms.ts) must match it, and the lounge's check must normalise
 * text exactly as the database does.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
// The client's check is compared with the database's; it lives in the lounge app.
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  containsProfanity,
  normalizeForProfanity,
} from '../../apps/lounge/src/features/song-requests/profanity';
import { createDb, migrationsDir, supabaseDir } from './support/db';
import { disguised, ordinary } from './support/profanity-cases';

interface List {
  terms: [string, string][];
}
interface Generator {
  readList(): List;
  migrationSql(list: List): string;
  clientModule(list: List): string;
  clientFile: string;
  migrationMarker: string;
}

let gen: Generator;
let db: PGlite;

beforeAll(async () => {
  gen = (await import(
    pathToFileURL(path.join(supabaseDir, 'profanity/generate.mjs')).href
  )) as Generator;
  db = await createDb();
});
afterAll(async () => {
  await db?.close();
});

describe('the profanity list', () => {
  it('the newest generated migration is what terms.json generates', () => {
    const generated = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => readFileSync(path.join(migrationsDir, f), 'utf8'))
      .filter((sql) => sql.startsWith(gen.migrationMarker));
    expect(generated.length).toBeGreaterThan(0);
    expect(
      generated.at(-1) === gen.migrationSql(gen.readList()),
      'terms.json changed: run node supabase/profanity/generate.mjs <new migration file>',
    ).toBe(true);
  });

  it("the lounge's copy is what terms.json generates", () => {
    expect(readFileSync(gen.clientFile, 'utf8')).toBe(gen.clientModule(gen.readList()));
  });

  it('the database holds every term of the list', async () => {
    const { rows } = await db.query<{ term: string; match: string }>(
      'select term, match from private.profanity_terms order by term',
    );
    const list = gen
      .readList()
      .terms.map(([term, match]) => ({ term, match }))
      .sort((a, b) => (a.term < b.term ? -1 : 1));
    expect(rows).toEqual(list);
  });
});

describe('the lounge check mirrors the database', () => {
  const samples = [...disguised, ...ordinary, 'Bullsh!t', 'Big @ss Band', 'B.B. King', '  '];

  it.each(samples.map((s) => [s]))('normalises %j the same way', async (text) => {
    const { rows } = await db.query<{ n: string; p: boolean }>(
      'select private.normalize_for_profanity($1) as n, private.contains_profanity($1) as p',
      [text],
    );
    expect(normalizeForProfanity(text)).toBe(rows[0]?.n);
    expect(containsProfanity(text)).toBe(rows[0]?.p);
  });
});
