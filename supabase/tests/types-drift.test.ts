/** The checked-in Database types match what the migrations build. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/db';

interface GenTypes {
  generateTypes(opts?: { extraSql?: string }): Promise<string>;
  typesFile: string;
}

const script = path.join(repoRoot, 'tools/gen-types.mjs');
const load = async (): Promise<GenTypes> => (await import(pathToFileURL(script).href)) as GenTypes;

describe('generated database types', () => {
  it('libs/data/src/database.types.ts is up to date with the migrations', async () => {
    const { generateTypes, typesFile } = await load();
    const checkedIn = readFileSync(typesFile, 'utf8');
    const fresh = await generateTypes();
    expect(checkedIn === fresh, 'database.types.ts drifted: run `node tools/gen-types.mjs`').toBe(
      true,
    );
  });

  it('would notice a schema change (the drift check can fail)', async () => {
    const { generateTypes, typesFile } = await load();
    const changed = await generateTypes({
      extraSql: 'alter table public.djs add column mood text',
    });
    expect(changed).toContain('mood: string | null');
    expect(changed).not.toBe(readFileSync(typesFile, 'utf8'));
  });

  it('describes tables, RPCs and enums in the supabase gen types shape', () => {
    const text = readFileSync(path.join(repoRoot, 'libs/data/src/database.types.ts'), 'utf8');
    expect(text).toContain('export type Database = {');
    expect(text).toMatch(
      /increment_offer_usage: \{\n\s+Args: \{ offer_id: string \}\n\s+Returns: number/,
    );
    expect(text).toMatch(
      /admin_delete_user: \{\n\s+Args: \{ _admin_id: string; _user_id: string \}\n\s+Returns: undefined/,
    );
    expect(text).toContain('offer_type: "exclusive" | "vip" | "birthday" | "surprise"');
    for (const helper of [
      'Tables<',
      'TablesInsert<',
      'TablesUpdate<',
      'Enums<',
      'CompositeTypes<',
    ]) {
      expect(text).toContain(`export type ${helper}`);
    }
  });
});
