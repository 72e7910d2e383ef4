/**
 * Who may read and write a private channel's topic: the RLS policies on realtime.messages,
 * evaluated as the joining user (role, JWT claims, realtime.topic() = the topic), as Supabase
 * Realtime does at join time.
 *
 * A policy can only be asked about a row, so one is made: inside a transaction, the backend's
 * own role (the table's owner, not subject to RLS) inserts a probe message for the topic, then
 * switches to the user's role and
 *   - read: selects the probe; the select policies decide whether it is visible;
 *   - write: inserts a message for the topic; the insert policies decide.
 * The transaction is always rolled back: nothing is left behind, whether a message of that
 * topic existed or not. Four round trips to the database: BEGIN with the probe and the
 * settings, the read, the write, ROLLBACK.
 */
import type { Db } from '../db/types.js';
import { isPgError } from '../db/types.js';
import { pgLiteral } from '../db/run-as.js';
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
const ROLE_RE = /^(anon|authenticated|service_role)$/;

export async function topicRights(db: Db, caller: Caller, topic: string): Promise<TopicRights> {
  if (!ROLE_RE.test(caller.role)) throw new Error(`not an API role: ${caller.role}`);
  const timeoutMs = db.statementTimeouts[caller.role];
  const t = pgLiteral(topic);
  // the probe's id is kept in a setting: the user's role may not read the sequence (currval)
  const preamble =
    `with probe as (insert into realtime.messages (topic, extension, private) ` +
    `values (${t}, 'broadcast', true) returning id) ` +
    `select set_config('realtime.probe_id', (select id::text from probe), true); ` +
    `select set_config('role', '${caller.role}', true), ` +
    `set_config('request.jwt.claims', ${pgLiteral(JSON.stringify(caller.claims))}, true), ` +
    `set_config('realtime.topic', ${t}, true), ` +
    `set_config('statement_timeout', '${timeoutMs}', true)`;
  // a deleted user's token is refused, as on every other endpoint
  const live = caller.isUser && caller.role === 'authenticated' ? 'auth.require_live_user(), ' : '';
  try {
    await db.transaction(
      async (tx) => {
        const seen = await tx.query<{ read: boolean }>(
          `select ${live}exists (select 1 from realtime.messages ` +
            `where id = current_setting('realtime.probe_id')::bigint) as read`,
        );
        const read = seen.rows[0]?.read === true;
        let write = false;
        try {
          await tx.query(
            `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`,
            [topic],
          );
          write = true;
        } catch (e) {
          // the transaction is rolled back below anyway: no savepoint needed
          if (!isPgError(e) || e.code !== INSUFFICIENT_PRIVILEGE) throw e;
        }
        throw new Rollback({ read, write });
      },
      preamble,
      undefined,
      timeoutMs,
    );
  } catch (e) {
    if (e instanceof Rollback) return e.rights;
    throw e;
  }
  throw new Error('unreachable: the authorization transaction always rolls back');
}
