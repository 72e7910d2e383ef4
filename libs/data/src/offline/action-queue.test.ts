import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ActionQueue, OfflineError, type ActionSender, type QueueEvent } from './action-queue';
import { idbQueueStore, memoryQueueStore } from './idb-store';
import { isUnsentAnswer } from './send';

/** A server stand-in: applies each client id once and answers what it did. */
function server() {
  const applied = new Map<string, unknown>();
  const calls: string[] = [];
  let reachable = true;
  let refuse: ((payload: unknown) => Error | null) | null = null;
  const send: ActionSender = async (payload, clientId) => {
    calls.push(clientId);
    if (!reachable) throw new OfflineError();
    const refusal = refuse?.(payload);
    if (refusal) throw refusal;
    if (!applied.has(clientId)) applied.set(clientId, payload);
    return { stored: applied.size };
  };
  return {
    send,
    applied,
    calls,
    setReachable: (v: boolean) => {
      reachable = v;
    },
    setRefuse: (f: typeof refuse) => {
      refuse = f;
    },
  };
}

let ids = 0;
function queueWith(opts: { online?: () => boolean; store?: ReturnType<typeof memoryQueueStore> }) {
  const store = opts.store ?? memoryQueueStore();
  const queue = new ActionQueue({
    store,
    isOnline: opts.online ?? (() => true),
    retryDelaysMs: [60_000],
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  });
  return { queue, store };
}

describe('ActionQueue', () => {
  it('sends at once when online and keeps nothing afterwards', async () => {
    const srv = server();
    const { queue, store } = queueWith({});
    queue.register('vote', srv.send);
    queue.setUser('ann');
    const out = await queue.submit('vote', 'ann', { request: 'r1' });
    expect(out.state).toBe('sent');
    expect(out.state === 'sent' && out.result).toEqual({ stored: 1 });
    expect(srv.applied.get(out.action.id)).toEqual({ request: 'r1' });
    expect(await store.all()).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('keeps an action taken offline, shows it waiting, and sends it once back online', async () => {
    let online = false;
    const srv = server();
    const { queue, store } = queueWith({ online: () => online });
    queue.register('request', srv.send);
    queue.setUser('ann');
    const events: QueueEvent[] = [];
    queue.onEvent((e) => events.push(e));

    const out = await queue.submit('request', 'ann', { title: 'Hey Ya' });
    expect(out.state).toBe('waiting');
    expect(srv.calls).toEqual([]);
    expect(queue.getSnapshot().map((a) => a.payload)).toEqual([{ title: 'Hey Ya' }]);
    expect((await store.all()).map((a) => a.id)).toEqual([out.action.id]);

    online = true;
    await queue.flush();
    expect(srv.calls).toEqual([out.action.id]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'sent', result: { stored: 1 }, action: out.action }),
    ]);
    expect(queue.getSnapshot()).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('sends an action that did not arrive again with the same client id', async () => {
    const srv = server();
    const { queue } = queueWith({});
    queue.register('vote', srv.send);
    queue.setUser('ann');
    srv.setReachable(false);
    const out = await queue.submit('vote', 'ann', { request: 'r1' });
    expect(out.state).toBe('waiting');
    expect(queue.getSnapshot()[0]?.attempts).toBe(1);

    srv.setReachable(true);
    await queue.flush();
    await queue.flush();
    expect(srv.calls).toEqual([out.action.id, out.action.id]);
    expect(srv.applied.size).toBe(1);
  });

  it('takes out a refused action and reports the server error', async () => {
    let online = false;
    const srv = server();
    const { queue, store } = queueWith({ online: () => online });
    queue.register('vote', srv.send);
    queue.setUser('ann');
    const events: QueueEvent[] = [];
    queue.onEvent((e) => events.push(e));
    const refusal = Object.assign(new Error('vote_limit_reached'), { code: 'P0001' });
    srv.setRefuse((p) => ((p as { request: string }).request === 'r4' ? refusal : null));

    await queue.submit('vote', 'ann', { request: 'r4' });
    await queue.submit('vote', 'ann', { request: 'r5' });
    online = true;
    await queue.flush();
    expect(events.map((e) => e.type)).toEqual(['refused', 'sent']);
    expect(events[0]).toMatchObject({ type: 'refused', error: refusal });
    expect(await store.all()).toEqual([]);

    // a submitter waiting for its own action hears the refusal itself
    const direct = await queue.submit('vote', 'ann', { request: 'r4' });
    expect(direct).toMatchObject({ state: 'refused', error: refusal });
    expect(events).toHaveLength(2);
  });

  it('sends oldest first and stops at the first that does not arrive', async () => {
    let online = false;
    const order: string[] = [];
    let failOn: string | null = 'remove';
    const { queue } = queueWith({ online: () => online });
    const sender =
      (kind: string): ActionSender =>
      async () => {
        if (kind === failOn) throw new OfflineError();
        order.push(kind);
        return null;
      };
    queue.register('add', sender('add'));
    queue.register('remove', sender('remove'));
    queue.setUser('ann');
    await queue.submit('add', 'ann', {});
    await queue.submit('remove', 'ann', {});
    await queue.submit('add', 'ann', {});
    online = true;
    await queue.flush();
    expect(order).toEqual(['add']);
    expect(queue.getSnapshot().map((a) => a.kind)).toEqual(['remove', 'add']);
    failOn = null;
    await queue.flush();
    expect(order).toEqual(['add', 'remove', 'add']);
  });

  it("sends only the signed-in member's actions, under their name", async () => {
    const srv = server();
    const store = memoryQueueStore();
    const first = queueWith({ store, online: () => false }).queue;
    first.register('vote', srv.send);
    first.setUser('ann');
    await first.submit('vote', 'ann', { request: 'r1' });

    // the page is reloaded; another member signs in on the same phone
    const { queue } = queueWith({ store });
    queue.register('vote', srv.send);
    queue.setUser('bob');
    await queue.flush();
    expect(srv.calls).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);

    queue.setUser('ann');
    await queue.flush();
    expect(srv.calls).toHaveLength(1);
    expect(await store.all()).toEqual([]);
  });

  it('gives up on a send with no answer after the timeout and keeps the action', async () => {
    const store = memoryQueueStore();
    const queue = new ActionQueue({ store, isOnline: () => true, sendTimeoutMs: 20 });
    queue.register('vote', (_p, _id, signal) => {
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new OfflineError('timed out')));
      });
    });
    queue.setUser('ann');
    const out = await queue.submit('vote', 'ann', {});
    expect(out.state).toBe('waiting');
    expect((await store.all()).map((a) => a.id)).toEqual([out.action.id]);
  });

  it('tries again when the browser comes back online', async () => {
    let online = false;
    const srv = server();
    const { queue } = queueWith({ online: () => online });
    queue.register('vote', srv.send);
    queue.setUser('ann');
    const target = new EventTarget();
    const stop = queue.listen(target as unknown as Window);
    await queue.submit('vote', 'ann', {});
    const sent = new Promise<QueueEvent>((resolve) => queue.onEvent(resolve));
    online = true;
    target.dispatchEvent(new Event('online'));
    expect((await sent).type).toBe('sent');
    expect(srv.calls).toHaveLength(1);
    stop();
  });

  it('retries on a timer after a failed send', async () => {
    vi.useFakeTimers();
    try {
      const srv = server();
      const queue = new ActionQueue({
        store: memoryQueueStore(),
        isOnline: () => true,
        retryDelaysMs: [1_000, 5_000],
      });
      queue.register('vote', srv.send);
      queue.setUser('ann');
      srv.setReachable(false);
      await queue.submit('vote', 'ann', {});
      expect(srv.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(srv.calls).toHaveLength(2);
      srv.setReachable(true);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(srv.calls).toHaveLength(3);
      expect(queue.getSnapshot()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('idbQueueStore', () => {
  it('keeps actions in IndexedDB across queues (a reload)', async () => {
    const store = idbQueueStore('bistro-offline-test', 'actions');
    const offline = new ActionQueue({ store, isOnline: () => false, retryDelaysMs: [60_000] });
    offline.register('request', async () => null);
    offline.setUser('ann');
    const a = await offline.submit('request', 'ann', { title: 'One' });
    const b = await offline.submit('request', 'ann', { title: 'Two' });
    expect((await store.all()).map((x) => x.id).sort()).toEqual([a.action.id, b.action.id].sort());

    const sent: string[] = [];
    const reloaded = new ActionQueue({ store: idbQueueStore('bistro-offline-test', 'actions') });
    reloaded.register('request', async (_p, id) => sent.push(id));
    reloaded.setUser('ann');
    await reloaded.flush();
    expect(sent).toEqual([a.action.id, b.action.id]);
    expect(await store.all()).toEqual([]);
  });
});

describe('isUnsentAnswer', () => {
  const err = { message: 'x', code: '' };
  it('sends again what never got an answer, an expired session or a gateway error', () => {
    for (const status of [0, 401, 408, 429, 502, 503, 504]) {
      expect(isUnsentAnswer({ error: err, status })).toBe(true);
    }
  });
  it("takes a database refusal as the server's answer", () => {
    for (const status of [400, 403, 404, 409, 500]) {
      expect(isUnsentAnswer({ error: err, status })).toBe(false);
    }
    expect(isUnsentAnswer({ error: null, status: 200 })).toBe(false);
  });
});
