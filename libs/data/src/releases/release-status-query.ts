import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import {
  fetchRuntimeConfig,
  readInlineRuntimeConfig,
  type ReleaseHistoryEntry,
  type RuntimeConfig,
} from '../lib/runtime-config';
import { getSupabase } from '../lib/supabase-client';
import { releaseKeys } from './keys';

/** How many days of reports the Releases view counts. */
export const RELEASE_REPORT_DAYS = 7;

type ReportRow = Pick<
  Tables<'release_reports'>,
  'area' | 'version' | 'outcome' | 'count' | 'last_reason' | 'last_at'
>;

/** One version of an area: where it stands and how it fared in the browsers. */
export interface VersionStatus {
  version: string;
  role: 'live' | 'canary' | 'earlier' | 'other';
  loaded: number;
  refused: number;
  failed: number;
  errors: number;
  /** (refused + failed + errors) / every report; null with no report. */
  errorRate: number | null;
  /** The newest reason a browser gave for refusing or failing it. */
  lastReason: string | null;
}

export interface AreaStatus {
  area: string;
  live: string;
  canary: { version: string; percent: number } | null;
  versions: VersionStatus[];
}

export interface ReleaseStatus {
  /** Released areas (the others load from their configured host, without the release store). */
  areas: AreaStatus[];
  /** Newest first. */
  history: ReleaseHistoryEntry[];
}

/** The runtime config's releases and the reports, as the Releases view shows them. */
export function summarizeReleases(config: RuntimeConfig, rows: ReportRow[]): ReleaseStatus {
  const areas: AreaStatus[] = Object.entries(config.releases ?? {})
    .map(([area, r]) => {
      const roles = new Map<string, VersionStatus['role']>();
      roles.set(r.version, 'live');
      if (r.canary) roles.set(r.canary.version, 'canary');
      for (const f of r.fallbacks) if (!roles.has(f.version)) roles.set(f.version, 'earlier');
      for (const row of rows)
        if (row.area === area && !roles.has(row.version)) roles.set(row.version, 'other');
      const versions = [...roles].map(([version, role]) => {
        const mine = rows.filter((row) => row.area === area && row.version === version);
        const sum = (outcome: string) =>
          mine.filter((row) => row.outcome === outcome).reduce((n, row) => n + row.count, 0);
        const [loaded, refused, failed, errors] = [
          sum('loaded'),
          sum('refused'),
          sum('failed'),
          sum('error'),
        ];
        const total = loaded + refused + failed + errors;
        const newest = mine
          .filter((row) => row.outcome !== 'loaded' && row.last_reason)
          .sort((a, b) => b.last_at.localeCompare(a.last_at))[0];
        return {
          version,
          role,
          loaded,
          refused,
          failed,
          errors,
          errorRate: total ? (refused + failed + errors) / total : null,
          lastReason: newest?.last_reason ?? null,
        };
      });
      return {
        area,
        live: r.version,
        canary: r.canary ? { version: r.canary.version, percent: r.canary.percent } : null,
        versions,
      };
    })
    .sort((a, b) => a.area.localeCompare(b.area));
  return { areas, history: [...(config.releaseHistory ?? [])].reverse() };
}

/** The page's runtime config (inline when the web server served it), else /config.json. */
async function currentConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  return (
    readInlineRuntimeConfig() ??
    fetchRuntimeConfig('/config.json', (input, init) => fetch(input, { ...init, signal }))
  );
}

/** What each released area runs and how each version fared (release_reports: admins only). */
export async function fetchReleaseStatus(signal?: AbortSignal): Promise<ReleaseStatus> {
  const since = new Date(Date.now() - (RELEASE_REPORT_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  let query = getSupabase()
    .from('release_reports')
    .select('area, version, outcome, count, last_reason, last_at')
    .gte('day', since)
    .limit(1000);
  if (signal) query = query.abortSignal(signal);
  const [config, rows] = await Promise.all([currentConfig(signal), query.then(unwrap)]);
  return summarizeReleases(config, rows ?? []);
}

export const releaseStatusQueryOptions = () =>
  queryOptions({
    queryKey: releaseKeys.status(),
    queryFn: ({ signal }) => fetchReleaseStatus(signal),
  });

export const useReleaseStatus = () => useQuery(releaseStatusQueryOptions());
