/**
 * Finds the new rows of realtime.messages and hands them to the hub in batches: one query per
 * batch, however many sockets are joined.
 *
 * PostgreSQL: realtime.send() notifies `realtime_messages` with the row's id when its
 * transaction commits; a connection of its own LISTENs, and the ids that arrived meanwhile are
 * read in one query. Reading by id (not "id > last seen") matters there: concurrent
 * transactions commit in any order, so a smaller id can become visible after a larger one.
 *
 * PGlite: polled by id ("id > last seen", every `pollMs` while a channel is joined). PGlite is
 * one connection whose transactions run one after another, so ids become visible in order and
 * nothing is skipped; the poll is an indexed read of well under a millisecond. Listening would
 * need the database worker to forward notifications and to listen again after every reopen by
 * its watchdog, for a gain of at most `pollMs` of delay.
 *
 * Old messages are deleted after `retentionSeconds`.
 */
import type { Db } from '../db/types.js';
import type { RealtimeSettings } from './settings.js';

export interface MessageRow {
  id: string;
  topic: string;
  event: string | null;
  /** The jsonb payload as JSON text (null when absent). */
  payload: string | null;
  private: boolean;
  /** When the message was written (the writing transaction's time), in ms since the epoch. */
  inserted_ms: number;
}

const COLUMNS = `id::text as id, topic, event, payload::text as payload, private,
  (extract(epoch from inserted_at) * 1000)::float8 as inserted_ms`;
const BATCH = 1000;

export interface Delivery {
  /** A first channel was joined: look now rather than at the idle pace. */
  wake(): void;
  close(): Promise<void>;
}

export async function startDelivery(
  db: Db,
  settings: RealtimeSettings,
  deliver: (rows: MessageRow[]) => Promise<void>,
  active: () => boolean,
  log: (msg: string) => void,
): Promise<Delivery> {
  let closed = false;
  let last = BigInt(
    (
      await db.query<{ id: string }>(
        `select coalesce(max(id), 0)::text as id from realtime.messages`,
      )
    ).rows[0]?.id ?? '0',
  );
  const seen = (rows: MessageRow[]) => {
    for (const r of rows) {
      const id = BigInt(r.id);
      if (id > last) last = id;
    }
  };
  const fail = (e: unknown) => log(`realtime delivery: ${e instanceof Error ? e.message : e}`);

  const sweep = setInterval(() => {
    db.query(
      `delete from realtime.messages where inserted_at < now() - make_interval(secs => $1)`,
      [settings.retentionSeconds],
    ).catch(fail);
  }, settings.sweepIntervalMs);
  sweep.unref();

  if (db.kind === 'postgres' && db.listen) {
    const pending = new Set<string>();
    let reading: Promise<void> | null = null;
    let catchUp = false;
    const drain = async () => {
      while (!closed && (pending.size > 0 || catchUp)) {
        let rows: MessageRow[];
        if (catchUp) {
          catchUp = false;
          pending.clear();
          rows = (
            await db.query<MessageRow>(
              `select ${COLUMNS} from realtime.messages where id > $1::bigint order by id limit ${BATCH}`,
              [last.toString()],
            )
          ).rows;
          if (rows.length === BATCH) catchUp = true;
        } else {
          const ids = [...pending];
          pending.clear();
          rows = (
            await db.query<MessageRow>(
              `select ${COLUMNS} from realtime.messages where id = any($1::bigint[]) order by id`,
              [ids],
            )
          ).rows;
        }
        seen(rows);
        if (rows.length) await deliver(rows);
      }
    };
    const kick = () => {
      reading ??= drain()
        .catch(fail)
        .finally(() => {
          reading = null;
          // once closed, ids that arrive late stay unread: kicking again would loop forever
          // (drain returns at once) and starve the event loop
          if (!closed && (pending.size > 0 || catchUp)) kick();
        });
    };
    const unlisten = await db.listen(
      'realtime_messages',
      (payload) => {
        if (!/^[0-9]+$/.test(payload)) return;
        pending.add(payload);
        kick();
      },
      () => {
        catchUp = true;
        kick();
      },
    );
    return {
      wake: () => undefined,
      async close() {
        closed = true;
        clearInterval(sweep);
        await unlisten();
        await reading;
      },
    };
  }

  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | null = null;
  const poll = async () => {
    for (;;) {
      const { rows } = await db.query<MessageRow>(
        `select ${COLUMNS} from realtime.messages where id > $1::bigint order by id limit ${BATCH}`,
        [last.toString()],
      );
      seen(rows);
      if (rows.length && active()) await deliver(rows);
      if (rows.length < BATCH || closed) return;
    }
  };
  const run = () => {
    timer = undefined;
    polling = poll()
      .catch(fail)
      .finally(() => {
        polling = null;
        schedule();
      });
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(run, active() ? settings.pollMs : settings.idlePollMs);
    timer.unref();
  };
  schedule();
  return {
    wake() {
      if (closed || !timer) return; // a poll is running: the next one comes at the active pace
      clearTimeout(timer);
      run();
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      clearTimeout(timer);
      await polling;
    },
  };
}
