import { expect, type Browser, type Page } from '@playwright/test';
import { seedBrowserSession, signInThroughApi, suiteConfig } from './session';

/**
 * Helpers for the lounge e2e tests: the members' own REST calls (as supabase-js
 * would make them, with the member's token, so RLS and triggers apply) to set
 * up and check state, and pages signed in as a member.
 */

export const PASSWORD = 'password123';
export const MAYA = 'maya@example.com';
export const LEO = 'leo@example.com';
export const ADMIN = 'admin@example.com';

export interface Member {
  email: string;
  userId: string;
  token: string;
}

export interface SongRequestRow {
  id: string;
  song_title: string;
  artist: string;
  status: string;
  vote_count: number;
  event_date: string;
  created_at: string;
}

export async function member(email: string): Promise<Member> {
  const { session } = await signInThroughApi(email, PASSWORD);
  return { email, userId: session.user.id, token: session.access_token };
}

async function rest<T>(who: Member, path: string, init: RequestInit = {}): Promise<T> {
  const config = await suiteConfig();
  if (!config.supabase) throw new Error('The e2e suite runs without a backend');
  const response = await fetch(`${config.supabase.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: config.supabase.anonKey,
      Authorization: `Bearer ${who.token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...(init.headers ?? {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Staff move a request to a status (lounge_set_status, as the DJ view does), as the admin. */
export async function staffSetStatus(requestId: string, status: string): Promise<void> {
  await rest(await member(ADMIN), 'rpc/lounge_set_status', {
    method: 'POST',
    body: JSON.stringify({ _request_id: requestId, _status: status }),
  });
}

const syllables = ['ba', 'de', 'ki', 'lo', 'mu', 'ra', 'ne', 'vi', 'so', 'tu', 'ze', 'po'];

/** A word no other test (and no seed row) uses, safe for every profanity filter. */
export function uniqueTag(): string {
  let tag = 'Zo';
  for (let i = 0; i < 6; i++) tag += syllables[Math.floor(Math.random() * syllables.length)];
  return tag;
}

export async function createRequest(
  who: Member,
  songTitle: string,
  artist: string,
): Promise<SongRequestRow> {
  const rows = await rest<SongRequestRow[]>(who, 'song_requests', {
    method: 'POST',
    body: JSON.stringify({ song_title: songTitle, artist, user_id: who.userId }),
  });
  const row = rows[0];
  if (!row) throw new Error('The new song request was not returned');
  return row;
}

/** The element at i, or a failed test (for noUncheckedIndexedAccess). */
export function nth<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`No item ${i} (of ${items.length})`);
  return item;
}

export async function requestsMatching(who: Member, titlePart: string): Promise<SongRequestRow[]> {
  return rest<SongRequestRow[]>(
    who,
    `song_requests?select=*&song_title=ilike.${encodeURIComponent(`*${titlePart}*`)}`,
  );
}

export async function vote(who: Member, songRequestId: string): Promise<void> {
  await rest(who, 'song_votes', {
    method: 'POST',
    body: JSON.stringify({ song_request_id: songRequestId, user_id: who.userId }),
  });
}

export async function myVotes(who: Member): Promise<{ song_request_id: string }[]> {
  return rest(who, `song_votes?select=song_request_id&user_id=eq.${who.userId}`);
}

/** Gives the member all 3 of tonight's votes back (removes every vote they cast). */
export async function clearMyVotes(who: Member): Promise<void> {
  await rest(who, `song_votes?user_id=eq.${who.userId}`, { method: 'DELETE' });
}

/** A page in its own browser context, signed in as the member, at /song-requests. */
export async function loungePage(browser: Browser, email: string, path = '/song-requests') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await seedBrowserSession(page, email, PASSWORD);
  await page.goto(path);
  return { context, page };
}

export function requestRow(page: Page, title: string) {
  return page.getByTestId('song-request').filter({ hasText: title });
}

export function voteButton(page: Page, title: string) {
  return requestRow(page, title).getByRole('button', { name: /vote for/i });
}

/** One poll (5 s) plus the request's round trip. */
export const WITHIN_ONE_POLL = { timeout: 9_000 };

/** A toast's title (and text), matched exactly (Radix also announces it in a status region). */
export async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true }).first()).toBeVisible();
}

/** Removes the member's own ratings of the named DJ (members may delete their own ratings). */
export async function clearMyRatings(who: Member, djName: string): Promise<void> {
  const djs = await rest<{ id: string }[]>(
    who,
    `djs?select=id&name=eq.${encodeURIComponent(djName)}`,
  );
  const dj = nth(djs, 0);
  await rest(who, `dj_ratings?user_id=eq.${who.userId}&dj_id=eq.${dj.id}`, { method: 'DELETE' });
}
