/**
 * The audit trail's retention: once at start and then daily, rows older than
 * AUDIT_RETENTION_DAYS are removed by private.prune_audit_log, the only way rows leave
 * public.audit_log. Off (0) by default: the trail is kept for good.
 */
import type { Queryable } from '../db/types.js';

export interface AuditRetentionJob {
  /** Runs the pruning now; answers the rows removed. */
  runNow(): Promise<number>;
  stop(): void;
}

export const AUDIT_RETENTION_INTERVAL_MS = 86_400_000;

export function startAuditRetention(
  db: Queryable,
  days: number,
  warn: (m: string) => void,
  intervalMs = AUDIT_RETENTION_INTERVAL_MS,
): AuditRetentionJob {
  const runNow = async () => {
    const { rows } = await db.query<{ removed: number }>(
      `select private.prune_audit_log(make_interval(days => $1::int)) as removed`,
      [days],
    );
    return rows[0]?.removed ?? 0;
  };
  const run = () =>
    void runNow().catch((e: unknown) =>
      warn(`audit retention failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}
