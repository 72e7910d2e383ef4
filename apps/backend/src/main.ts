/**
 * Starts the backend: API on PORT (54321), dev inbox on INBOX_PORT (54324), data in DATA_DIR
 * (<repo>/.data). Writes <DATA_DIR>/keys.json before printing "ready".
 */
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { REPO_ROOT, DEFAULT_CORS_ORIGINS, startBackend } from './server.js';

const env = process.env;
const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const int = (v: string | undefined, d: number) => (v && /^[0-9]+$/.test(v) ? Number(v) : d);

async function main(): Promise<void> {
  const dataDir = path.resolve(env['DATA_DIR'] ?? path.join(REPO_ROOT, '.data'));
  const port = int(env['PORT'], 54321);
  const siteUrl = env['SITE_URL'] ?? 'http://localhost:4200';
  const backend = await startBackend({
    port,
    inboxPort: int(env['INBOX_PORT'], 54324),
    host: env['HOST'] ?? '127.0.0.1',
    dataDir,
    ...(env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : {}),
    ...(env['SUPABASE_DIR'] ? { supabaseDir: path.resolve(env['SUPABASE_DIR']) } : {}),
    ...(env['SMTP_URL'] ? { smtpUrl: env['SMTP_URL'] } : {}),
    ...(env['MAIL_FROM'] ? { mailFrom: env['MAIL_FROM'] } : {}),
    ...(env['API_EXTERNAL_URL'] ? { publicUrl: env['API_EXTERNAL_URL'] } : {}),
    config: {
      siteUrl,
      redirectUrls: list(env['ADDITIONAL_REDIRECT_URLS']),
      corsOrigins: [...DEFAULT_CORS_ORIGINS, siteUrl, ...list(env['CORS_ORIGINS'])],
      jwtExpiry: int(env['JWT_EXPIRY'], 3600),
      mailerAutoconfirm: env['MAILER_AUTOCONFIRM'] === 'true',
      trustProxy: env['TRUST_PROXY'] === 'true',
    },
    log: (m) => console.log(`[backend] ${m}`),
  });
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
    `[backend] dev inbox:     ${backend.inboxUrl}${env['SMTP_URL'] ? ' (unused: SMTP_URL is set)' : ''}`,
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
