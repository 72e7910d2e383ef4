import { describe, expect, it, vi } from 'vitest';
import type { JWTPayload } from 'jose';
import { createJwtCache } from './jwt-cache.js';

function setup(max = 3) {
  let now = 1_000;
  const valid = new Map<string, JWTPayload>();
  const verify = vi.fn(async (token: string) => {
    const claims = valid.get(token);
    if (!claims) throw new Error('invalid');
    if (typeof claims.exp === 'number' && claims.exp <= now) throw new Error('expired');
    return claims;
  });
  const cache = createJwtCache(verify, { max, now: () => now });
  return { cache, verify, valid, setNow: (t: number) => (now = t) };
}

describe('the verified-JWT cache', () => {
  it('verifies a token once and serves it from the cache while it is valid', async () => {
    const { cache, verify, valid } = setup();
    valid.set('a', { sub: 'u1', exp: 2_000 });
    await expect(cache.verify('a')).resolves.toEqual({ sub: 'u1', exp: 2_000 });
    await expect(cache.verify('a')).resolves.toEqual({ sub: 'u1', exp: 2_000 });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('verifies again, and refuses, once the token has expired', async () => {
    const { cache, verify, valid, setNow } = setup();
    valid.set('a', { sub: 'u1', exp: 2_000 });
    await cache.verify('a');
    setNow(2_000);
    await expect(cache.verify('a')).rejects.toThrow('expired');
    await expect(cache.verify('a')).rejects.toThrow('expired');
    expect(verify).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(0);
  });

  it('never caches a refused token or one without an expiry', async () => {
    const { cache, verify, valid } = setup();
    await expect(cache.verify('forged')).rejects.toThrow('invalid');
    await expect(cache.verify('forged')).rejects.toThrow('invalid');
    valid.set('forever', { sub: 'u1' });
    await cache.verify('forever');
    await cache.verify('forever');
    expect(verify).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(0);
  });

  it('keeps at most max tokens, dropping the least recently used', async () => {
    const { cache, verify, valid } = setup(2);
    for (const t of ['a', 'b', 'c']) valid.set(t, { sub: t, exp: 5_000 });
    await cache.verify('a');
    await cache.verify('b');
    await cache.verify('a'); // a is now the most recently used
    await cache.verify('c'); // evicts b
    expect(cache.size).toBe(2);
    verify.mockClear();
    await cache.verify('a');
    await cache.verify('c');
    expect(verify).not.toHaveBeenCalled();
    await cache.verify('b');
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
