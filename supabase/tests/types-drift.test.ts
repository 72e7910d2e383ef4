/** The checked-in Database types match what the migrations build. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDb, repoRoot } from './support/db';

interface GenTypes {
  typesFromDb(db: PGlite): Promise<string>;
  typesFile: string;
}

const script = path.join(repoRoot, 'tools/gen-types.mjs');
let gen: GenTypes;
let db: PGlite;
let checkedIn: string;

beforeAll(async () => {
  gen = (await import(pathToFileURL(script).href)) as GenTypes;
  checkedIn = readFileSync(gen.typesFile, 'utf8');
  db = await createDb();
});
afterAll(async () => {
  await db?.close();
});

describe('generated database types', () => {
  it('libs/data/src/database.types.ts is up to date with the migrations', async () => {
    const fresh = await gen.typesFromDb(db);
    expect(fresh === checkedIn, 'database.types.ts drifted: run `npm run gen:types`').toBe(true);
  });

  it('would notice a schema change (the drift check can fail)', async () => {
    await db.exec('alter table public.djs add column mood text');
    const changed = await gen.typesFromDb(db);
    expect(changed).toContain('mood: string | null');
    expect(changed).not.toBe(checkedIn);
  });

  it('describes tables, RPCs and enums in the supabase gen types shape', () => {
    expect(checkedIn).toContain('export type Database = {');
    expect(checkedIn).toMatch(
      /increment_offer_usage: \{\n\s+Args: \{ offer_id: string \}\n\s+Returns: number/,
    );
    expect(checkedIn).toMatch(
      /admin_delete_user: \{\n\s+Args: \{ _admin_id: string; _user_id: string \}\n\s+Returns: undefined/,
    );
    expect(checkedIn).toContain('offer_type: "exclusive" | "vip" | "birthday" | "surprise"');
    for (const helper of [
      'Tables<',
      'TablesInsert<',
      'TablesUpdate<',
      'Enums<',
      'CompositeTypes<',
    ]) {
      expect(checkedIn).toContain(`export type ${helper}`);
    }
  });
});
