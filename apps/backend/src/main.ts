/**
 * Starts the backend with the settings of the environment (see config.ts: PORT, INBOX_PORT,
 * HOST, INBOX_HOST, DATA_DIR, DATABASE_URL, WORKERS, ...). Writes <DATA_DIR>/keys.json before
 * printing "ready". WORKERS=N (N > 1, PostgreSQL only) runs N processes: see cluster.ts.
 * DB_FROM_TEMPLATE=1 (test runs): a data folder without a database starts as a copy of the
 * run's migrated, seeded template (db/template.ts) instead of being migrated from nothing.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { loadEnv, processSettings } from './config.js';
import { startBackend } from './server.js';
import { backendOptions, runPrimary, runWorker } from './cluster.js';

async function main(): Promise<void> {
  const env = loadEnv();
  if (cluster.isWorker) return runWorker(env);
  const { workers } = processSettings();
  if (workers > 1) return runPrimary(env, workers);
  const { dataDir } = env;
  if (process.env['DB_FROM_TEMPLATE'] === '1' && !env.databaseUrl) {
    const { dataDirFromTemplate } = await import('./db/template.js');
    await dataDirFromTemplate(dataDir, env.supabaseDir ? { supabaseDir: env.supabaseDir } : {});
  }
  const backend = await startBackend(backendOptions(env, (m) => console.log(`[backend] ${m}`)));
  const keys = {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    inboxUrl: backend.inboxUrl,
  };
  await writeFile(path.join(dataDir, 'keys.json'), JSON.stringify(keys, null, 2) + '\n', {
    mode: 0o600,
  });
  console.log(
    `[backend] database: ${backend.db.kind}${backend.db.kind === 'pglite' ? ` (${path.join(dataDir, 'pglite')})` : ''}`,
  );
  console.log(`[backend] API URL:       ${backend.url}`);
  console.log(
    `[backend] dev inbox:     ${backend.inboxUrl}${env.smtpUrl ? ' (unused: SMTP_URL is set)' : ''}`,
  );
  console.log(`[backend] anon key:      ${backend.anonKey}`);
  console.log(`[backend] service_role:  ${backend.serviceRoleKey}`);
  console.log(`[backend] keys written to ${path.join(dataDir, 'keys.json')}`);
  console.log('[backend] ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[backend] ${signal}: shutting down`);
    try {
      await backend.close();
      process.exit(0);
    } catch (e) {
      console.error('[backend] error while closing:', e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error('[backend] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
