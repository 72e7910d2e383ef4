/**
 * POST /releases/v1/reports: what the shell saw when it loaded a released area, one report per
 * area and page load: `{ area, version, outcome, reason? }`, outcome `loaded` (the release ran),
 * `refused` (it failed the shell's checks: integrity, contract; `reason` says which), `failed`
 * (its code did not load) or `error` (the area crashed while running). Counted in
 * public.release_reports (read by admins) and in the `bistro_release_reports_total` metric.
 *
 * Anyone may report (visitors load areas too), so a report carries nothing about who sent it,
 * each client address may send 60 a minute (429 past that), the fields are checked against the
 * shapes a release has, and the database counts at most 20 versions per area a day.
 */
import { Hono } from 'hono';
import { Counter, type Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { RateLimiter, Sweeper } from '../auth/rate-limit.js';
import { clientIp } from '../shared/client-ip.js';
import { JsonBodyError, readJsonObject } from '../shared/json-body.js';

export const RELEASE_AREAS = ['guest', 'lounge', 'games', 'admin'] as const;
export const RELEASE_OUTCOMES = ['loaded', 'refused', 'failed', 'error'] as const;
type Outcome = (typeof RELEASE_OUTCOMES)[number];

/** The kind of reason, a bounded label for the metric. */
export function reasonKind(outcome: Outcome, reason: string | null): string {
  if (outcome === 'loaded') return 'none';
  if (outcome !== 'refused') return outcome;
  const r = reason ?? '';
  if (/does not match the released bytes/.test(r)) return 'integrity';
  if (/Module Federation/.test(r)) return 'federation';
  if (/needs |does not provide|not exposed/.test(r)) return 'contract';
  if (/release\.json answered/.test(r)) return 'unfinished';
  if (/answered [0-9]{3}/.test(r)) return 'unavailable';
  return 'other';
}

/** Printable ASCII only, at most 300 characters: a reason never carries markup or a payload. */
const REASON = /^[\x20-\x7e]{1,300}$/;
const VERSION = /^[0-9a-f]{16}$/;

export function releasesApp(ctx: AppContext, registry: Registry): Hono {
  const app = new Hono();
  const limiter = new RateLimiter(ctx.db, 'release-report', 60, 60_000, new Sweeper(ctx.db));
  const reports =
    (registry.getSingleMetric('bistro_release_reports_total') as
      Counter<'area' | 'version' | 'outcome' | 'reason'> | undefined) ??
    new Counter({
      name: 'bistro_release_reports_total',
      help: 'Released area loads reported by the shell, by area, version, outcome (loaded, refused, failed, error) and reason kind',
      labelNames: ['area', 'version', 'outcome', 'reason'] as const,
      registers: [registry],
    });

  app.post('/reports', async (c) => {
    let b: Record<string, unknown>;
    try {
      b = await readJsonObject(c, { maxBytes: 2048 });
    } catch (e) {
      if (!(e instanceof JsonBodyError)) throw e;
      return c.json({ message: e.message }, 400);
    }
    const { area, version, outcome } = b;
    const reason = b['reason'] ?? null;
    if (
      typeof area !== 'string' ||
      !(RELEASE_AREAS as readonly string[]).includes(area) ||
      typeof version !== 'string' ||
      !VERSION.test(version) ||
      typeof outcome !== 'string' ||
      !(RELEASE_OUTCOMES as readonly string[]).includes(outcome) ||
      (reason !== null && (typeof reason !== 'string' || !REASON.test(reason)))
    )
      return c.json(
        {
          message:
            'A report is { area: guest|lounge|games|admin, version: 16 hex digits, outcome: loaded|refused|failed|error, reason?: up to 300 printable characters }',
        },
        400,
      );
    if (!(await limiter.take(clientIp(c, ctx.config.trustProxy))))
      return c.json({ message: 'Too many reports from this address; try again in a minute' }, 429);
    const counted = await ctx.db.query<{ counted: boolean }>(
      'select private.record_release_report($1, $2, $3, $4) as counted',
      [area, version, outcome, reason],
    );
    if (!counted.rows[0]?.counted)
      return c.json({ message: `Too many versions of ${area} reported today` }, 422);
    reports.inc({
      area,
      version,
      outcome,
      reason: reasonKind(outcome as Outcome, reason as string | null),
    });
    return c.body(null, 204);
  });
  return app;
}
