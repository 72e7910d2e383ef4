/**
 * PostgreSQL for the suites that must also hold on a real multi-connection server (migrations
 * on PG 15, the rules, concurrency): one throwaway cluster per test run, started by the global
 * setup (vitest.global-setup.ts, through the backend's pg-cluster.ts) and named by
 * BISTRO_PG_URL; absent (and those cases skipped) when PostgreSQL is not installed or
 * SKIP_POSTGRES is set. Each suite takes databases of its own on it.
 */
import pg from 'pg';
import { freshDatabase } from './api';

/** The cluster's admin URL, when this run has one. */
export const postgresUrl = process.env['BISTRO_PG_URL'];
export const hasPostgres = !!postgresUrl;

export interface PostgresDb {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the run's cluster: a copy of the run's migrated template (base objects and
 * migrations, no seed), or empty with `{ empty: true }` for the tests of migrating.
 */
export async function postgresDb(opts: { empty?: boolean } = {}): Promise<PostgresDb> {
  if (!postgresUrl) throw new Error('this run has no PostgreSQL cluster (BISTRO_PG_URL)');
  return freshDatabase(postgresUrl, opts.empty ? undefined : { seed: false });
}

/**
 * A pool on a test database. An idle connection the server ends (a database dropped with
 * `force` when its file is done, the cluster stopping) is reported as a warning instead of an
 * uncaught error that fails whichever file the worker runs at that moment; a query sent on a
 * dead connection still fails its test.
 */
export function testPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (e) => console.warn(`[test pool] an idle connection ended: ${e.message}`));
  return pool;
}
