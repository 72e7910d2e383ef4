/**
 * What a test run prepares once, before its test files start (vitest's global setup): the
 * migrated database templates the files copy (template.ts), and, for the PostgreSQL passes, one
 * throwaway cluster the files create their databases on (pg-cluster.ts). Everything a file
 * needs reaches it through environment variables, which vitest's workers inherit.
 */
import { randomBytes } from 'node:crypto';
import { pgliteTemplate, postgresTemplate, type TemplateOptions } from './template.js';
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from './pg-cluster.js';

export interface TestRunOptions {
  /** PGlite templates to build up front (a file asking for another builds it itself). */
  pglite?: TemplateOptions[];
  postgres?: {
    /** The variable that receives the cluster's admin URL (e.g. DATABASE_URL). */
    env: string;
    /** Templates to build on the cluster up front. */
    templates?: TemplateOptions[];
    /**
     * Without PostgreSQL binaries, or with SKIP_POSTGRES set, run without a cluster (the files'
     * PostgreSQL cases skip themselves) instead of failing.
     */
    optional?: boolean;
  };
  log?: (msg: string) => void;
}

/** Prepares the run; resolves with its teardown. */
export async function prepareTestRun(opts: TestRunOptions): Promise<() => void> {
  const log = opts.log ?? ((m: string) => console.log(`[test-run] ${m}`));
  // one name for every process of the run: a seeded template is reused within it only
  process.env['BISTRO_TEST_RUN'] ??= `run-${Date.now()}-${randomBytes(3).toString('hex')}`;
  const pending: Promise<unknown>[] = (opts.pglite ?? []).map((t) => pgliteTemplate({ ...t, log }));
  let cluster: PostgresCluster | undefined;
  const pgOpts = opts.postgres;
  if (pgOpts && !process.env[pgOpts.env]) {
    const skip = !!process.env['SKIP_POSTGRES'] || !postgresBinDir();
    if (skip && !pgOpts.optional)
      throw new Error(
        process.env['SKIP_POSTGRES']
          ? 'SKIP_POSTGRES is set: this pass needs PostgreSQL'
          : 'PostgreSQL is not installed (Debian: apt-get install -y postgresql)',
      );
    if (!skip) {
      cluster = await startPostgresCluster();
      process.env[pgOpts.env] = cluster.url();
      log(`PostgreSQL ${cluster.version} on ${cluster.url()}`);
    }
  }
  const adminUrl = pgOpts ? process.env[pgOpts.env] : undefined;
  if (adminUrl)
    for (const t of pgOpts?.templates ?? [])
      pending.push(postgresTemplate(adminUrl, { ...t, log }));
  try {
    await Promise.all(pending);
  } catch (e) {
    cluster?.stop();
    throw e;
  }
  return () => cluster?.stop();
}
