import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { DATA_DIR } from './suite';

export interface SuiteConfig {
  remotes: Record<string, string>;
  supabase?: { url: string; anonKey: string };
}

/** The runtime config the e2e suite was started with (written by tools/start.mjs). */
export async function suiteConfig(): Promise<SuiteConfig> {
  const file = join(import.meta.dirname, '..', '..', DATA_DIR, 'runtime', 'config.json');
  return JSON.parse(await readFile(file, 'utf8')) as SuiteConfig;
}

/** Signs in through the real auth API (password grant) and returns the session. */
export async function signInThroughApi(
  email: string,
  password: string,
): Promise<{ session: Session; url: string }> {
  const config = await suiteConfig();
  if (!config.supabase) throw new Error('The e2e suite runs without a backend');
  // The GoTrue password grant, as supabase-js sends it (its realtime client needs a
  // WebSocket that Node 20 lacks, so the test talks to the endpoint directly).
  const response = await fetch(`${config.supabase.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.supabase.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as Session & { msg?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`Sign-in failed for ${email}: HTTP ${response.status} ${body.msg ?? ''}`);
  }
  return { session: body, url: config.supabase.url };
}

/**
 * Puts a session where supabase-js keeps it, once, before the first page loads,
 * as if the member had signed in earlier on this device.
 */
export async function seedBrowserSession(
  page: Page,
  email: string,
  password: string,
): Promise<Session> {
  const { session, url } = await signInThroughApi(email, password);
  await seedSession(page, session, url);
  return session;
}

/** Puts an existing session (from signInThroughApi) into the page's storage before it loads. */
export async function seedSession(page: Page, session: Session, url: string): Promise<void> {
  const storageKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem('e2e-session-seeded', '1');
    },
    [storageKey, JSON.stringify(session)] as const,
  );
}
