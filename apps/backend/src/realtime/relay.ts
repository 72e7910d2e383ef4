/**
 * Client broadcasts across processes. A broadcast a client sends on its socket goes straight to
 * the sockets of its topic in this process (hub.ts); on PostgreSQL, where other processes (other
 * workers, other machines) may have sockets joined to the same topic, it is also written to
 * backend.realtime_relay and announced with NOTIFY realtime_relay; every other process reads it
 * by id and hands it to its own sockets. The writing process skips its own rows (its sockets
 * already have it). Rows are deleted after a minute; a notification missed while a listening
 * connection was down is not caught up (a broadcast is delivered at once or not at all, as
 * Supabase Realtime's broadcasts are).
 *
 * PGlite is one process: nothing to relay.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types.js';
import type { Hub } from './hub.js';
import type { RealtimeSettings } from './settings.js';

interface RelayRow {
  topic: string;
  private: boolean;
  event: string;
  encoding: number;
  payload: Buffer;
}

export interface Relay {
  close(): Promise<void>;
}

export async function startRelay(
  db: Db,
  hub: Hub,
  settings: RealtimeSettings,
  log: (msg: string) => void,
): Promise<Relay | null> {
  if (db.kind !== 'postgres' || !db.listen) return null;
  const origin = randomUUID();
  const fail = (e: unknown) => log(`realtime relay: ${e instanceof Error ? e.message : e}`);
  const pending = new Set<string>();
  let reading: Promise<void> | null = null;
  let closed = false;

  const drain = async () => {
    while (!closed && pending.size > 0) {
      const ids = [...pending];
      pending.clear();
      const { rows } = await db.query<RelayRow>(
        `select topic, private, event, encoding, payload from backend.realtime_relay
         where id = any($1::bigint[]) and origin <> $2 order by id`,
        [ids, origin],
      );
      for (const r of rows)
        await hub.relayed(r.topic, r.private, r.event, r.payload, r.encoding === 0 ? 0 : 1);
    }
  };
  const kick = () => {
    reading ??= drain()
      .catch(fail)
      .finally(() => {
        reading = null;
        if (pending.size > 0) kick();
      });
  };
  const unlisten = await db.listen(
    'realtime_relay',
    (payload) => {
      if (!/^[0-9]+$/.test(payload)) return;
      pending.add(payload);
      kick();
    },
    () => undefined,
  );

  hub.publish = async (topic, isPrivate, event, payload, encoding) => {
    await db.query(
      `with r as (
         insert into backend.realtime_relay (origin, topic, private, event, encoding, payload)
         values ($1, $2, $3, $4, $5, $6) returning id
       )
       select pg_notify('realtime_relay', id::text) from r`,
      [origin, topic, isPrivate, event, encoding, payload],
    );
  };

  const sweep = setInterval(() => {
    db.query(
      `delete from backend.realtime_relay where inserted_at < now() - interval '1 minute'`,
    ).catch(fail);
  }, settings.sweepIntervalMs);
  sweep.unref();

  return {
    async close() {
      closed = true;
      hub.publish = null;
      clearInterval(sweep);
      await unlisten();
      await reading;
    },
  };
}
