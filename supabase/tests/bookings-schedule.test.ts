/**
 * The hosted schedule of the booking-mail outbox (pg_cron + pg_net), as far as
 * it can run here: without pg_cron the migration schedules nothing; with
 * stand-ins for cron.schedule, net.http_post and Vault, the job it schedules
 * runs every minute and posts to the booking-mails function with the service
 * role key read from Vault at run time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asOwner, createDb, migrationsDir } from './support/db';

const migration = readFileSync(
  path.join(migrationsDir, '20261123001004_booking_mail_schedule.sql'),
  'utf8',
);

let db: PGlite;
beforeAll(async () => {
  db = await createDb();
});
afterAll(async () => {
  await db?.close();
});

describe('booking-mails schedule', () => {
  it('schedules nothing where pg_cron is not installed', async () => {
    const rows = await asOwner(
      db,
      `select nspname from pg_namespace where nspname in ('cron', 'net') union all
       select extname from pg_extension where extname in ('pg_cron', 'pg_net')`,
    );
    expect(rows).toEqual([]);
  });

  it('schedules a job every minute that posts to booking-mails with the key from Vault', async () => {
    const schedule = /execute \$sql\$([\s\S]*?)\$sql\$;/.exec(migration)?.[1];
    expect(schedule).toContain('cron.schedule(');
    await db.exec(`
      create schema cron;
      create table cron.jobs (name text, cron text, command text);
      create function cron.schedule(job_name text, schedule text, command text) returns bigint
        language sql as $$ insert into cron.jobs values (job_name, schedule, command); select 1::bigint $$;
      create schema net;
      create table net.calls (url text, headers jsonb, body jsonb, timeout_milliseconds integer);
      create function net.http_post(url text, body jsonb, params jsonb default '{}', headers jsonb default '{}',
                                    timeout_milliseconds integer default 5000) returns bigint
        language sql as $$ insert into net.calls values (url, headers, body, timeout_milliseconds); select 1::bigint $$;
      create schema vault;
      create table vault.decrypted_secrets (name text, decrypted_secret text);
      insert into vault.decrypted_secrets values
        ('project_url', 'https://abc.supabase.co'), ('service_role_key', 'service-key');
    `);
    await db.exec(schedule ?? '');
    const [job] = await asOwner<{ name: string; cron: string; command: string }>(
      db,
      'select * from cron.jobs',
    );
    expect(job).toMatchObject({ name: 'booking-mails', cron: '* * * * *' });
    await db.exec(job?.command ?? '');
    const calls = await asOwner(db, 'select * from net.calls');
    expect(calls).toEqual([
      {
        url: 'https://abc.supabase.co/functions/v1/booking-mails',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-key' },
        body: {},
        timeout_milliseconds: 25000,
      },
    ]);
  });
});
