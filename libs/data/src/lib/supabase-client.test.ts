import { configureSupabase, onAuthStateChange, setRequestTokenSource } from './supabase-client';

const url = 'http://127.0.0.1:54321';
const anonKey = 'anon-key';
const storageKey = 'sb-127-auth-token';

/** A session as auth-js stores it, valid for an hour. */
function storedSession(accessToken: string) {
  return JSON.stringify({
    access_token: accessToken,
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: {
      id: 'u1',
      email: 'maya@example.com',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: '',
    },
  });
}

/** Records the Authorization header of every REST request. */
function recordRequests() {
  const seen: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const target = String(input instanceof Request ? input.url : input);
    if (target.includes('/rest/v1/')) {
      seen.push(new Headers(init?.headers).get('Authorization') ?? '');
      return Response.json([]);
    }
    return Response.json({ message: 'unexpected request' }, { status: 500 });
  });
  return seen;
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('supabase client', () => {
  it('sends the anon key for a visitor without loading auth', async () => {
    const seen = recordRequests();
    const client = configureSupabase({ url, anonKey });
    expect(client.sessionMayExist()).toBe(false);
    await client.from('events').select('id');
    expect(seen).toEqual([`Bearer ${anonKey}`]);
  });

  it('may hold a session when one is stored or a sign-in link landed', () => {
    const client = configureSupabase({ url, anonKey });
    localStorage.setItem(storageKey, storedSession('t'));
    expect(client.sessionMayExist()).toBe(true);
    localStorage.clear();
    window.history.replaceState(null, '', '/#access_token=abc&type=recovery');
    expect(client.sessionMayExist()).toBe(true);
    window.history.replaceState(null, '', '/auth?error_description=Link+expired');
    expect(client.sessionMayExist()).toBe(true);
    window.history.replaceState(null, '', '/events?type=recovery');
    expect(client.sessionMayExist()).toBe(false);
  });

  it("sends the stored session's token once auth is loaded, and tells followers", async () => {
    localStorage.setItem(storageKey, storedSession('member-token'));
    const seen = recordRequests();
    const client = configureSupabase({ url, anonKey });
    const events: string[] = [];
    const stop = onAuthStateChange((event, session) => events.push(`${event}:${session?.user.id}`));
    const auth = await client.loadAuth();
    expect(await client.loadAuth()).toBe(auth);
    await client.from('profiles').select('id');
    expect(seen).toEqual(['Bearer member-token']);
    await vi.waitFor(() => expect(events).toContain('INITIAL_SESSION:u1'));
    stop();
  });

  it("watches for another tab's session under its own storage key only", () => {
    const client = configureSupabase({ url, anonKey });
    const onStored = vi.fn();
    const stop = client.watchStoredSession(onStored);
    const fire = (key: string, newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
    fire('sb-other-auth-token', 'x');
    fire(storageKey, null);
    expect(onStored).not.toHaveBeenCalled();
    fire(storageKey, storedSession('t'));
    expect(onStored).toHaveBeenCalledOnce();
    stop();
    fire(storageKey, storedSession('t'));
    expect(onStored).toHaveBeenCalledOnce();
  });

  it('reads the stored session without loading auth, and nothing that is not one', () => {
    const client = configureSupabase({ url, anonKey });
    expect(client.storedSession()).toBeNull();
    localStorage.setItem(storageKey, storedSession('member-token'));
    expect(client.storedSession()?.user.id).toBe('u1');
    localStorage.setItem(storageKey, '{"access_token":"t"}');
    expect(client.storedSession()).toBeNull();
    localStorage.setItem(storageKey, 'not json');
    expect(client.storedSession()).toBeNull();
  });

  it("sends the rendered request's member token on the server, else the anon key", async () => {
    const seen = recordRequests();
    let current: string | null = 'member-token';
    setRequestTokenSource(() => current);
    try {
      // a stored session (another viewer's) is never what a server render sends
      localStorage.setItem(storageKey, storedSession('stored-token'));
      const client = configureSupabase({ url, anonKey });
      await client.from('profiles').select('id');
      current = null;
      await client.from('events').select('id');
      expect(seen).toEqual(['Bearer member-token', `Bearer ${anonKey}`]);
    } finally {
      setRequestTokenSource(null);
    }
  });
});
