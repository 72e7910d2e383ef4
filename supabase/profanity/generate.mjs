#!/usr/bin/env node
/**
 * One list of refused terms, two copies made from it: the database's
 * private.profanity_terms (the judge) and the lounge's client-side check.
 *
 *   node supabase/profanity/generate.mjs supabase/migrations/<version>_profanity_terms.sql
 *
 * writes a migration that defines the normaliser and the matcher from
 * terms.json and replaces the table's rows with its terms, and rewrites apps/lounge/src/features/song-requests/profanity-terms.ts. Applied
 * migrations are never edited: after changing terms.json, name a new file.
 * supabase/tests/profanity.test.ts fails when either copy drifts from the list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const termsFile = path.join(here, 'terms.json');
export const clientFile = path.join(
  repoRoot,
  'apps/lounge/src/features/song-requests/profanity-terms.ts',
);
/** The first line of every generated migration; the drift test finds the newest by it. */
export const migrationMarker = '-- Generated from supabase/profanity/terms.json';

const MATCHES = ['any', 'start', 'word'];

/** The list and the normalisation data; refuses a malformed file. */
export function readList(file = termsFile) {
  const { strip, lookalikes, leet, groups } = JSON.parse(readFileSync(file, 'utf8'));
  if (!/^(\\u[0-9a-f]{4}(-\\u[0-9a-f]{4})?)+$/.test(strip)) throw new Error('bad strip class');
  for (const map of [lookalikes, leet]) {
    if ([...map.from].length !== [...map.to].length) throw new Error('from/to differ in length');
    if (/['\\]/.test(map.from + map.to)) throw new Error('quotes or backslashes in a map');
  }
  const seen = new Set();
  const terms = [];
  for (const group of groups) {
    for (const match of MATCHES) {
      for (const term of group[match] ?? []) {
        if (!/^[a-z]+( [a-z]+)*$/.test(term)) throw new Error(`bad term ${JSON.stringify(term)}`);
        if (seen.has(term)) throw new Error(`duplicate term ${term}`);
        seen.add(term);
        terms.push([term, match]);
      }
    }
  }
  return { strip, lookalikes, leet, terms };
}

export function migrationSql({ strip, lookalikes, leet, terms }) {
  const rows = terms.map(([term, match]) => `  ('${term}', '${match}')`).join(',\n');
  return `${migrationMarker} by
-- supabase/profanity/generate.mjs: edit that list, never this file. The
-- database is the judge of song requests; the lounge checks the same list,
-- normalised and matched the same way, before sending.
--
-- Normalising sees through disguises: NFKC (full-width letters, ligatures),
-- then decomposition with invisible characters (zero-width, soft hyphen,
-- direction marks) and combining marks (accents) removed, look-alike letters
-- (Cyrillic, Greek) folded to Latin, upper-case ASCII lowered. Then word by
-- word: inside a word with a letter, leet characters read as letters
-- ("sh1t", "@ss") and other symbols drop ("f.u.c.k"); a word of digits stays
-- as it is ("Route 455"); a word of symbols only is dropped. Runs of three or
-- more single letters are joined ("f u c k"). Last, letters that sound alike
-- are written one way, in the text and in every term alike: "ph" as "f", "ck"
-- as "k", "q" as "k" ("phuq" reads as "fuk").

-- Letters that sound alike, written one way (runs included: "pph", "cck", "qq").
create or replace function private.profanity_sounds(_text text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select regexp_replace(regexp_replace(regexp_replace(_text, 'p+h+', 'f', 'g'), 'c+k+', 'k', 'g'), 'q+', 'k', 'g')
$fn$;

create or replace function private.normalize_for_profanity(_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $fn$
declare
  _s text;
  _word text;
  _run text := '';
  _out text[] := '{}';
begin
  _s := normalize(coalesce(_text, ''), NFKC);
  _s := normalize(_s, NFD);
  _s := regexp_replace(_s, '[${strip}]', '', 'g');
  _s := translate(_s, '${lookalikes.from}', '${lookalikes.to}');
  _s := translate(_s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  foreach _word in array regexp_split_to_array(_s, '[ \\t\\n\\r\\f\\v]+') loop
    if _word ~ '[a-z]' then
      _word := regexp_replace(translate(_word, '${leet.from}', '${leet.to}'), '[^a-z0-9]', '', 'g');
    elsif _word !~ '[0-9]' then
      continue;
    end if;
    if _word ~ '^[a-z]$' then
      _run := _run || _word;
      continue;
    end if;
    if length(_run) >= 3 then
      _out := _out || _run;
    elsif _run <> '' then
      _out := _out || regexp_split_to_array(_run, '');
    end if;
    _run := '';
    _out := _out || _word;
  end loop;
  if length(_run) >= 3 then
    _out := _out || _run;
  elsif _run <> '' then
    _out := _out || regexp_split_to_array(_run, '');
  end if;
  return private.profanity_sounds(array_to_string(_out, ' '));
end
$fn$;

-- One term's expression: every letter may repeat ("fuuuck"), a space in a
-- phrase matches any run of non-letters; 'start' and 'word' terms begin at a
-- word boundary, 'word' terms end at one (an optional plural before it).
create or replace function private.profanity_pattern(_term text, _match text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select case _match when 'any' then '' else '(?<![a-z0-9])' end
    || replace(regexp_replace(private.profanity_sounds(_term), '([a-z])', '\\1+', 'g'), ' ', '[^a-z]*')
    || case _match when 'word' then '(?:e?s)?(?![a-z0-9])' else '' end
$fn$;

revoke execute on function private.profanity_sounds(text) from public;
revoke execute on function private.normalize_for_profanity(text) from public;
revoke execute on function private.profanity_pattern(text, text) from public;

delete from private.profanity_terms;

insert into private.profanity_terms (term, match) values
${rows};
`;
}

export function clientModule({ strip, lookalikes, leet, terms }) {
  const rows = terms.map(([term, match]) => `  ['${term}', '${match}'],`).join('\n');
  return `// Generated from supabase/profanity/terms.json by supabase/profanity/generate.mjs:
// edit that list, never this file. The database refuses the same terms,
// normalised the same way (private.normalize_for_profanity).
export type ProfanityMatch = 'any' | 'start' | 'word';

/** Characters removed before matching: invisible ones and combining marks. */
export const PROFANITY_STRIP = String.raw\`${strip}\`;

/** Look-alike letters and what they read as. */
export const PROFANITY_LOOKALIKES = {
  from: '${lookalikes.from}',
  to: '${lookalikes.to}',
} as const;

/** Inside a word: digits and symbols that read as letters. */
export const PROFANITY_LEET = { from: '${leet.from}', to: '${leet.to}' } as const;

export const PROFANITY_TERMS: readonly (readonly [string, ProfanityMatch])[] = [
${rows}
];
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node supabase/profanity/generate.mjs <new migration file>');
    process.exit(2);
  }
  const list = readList();
  writeFileSync(path.resolve(target), migrationSql(list));
  writeFileSync(clientFile, clientModule(list));
  console.log(
    `wrote ${target} and ${path.relative(repoRoot, clientFile)} (${list.terms.length} terms)`,
  );
}
