import { releaseReportsEndpoint } from '../lib/supabase-client';

/**
 * What the shell saw when it loaded a released area: `loaded` (the release ran), `refused`
 * (it failed the shell's checks: `reason` says which), `failed` (its code did not load) or
 * `error` (the area crashed while running).
 */
export interface ReleaseReport {
  area: string;
  version: string;
  outcome: 'loaded' | 'refused' | 'failed' | 'error';
  reason?: string;
}

/** Keeps a reason to what the report endpoint takes: printable ASCII, 300 characters. */
export const reportReason = (reason: string) => reason.replace(/[^\x20-\x7e]+/g, ' ').slice(0, 300);

/**
 * Sends one report to the backend (admins see the counts; a metric follows them). Best effort:
 * a report that cannot be sent (no backend configured, offline, a host without the endpoint)
 * is dropped, never retried, and never disturbs the page.
 */
export function sendReleaseReport(report: ReleaseReport, fetchImpl: typeof fetch = fetch): void {
  const endpoint = releaseReportsEndpoint();
  if (!endpoint) return;
  const body = JSON.stringify({
    area: report.area,
    version: report.version,
    outcome: report.outcome,
    ...(report.reason ? { reason: reportReason(report.reason) } : {}),
  });
  try {
    fetchImpl(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: endpoint.anonKey },
      body,
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // a fetch that throws at once (a blocked request) is dropped the same way
  }
}
