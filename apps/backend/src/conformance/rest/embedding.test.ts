/**
 * Resource embedding as PostgREST 12 answers it, through supabase-js: many-to-many through a
 * junction table, self-references, hints and their errors, views, spread and empty embeds,
 * computed columns and relationships.
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

describe('relationships', () => {
  it('many-to-many through a junction table, both ways', async () => {
    const rooms = await db.from('rooms').select('slug, tags(label)').order('id');
    expect(rooms.error).toBeNull();
    expect(rooms.data).toEqual([
      { slug: 'lounge', tags: [{ label: 'music' }] },
      { slug: 'bar', tags: [{ label: 'music' }, { label: 'drinks' }] },
      { slug: 'garden', tags: [{ label: 'outdoor' }] },
    ]);
    const tags = await db
      .from('tags')
      .select('label, rooms!inner(slug)')
      .eq('rooms.slug', 'bar')
      .order('id');
    expect(tags.data).toEqual([
      { label: 'music', rooms: [{ slug: 'bar' }] },
      { label: 'drinks', rooms: [{ slug: 'bar' }] },
    ]);
  });

  it('one-to-one and one-to-many through the same key', async () => {
    const r = await db.from('rooms').select('slug, room_details(floor)').order('id');
    expect(r.data).toEqual([
      { slug: 'lounge', room_details: { floor: 0 } },
      { slug: 'bar', room_details: { floor: 1 } },
      { slug: 'garden', room_details: null },
    ]);
  });

  it('a self-referencing table: its name gives the children, the key column the parent', async () => {
    const children = await db.from('menus').select('title, menus(title)').eq('id', 1).single();
    expect(children.data).toEqual({
      title: 'Menu',
      menus: [{ title: 'Drinks' }, { title: 'Food' }],
    });
    const parent = await db
      .from('menus')
      .select('title, parent:parent_id(title)')
      .eq('id', 4)
      .single();
    expect(parent.data).toEqual({ title: 'Cocktails', parent: { title: 'Drinks' } });
  });

  it('its name with the key column as hint gives the children, as PostgREST does', async () => {
    const r = await db.from('menus').select('*, menus!parent_id(*)').eq('id', 1).single();
    expect(r.error).toBeNull();
    expect(r.data).toEqual({
      id: 1,
      title: 'Menu',
      parent_id: null,
      menus: [
        { id: 2, title: 'Drinks', parent_id: 1 },
        { id: 3, title: 'Food', parent_id: 1 },
      ],
    });
    const parent = await db.from('menus').select('title, parent_id(title)').eq('id', 2).single();
    expect(parent.data).toEqual({ title: 'Drinks', parent_id: { title: 'Menu' } });
  });

  it('its name with the key constraint as hint is 400 PGRST200, as PostgREST answers', async () => {
    const r = await db.from('menus').select('*, menus!menus_parent_id_fkey(*)').eq('id', 1);
    expect(r.status).toBe(400);
    expect(r.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'menus' and 'menus' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'menus' and 'menus' using the hint 'menus_parent_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });

  it('two keys to one table: PGRST201 lists them; a hint chooses', async () => {
    const amb = await db.from('notes').select('body, guests(name)');
    expect(amb.status).toBe(300);
    expect(amb.error).toEqual({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'notes' and 'guests'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'notes with guests',
          relationship: 'notes_author_fkey using notes(author) and guests(handle)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'notes with guests',
          relationship: 'notes_reviewer_fkey using notes(reviewer) and guests(handle)',
        },
      ],
      hint: "Try changing 'guests' to one of the following: 'guests!notes_author_fkey', 'guests!notes_reviewer_fkey'. Find the desired relationship in the 'details' key.",
    });
    const hinted = await db
      .from('notes')
      .select('body, by:guests!notes_author_fkey(name), checker:guests!reviewer(name)')
      .order('id')
      .limit(2);
    expect(hinted.data).toEqual([
      { body: 'warm and quiet', by: { name: 'Ann' }, checker: { name: 'Bob' } },
      { body: 'too loud', by: { name: 'Bob' }, checker: null },
    ]);
    const back = await db.from('guests').select('name, notes(body)');
    expect(back.error?.code).toBe('PGRST201');
    expect((back.error?.details as unknown as { cardinality: string }[])[0]?.cardinality).toBe(
      'one-to-many',
    );
  });

  it('no relationship: PGRST200', async () => {
    const r = await db.from('tags').select('label, guests(name)');
    expect(r.status).toBe(400);
    expect(r.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'tags' and 'guests' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'tags' and 'guests' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });

  it('views carry the keys of the tables they read', async () => {
    const r = await db
      .from('notes')
      .select('body, guest_cards!notes_author_fkey(name)')
      .order('id')
      .limit(1)
      .single();
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ body: 'warm and quiet', guest_cards: { name: 'Ann' } });
    const fromView = await db
      .from('guest_cards')
      .select('name, notes!author(body)')
      .eq('handle', 'bob');
    expect(fromView.data).toEqual([{ name: 'Bob', notes: [{ body: 'too loud' }] }]);
  });

  it('order by a column of a to-one embed; a to-many one is PGRST118', async () => {
    const r = await db
      .from('notes')
      .select('id, rooms(slug)')
      .order('slug', { referencedTable: 'rooms', ascending: false })
      .order('id');
    expect(r.error).toBeNull();
    const byParent = await server.rest('/notes?select=id,rooms(slug)&order=rooms(slug).desc,id');
    expect(await byParent.json()).toEqual([
      { id: 1, rooms: { slug: 'lounge' } },
      { id: 2, rooms: { slug: 'bar' } },
      { id: 3, rooms: { slug: 'bar' } },
    ]);
    const many = await server.rest('/rooms?select=slug,notes(body)&order=notes(body)');
    expect(many.status).toBe(400);
    expect(((await many.json()) as { code: string }).code).toBe('PGRST118');
  });

  it('two embeds under one name fail as PostgREST does (42712)', async () => {
    const r = await db.from('notes').select('guests!author(name), guests!reviewer(name)');
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe('42712');
  });
});

describe('spread and empty embeds', () => {
  it('...rel(cols) puts a to-one relation’s columns into the row', async () => {
    const r = await db
      .from('notes')
      .select('body, ...rooms(room:slug, capacity)')
      .order('id')
      .limit(2);
    expect(r.data).toEqual([
      { body: 'warm and quiet', room: 'lounge', capacity: 40 },
      { body: 'too loud', room: 'bar', capacity: 20 },
    ]);
  });

  it('a spread of a to-many relation is PGRST119', async () => {
    const r = await db.from('rooms').select('slug, ...notes(body)');
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({
      code: 'PGRST119',
      message: "A spread operation on 'notes' is not possible",
      details: "'rooms' and 'notes' do not form a many-to-one or one-to-one relationship",
    });
  });

  it('rel() adds no key; with !inner it still filters', async () => {
    const r = await db.from('rooms').select('slug, tags!inner()').eq('tags.label', 'drinks');
    expect(r.data).toEqual([{ slug: 'bar' }]);
  });
});

describe('computed columns and relationships', () => {
  it('a function of the row is a column to select, filter and order by', async () => {
    const r = await db.from('notes').select('id, excerpt').like('excerpt', 'to*').order('excerpt');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([{ id: 2, excerpt: 'too ' }]);
    const star = await db.from('notes').select('*').eq('id', 1).single();
    expect(star.data).not.toHaveProperty('excerpt');
  });

  it('a set-returning function of the row embeds like a relation', async () => {
    const r = await db.from('rooms').select('slug, room_notes(body)').order('id');
    expect(r.data).toEqual([
      { slug: 'lounge', room_notes: [{ body: 'warm and quiet' }] },
      { slug: 'bar', room_notes: [{ body: 'too loud' }, { body: 'great cocktails' }] },
      { slug: 'garden', room_notes: [] },
    ]);
  });
});
