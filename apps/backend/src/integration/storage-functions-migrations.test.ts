/**
 * Storage limits and RLS, edge functions, and the migration runner, on a small scratch
 * supabase/ folder (so these run without the product schema).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';
import { startBackend } from '../server.js';
import { api } from './support.js';

let dir: string;
let srv: TestServer;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const MIGRATION_1 = `
create table public.notes (id bigint generated always as identity primary key, body text not null, owner uuid default auth.uid());
alter table public.notes enable row level security;
grant select, insert on public.notes to authenticated;
create policy "Members read their notes" on public.notes for select to authenticated using (owner = (select auth.uid()));
create policy "Members add their notes" on public.notes for insert to authenticated with check (owner = (select auth.uid()));
`;
const MIGRATION_2 = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('docs', 'docs', false, null, null), ('avatars', 'avatars', true, 200, array['image/png']);
create policy "Members manage their own docs" on storage.objects for all to authenticated
  using (bucket_id in ('docs', 'avatars') and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('docs', 'avatars') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Anyone reads avatars" on storage.objects for select to anon using (bucket_id = 'avatars');
create function public.add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.my_notes() returns setof public.notes language sql stable as $$ select * from public.notes $$;
create function public.touch(n text default 'x') returns void language sql as $$ select null $$;
`;
const SEED = `insert into public.notes (body, owner) values ('seeded', null);`;

const ECHO = `
export async function handler(req: Request): Promise<Response> {
  const body = req.method === 'POST' ? await req.json() : null;
  return new Response(JSON.stringify({
    method: req.method,
    body,
    auth: req.headers.get('authorization'),
    url: process.env.SUPABASE_URL,
    hasAnon: Boolean(process.env.SUPABASE_ANON_KEY),
    hasService: Boolean(process.env.SUPABASE_SERVICE_ROLE_KEY),
  }), { headers: { 'content-type': 'application/json' } });
}
if ((globalThis as { Deno?: { serve(h: typeof handler): void } }).Deno) (globalThis as unknown as { Deno: { serve(h: typeof handler): void } }).Deno.serve(handler);
`;
const DEFAULT_FETCH = `export default { fetch: async () => new Response('hi from default') };`;
const BOOM = `export async function handler(): Promise<Response> { throw new Error('secret internal detail'); }`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bistro-backend-'));
  await mkdir(path.join(dir, 'migrations'));
  await writeFile(path.join(dir, 'migrations', '20250101000001_notes.sql'), MIGRATION_1);
  await writeFile(path.join(dir, 'migrations', '20250101000002_storage.sql'), MIGRATION_2);
  await writeFile(path.join(dir, 'seed.sql'), SEED);
  for (const [name, src] of [
    ['echo', ECHO],
    ['hello', DEFAULT_FETCH],
    ['boom', BOOM],
  ] as const) {
    await mkdir(path.join(dir, 'functions', name), { recursive: true });
    await writeFile(path.join(dir, 'functions', name, 'index.ts'), src);
  }
  // this file is about migrating: its database is migrated at start, not copied
  srv = await startTestServer({ supabaseDir: dir, fromScratch: true });
});
afterAll(async () => {
  await srv?.close();
  await rm(dir, { recursive: true, force: true });
});

async function newMember() {
  const admin = createTestClient(srv, { key: srv.serviceRoleKey });
  const email = `m${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { data } = await admin.auth.admin.createUser({
    email,
    password: 'secret123',
    email_confirm: true,
  });
  const client = createTestClient(srv);
  await client.auth.signInWithPassword({ email, password: 'secret123' });
  return { client, id: data.user?.id as string };
}

describe('migration runner', () => {
  it('applied the migrations in order, recorded them, and loaded the seed once', async () => {
    const r = await srv.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(r.rows).toEqual([
      { version: '20250101000001', name: 'notes' },
      { version: '20250101000002', name: 'storage' },
    ]);
    const seeded = await srv.db.query<{ n: number }>('select count(*)::int as n from public.notes');
    expect(seeded.rows[0]?.n).toBe(1);
  });

  it('on a persistent data folder: a restart applies only new migrations and never re-seeds; the key survives', async () => {
    const dataDir = path.join(dir, 'data');
    const opts = { dataDir, supabaseDir: dir, port: 0, inboxPort: 0 } as const;
    const a = await startBackend(opts);
    const kid = a.ctx.keys.kid;
    await a.close();
    await writeFile(
      path.join(dir, 'migrations', '20250101000003_more.sql'),
      'create table public.more (id int primary key);',
    );
    try {
      const b = await startBackend(opts);
      try {
        expect(b.ctx.keys.kid).toBe(kid);
        const v = await b.db.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        );
        expect(v.rows.map((x) => x.version)).toEqual([
          '20250101000001',
          '20250101000002',
          '20250101000003',
        ]);
        const n = await b.db.query<{ n: number }>('select count(*)::int as n from public.notes');
        expect(n.rows[0]?.n).toBe(1);
      } finally {
        await b.close();
      }
    } finally {
      await rm(path.join(dir, 'migrations', '20250101000003_more.sql'));
    }
    expect(JSON.parse(await readFile(path.join(dataDir, 'jwt-key.json'), 'utf8'))).toHaveProperty(
      'd',
    );
  }, 120_000);

  it('a failing migration stops the start and is not recorded', async () => {
    const bad = await mkdtemp(path.join(tmpdir(), 'bistro-bad-'));
    await mkdir(path.join(bad, 'migrations'));
    await writeFile(path.join(bad, 'migrations', '1_ok.sql'), 'create table public.ok (id int);');
    await writeFile(
      path.join(bad, 'migrations', '2_bad.sql'),
      'create table public.bad (id int); select nope();',
    );
    await expect(startBackend({ supabaseDir: bad, port: 0, inboxPort: 0 })).rejects.toThrow(
      /2_bad.sql failed/,
    );
    await rm(bad, { recursive: true, force: true });
  }, 120_000);
});

describe('REST on fixture tables', () => {
  it('RLS scopes rows to the caller; identity columns and defaults work; RPCs (scalar, setof, void)', async () => {
    const a = await newMember();
    const b = await newMember();
    const ins = await a.client
      .from('notes')
      .insert([{ body: 'one' }, { body: 'two' }])
      .select('id, body, owner');
    expect(ins.error).toBeNull();
    expect(ins.data?.map((n) => n.owner)).toEqual([a.id, a.id]);
    const bList = await b.client.from('notes').select('*');
    expect(bList.data).toEqual([]);
    const forged = await b.client.from('notes').insert({ body: 'x', owner: a.id });
    expect(forged.error?.code).toBe('42501');
    expect(forged.status).toBe(403);
    const sum = await a.client.rpc('add', { a: 2, b: 3 });
    expect(sum.data).toBe(5);
    const sumGet = await a.client.rpc('add', { a: 2, b: 40 }, { get: true });
    expect(sumGet.data).toBe(42);
    const mine = await a.client.rpc('my_notes').select('body').order('body', { ascending: false });
    expect(mine.data).toEqual([{ body: 'two' }, { body: 'one' }]);
    const v = await a.client.rpc('touch');
    expect(v.error).toBeNull();
    expect(v.data).toBeNull();
    const one = await a.client.from('notes').select('body').eq('body', 'one').single();
    expect(one.data).toEqual({ body: 'one' });
    const many = await a.client.from('notes').select('body').single();
    expect(many.error?.code).toBe('PGRST116');
    expect(many.error?.details).toBe('The result contains 2 rows');
  });

  it('a single-object mutation that hits two rows is rolled back', async () => {
    const a = await newMember();
    await a.client.from('notes').insert([{ body: 'p' }, { body: 'q' }]);
    const r = await a.client
      .from('notes')
      .insert([{ body: 'r' }, { body: 's' }])
      .select()
      .single();
    expect(r.error?.code).toBe('PGRST116');
    const all = await a.client.from('notes').select('body').order('body');
    expect(all.data).toEqual([{ body: 'p' }, { body: 'q' }]);
  });
});

describe('storage', () => {
  it('private bucket: owner uploads, downloads, lists and removes; others cannot read', async () => {
    const a = await newMember();
    const b = await newMember();
    const name = `${a.id}/notes/hello.txt`;
    const up = await a.client.storage
      .from('docs')
      .upload(name, 'hello world', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    const dup = await a.client.storage
      .from('docs')
      .upload(name, 'again', { contentType: 'text/plain' });
    expect(dup.error).not.toBeNull();
    const upsert = await a.client.storage
      .from('docs')
      .upload(name, 'hello again', { contentType: 'text/plain', upsert: true });
    expect(upsert.error).toBeNull();
    const dl = await a.client.storage.from('docs').download(name);
    expect(await dl.data?.text()).toBe('hello again');
    expect((await a.client.storage.from('docs').exists(name)).data).toBe(true);
    expect((await a.client.storage.from('docs').exists(`${a.id}/nope.txt`)).data).toBe(false);
    const list = await a.client.storage.from('docs').list(`${a.id}/notes`);
    expect(list.data?.map((o) => o.name)).toEqual(['hello.txt']);
    const other = await b.client.storage.from('docs').download(name);
    expect(other.error).not.toBeNull();
    const pub = await fetch(`${srv.url}/storage/v1/object/public/docs/${name}`);
    expect(pub.status).toBe(404);
    const rm1 = await b.client.storage.from('docs').remove([name]);
    expect(rm1.data).toEqual([]);
    const rm2 = await a.client.storage.from('docs').remove([name]);
    expect(rm2.data).toHaveLength(1);
    expect((await a.client.storage.from('docs').download(name)).error).not.toBeNull();
  });

  it('bucket size limit and allowed MIME types are enforced from the bytes', async () => {
    const a = await newMember();
    const ok = await a.client.storage
      .from('avatars')
      .upload(`${a.id}/a.png`, new Blob([PNG], { type: 'image/png' }));
    expect(ok.error).toBeNull();
    const res = await fetch(`${srv.url}/storage/v1/object/public/avatars/${a.id}/a.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    const txt = await a.client.storage
      .from('avatars')
      .upload(`${a.id}/b.png`, new Blob(['not a png'], { type: 'text/plain' }));
    expect(txt.error).not.toBeNull();
    const big = await a.client.storage
      .from('avatars')
      .upload(`${a.id}/c.png`, new Blob([PNG, Buffer.alloc(300)], { type: 'image/png' }));
    expect(big.error).not.toBeNull();
    expect((big.error as { statusCode?: string }).statusCode ?? '413').toBe('413');
  });

  it('buckets: only the service role creates them; get and list', async () => {
    const a = await newMember();
    const denied = await a.client.storage.createBucket('mine', { public: true });
    expect(denied.error).not.toBeNull();
    const service = createTestClient(srv, { key: srv.serviceRoleKey });
    const created = await service.storage.createBucket('made', {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/*'],
    });
    expect(created.error).toBeNull();
    const got = await service.storage.getBucket('made');
    expect(got.data).toMatchObject({
      id: 'made',
      public: true,
      // Storage's units are decimal
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/*'],
    });
    const list = await service.storage.listBuckets();
    expect(list.data?.map((x) => x.id).sort()).toEqual(['avatars', 'docs', 'made']);
    const again = await service.storage.createBucket('made');
    expect(again.error).not.toBeNull();
  });
});

describe('edge functions', () => {
  it('runs the exported handler with the caller headers and the Supabase env', async () => {
    const a = await newMember();
    const { data, error } = await a.client.functions.invoke('echo', { body: { bookingId: 7 } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      body: { bookingId: 7 },
      url: srv.url,
      hasAnon: true,
      hasService: true,
    });
    expect((data as { auth: string }).auth).toMatch(/^Bearer ey/);
  });

  it('default export { fetch } works; errors are 500 without details; unknown is 404', async () => {
    const hello = await api(srv, '/functions/v1/hello');
    expect(await hello.text()).toBe('hi from default');
    const boom = await api(srv, '/functions/v1/boom', { method: 'POST' });
    expect(boom.status).toBe(500);
    expect(await boom.text()).not.toContain('secret internal detail');
    expect((await api(srv, '/functions/v1/nope')).status).toBe(404);
    expect((await api(srv, '/functions/v1/..%2Fmigrations')).status).toBe(404);
    const noAuth = await fetch(`${srv.url}/functions/v1/hello`);
    expect(noAuth.status).toBe(401);
  });
});

describe('dev inbox and CORS', () => {
  it('functions can send mail through /mail/v1/send with the service role only', async () => {
    const body = JSON.stringify({
      to: 'guest@example.com',
      subject: 'Booking approved',
      html: '<p>See you <a href="http://localhost:4200/">soon</a></p>',
    });
    const anon = await api(srv, '/mail/v1/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(anon.status).toBe(403);
    const ok = await api(srv, '/mail/v1/send', {
      method: 'POST',
      token: srv.serviceRoleKey,
      headers: { apikey: srv.serviceRoleKey, 'content-type': 'application/json' },
      body,
    });
    expect(ok.status).toBe(200);
    const [mail] = await srv.inbox('guest@example.com');
    expect(mail).toMatchObject({ subject: 'Booking approved', links: ['http://localhost:4200/'] });
    const page = await fetch(`${srv.inboxUrl}/messages/${mail?.id}`);
    expect(await page.text()).toContain('href="http://localhost:4200/"');
  });

  it('serves the inbox list page and JSON API', async () => {
    const html = await fetch(srv.inboxUrl);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toContain('Dev inbox');
    const json = await fetch(`${srv.inboxUrl}/api/messages`);
    expect(Array.isArray(await json.json())).toBe(true);
  });

  it('allows the app origins only', async () => {
    const ok = await fetch(`${srv.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4202',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,apikey,x-client-info,x-region',
      },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:4202');
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-region');
    const evil = await fetch(`${srv.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await api(srv, '/rest/v1/notes');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
