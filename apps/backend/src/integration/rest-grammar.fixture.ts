/**
 * The fixture of the PostgREST grammar suites: tables without RLS (authors, books, bios, items,
 * many, spans), functions (including an ambiguous overload) and a server with them loaded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';

export const FIXTURE = `
create table public.authors (id int primary key, name text not null, meta jsonb, tags text[]);
create table public.books (
  id int primary key, title text not null,
  author_id int references public.authors (id), editor_id int references public.authors (id),
  published date, price numeric, body text,
  search tsvector generated always as (to_tsvector('english', coalesce(body, ''))) stored
);
create table public.bios (author_id int primary key references public.authors (id), bio text);
create table public.items (id serial primary key, name text unique not null, qty int default 7, note text default 'dflt', data jsonb);
create table public.many (n int primary key);
insert into public.authors values
  (1, 'Ann', '{"city": "Cleveland", "langs": ["en", "fr"]}', '{poetry,essays}'),
  (2, 'Bob', '{"city": "Akron"}', '{fiction}'),
  (3, 'Cy, Jr.', null, null);
insert into public.bios values (1, 'Ann writes poems.');
insert into public.books (id, title, author_id, editor_id, published, price, body) values
  (1, 'Alpha', 1, 2, '2020-01-01', 12.5, 'the quick brown fox'),
  (2, 'Beta', 1, null, '2021-06-01', 8, 'lazy dogs sleep'),
  (3, 'Gamma', 2, 1, null, 30, 'foxes and dogs'),
  (4, 'Delta', null, null, '2019-03-03', null, null);
insert into public.many select generate_series(1, 1100);
create function public.books_by(author int) returns setof public.books language sql stable as $$ select * from public.books where author_id = author $$;
create function public.total(prices numeric[]) returns numeric language sql immutable as $$ select sum(p) from unnest(prices) p $$;
create function public.echo_json(payload jsonb) returns jsonb language sql immutable as $$ select payload $$;
create function public.author_of(book int) returns public.authors language sql stable as $$ select a.* from public.authors a join public.books b on b.author_id = a.id where b.id = book $$;
create table public.spans (id int primary key, r int4range);
insert into public.spans values (1, '[1,5)'), (2, '[3,12)'), (3, '[8,20)');
create function public.pick(x int) returns text language sql immutable as $$ select 'int' $$;
create function public.pick(x text) returns text language sql immutable as $$ select 'text' $$;
grant all on all tables in schema public to anon;
grant usage, select on all sequences in schema public to anon;
`;

export interface GrammarServer {
  srv: TestServer;
  db: SupabaseClient;
  close(): Promise<void>;
}

/** A test server in its own supabase folder with the fixture loaded, and an anon client. */
export async function startGrammarServer(): Promise<GrammarServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bistro-grammar-'));
  const srv = await startTestServer({ supabaseDir: dir });
  await srv.sql(FIXTURE);
  return {
    srv,
    db: createTestClient(srv),
    async close() {
      await srv.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
