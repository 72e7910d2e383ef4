/**
 * Delivery on PostgreSQL (LISTEN): a notification that arrives while delivery closes is left
 * unread, and nothing keeps running afterwards (an earlier version re-read it in a loop of
 * promises that never yielded to the event loop, so a closing server spun forever).
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/types.js';
import { startDelivery, type MessageRow } from './delivery.js';
import { DEFAULT_REALTIME } from './settings.js';

describe('startDelivery on PostgreSQL', () => {
  it('reads notified ids, and stops for good on close even when an id arrives meanwhile', async () => {
    let notify: (payload: string) => void = () => undefined;
    const queries: string[] = [];
    const row = (id: string): MessageRow => ({
      id,
      topic: 't',
      event: 'e',
      payload: '{}',
      private: false,
      inserted_ms: Date.now(),
    });
    const db = {
      kind: 'postgres',
      query: async (sql: string, params?: unknown[]) => {
        queries.push(sql);
        if (sql.includes('max(id)')) return { rows: [{ id: '0' }], affectedRows: 1 };
        const ids = (params?.[0] as string[] | undefined) ?? [];
        return { rows: Array.isArray(ids) ? ids.map(row) : [], affectedRows: 0 };
      },
      listen: async (
        _channel: string,
        onNotify: (payload: string) => void,
        onReady: () => void,
      ) => {
        notify = onNotify;
        onReady();
        // a notification that comes in while the listener is being taken down
        return async () => notify('7');
      },
    } as unknown as Db;
    const delivered: string[] = [];
    const delivery = await startDelivery(
      db,
      DEFAULT_REALTIME,
      async (rows) => void delivered.push(...rows.map((r) => r.id)),
      () => true,
      () => undefined,
    );
    notify('5');
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toEqual(['5']);

    await delivery.close();
    const after = queries.length;
    // a timer still fires: the event loop is not starved by a loop of promises
    await new Promise((r) => setTimeout(r, 50));
    expect(queries.length).toBe(after);
    expect(delivered).toEqual(['5']);
  });
});
