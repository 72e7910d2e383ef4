/**
 * Who may read and write a private channel's topic: the RLS policies on realtime.messages,
 * evaluated as the joining user (role, JWT claims, realtime.topic() = the topic), as Supabase
 * Realtime does at join time.
 *
 * A policy can only be asked about a row, so one is made: inside a transaction, the backend's
 * own role (the table's owner, not subject to RLS) inserts a probe message for the topic, then
 * switches to the user's role and
 *   - read: selects the probe; the select policies decide whether it is visible;
 *   - write: inserts a message for the topic (in a savepoint); the insert policies decide.
 * The transaction is always rolled back: nothing is left behind, whether a message of that
 * topic exists or not.
 */
import type { Db } from '../db/types.js';
import { isPgError } from '../db/types.js';
import type { Caller } from '../authz.js';

export interface TopicRights {
  read: boolean;
  write: boolean;
}

class Rollback extends Error {
  constructor(readonly rights: TopicRights) {
    super('rolled back on purpose');
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

export async function topicRights(db: Db, caller: Caller, topic: string): Promise<TopicRights> {
  const timeoutMs = db.statementTimeouts[caller.role];
  try {
    await db.transaction(
      async (tx) => {
        const probe = await tx.query<{ id: string }>(
          `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true) returning id::text as id`,
          [topic],
        );
        const id = probe.rows[0]?.id;
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), ` +
            `set_config('realtime.topic', $3, true), set_config('statement_timeout', $4, true)`,
          [caller.role, JSON.stringify(caller.claims), topic, String(timeoutMs)],
        );
        // a deleted user's token is refused, as on every other endpoint
        if (caller.isUser && caller.role === 'authenticated')
          await tx.query('select auth.require_live_user()');
        const seen = await tx.query(`select 1 from realtime.messages where id = $1::bigint`, [id]);
        const read = seen.rows.length > 0;
        let write = false;
        await tx.exec('savepoint realtime_write');
        try {
          await tx.query(
            `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`,
            [topic],
          );
          write = true;
        } catch (e) {
          if (!isPgError(e) || e.code !== INSUFFICIENT_PRIVILEGE) throw e;
          await tx.exec('rollback to savepoint realtime_write');
        }
        throw new Rollback({ read, write });
      },
      undefined,
      undefined,
      timeoutMs,
    );
  } catch (e) {
    if (e instanceof Rollback) return e.rights;
    throw e;
  }
  throw new Error('unreachable: the authorization transaction always rolls back');
}
