/**
 * Function calls as PostgREST 12 answers them, through supabase-js: overloads with defaults
 * (and the 300 when they are ambiguous), the single unnamed json/jsonb argument and
 * `Prefer: params=single-object`, row-type arguments, read-only GET/HEAD, counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startConformanceServer, type ConformanceServer } from './fixture.js';

let server: ConformanceServer;
let db: SupabaseClient;

beforeAll(async () => {
  server = await startConformanceServer();
  db = server.db;
});
afterAll(async () => {
  await server?.close();
});

describe('overloads', () => {
  it('the overload whose arguments are given (or defaulted) runs', async () => {
    expect((await db.rpc('add', { a: 1 })).data).toBe(11);
    expect((await db.rpc('add', { a: 1, b: 2 })).data).toBe(3);
    expect((await db.rpc('add', { a: 1, b: 2, c: 3 })).data).toBe(6);
    expect((await db.rpc('greet', { name: 'Ann', punct: '?' })).data).toBe('hello Ann?');
  });

  it('two overloads that both fit: 300 PGRST203', async () => {
    const r = await db.rpc('greet', { name: 'Ann' });
    expect(r.status).toBe(300);
    expect(r.error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.greet(name => text), public.greet(name => text, punct => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('candidates are listed as PostgREST lists them: fewer arguments first, then by type', async () => {
    const r = await db.rpc('pick', { v: '1' });
    expect(r.status).toBe(300);
    expect(r.error?.message).toBe(
      'Could not choose the best candidate function between: public.pick(v => integer), public.pick(v => text)',
    );
  });

  it("PGRST202's hint names the closest overload or function, in PostgREST's words", async () => {
    const args = await db.rpc('add', { a: 1, bb: 2 });
    expect(args.error?.hint).toBe('Perhaps you meant to call the function public.add(a, b)');
    const named = await db.rpc('mark_awy', { h: 'x' });
    expect(named.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.mark_awy(h) in the schema cache',
      hint: 'Perhaps you meant to call the function public.mark_away',
    });
    const none = await db.rpc('zzqx');
    expect(none.error).toMatchObject({
      details:
        'Searched for the function public.zzqx without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('no overload fits: 404 PGRST202', async () => {
    const r = await db.rpc('add', { z: 1 });
    expect(r.status).toBe(404);
    expect(r.error?.code).toBe('PGRST202');
    expect(r.error?.message).toBe('Could not find the function public.add(z) in the schema cache');
    expect(r.error?.details).toBe(
      'Searched for the function public.add with parameter z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });
});

describe('functions PostgREST does not expose', () => {
  it('an unnamed argument that is not json, jsonb or text: 404 PGRST202', async () => {
    const r = await db.rpc('unnamed_int', { '': 1 });
    expect(r.status).toBe(404);
    expect(r.data).toBeNull();
    expect(r.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.unnamed_int() in the schema cache',
      details:
        'Searched for the function public.unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('a single unnamed text argument is called with it', async () => {
    const r = await db.rpc('unnamed_text', { '': 'hi' });
    expect(r.error).toBeNull();
    expect(r.data).toBe('text: hi');
  });
});

describe('a function returning one row of a table', () => {
  it('is one object, with select, embeds and filters applied', async () => {
    const r = await db.rpc('room_by_slug', { s: 'bar' }).select('slug, room_details(floor)');
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ slug: 'bar', room_details: { floor: 1 } });
    const all = await db.rpc('room_by_slug', { s: 'bar' });
    expect(all.data).toEqual({ id: 2, slug: 'bar', capacity: 20 });
  });

  it('a filter that the row fails gives null, before or after select', async () => {
    const after = await db
      .rpc('room_by_slug', { s: 'bar' })
      .select('slug, room_details(floor)')
      .eq('slug', 'nope');
    expect(after).toMatchObject({ data: null, error: null, status: 200 });
    const before = await db.rpc('room_by_slug', { s: 'bar' }).eq('slug', 'nope').select('slug');
    expect(before).toMatchObject({ data: null, error: null, status: 200 });
    const kept = await db.rpc('room_by_slug', { s: 'bar' }).eq('slug', 'bar').select('slug');
    expect(kept.data).toEqual({ slug: 'bar' });
  });
});

describe('arguments', () => {
  it('a single unnamed jsonb argument takes the whole body', async () => {
    const r = await db.rpc('echo', { any: ['thing'], n: 1 });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ any: ['thing'], n: 1 });
  });

  it('Prefer: params=single-object passes the body to the one json argument', async () => {
    const res = await server.rest('/rpc/key_count', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'params=single-object' },
      body: JSON.stringify({ a: 1, b: 2, c: 3 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(3);
  });

  it('a row-type argument is built from a JSON object', async () => {
    const r = await db.rpc('room_label', { r: { id: 9, slug: 'attic', capacity: 5 } });
    expect(r.error).toBeNull();
    expect(r.data).toBe('attic (5)');
  });
});

describe('read-only calls and counts', () => {
  it('GET and HEAD calls run read-only: a writing function fails with 25006', async () => {
    const r = await db.rpc('mark_away', { h: 'cy' }, { get: true });
    expect(r.status).toBe(405);
    expect(r.error?.code).toBe('25006');
    const head = await db.rpc('rooms_from', { n: 2 }, { head: true, count: 'exact' });
    expect(head.status).toBe(200);
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
    const still = await db.from('guests').select('status').eq('handle', 'cy').single();
    expect(still.data).toEqual({ status: 'here' });
  });

  it('counts on set and scalar results', async () => {
    const set = await db.rpc('rooms_from', { n: 1 }, { count: 'exact' }).select('slug').limit(1);
    expect(set.data).toEqual([{ slug: 'lounge' }]);
    expect(set.count).toBe(3);
    expect(set.status).toBe(206);
    const scalar = await db.rpc('add', { a: 2 }, { count: 'exact' });
    expect(scalar).toMatchObject({ data: 12, count: 1, status: 200 });
  });
});
