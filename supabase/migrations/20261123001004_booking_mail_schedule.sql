-- On hosted Supabase the booking-mail outbox is drained every minute by
-- pg_cron calling the booking-mails edge function through pg_net. The job is
-- scheduled only where both extensions are installed (enable them in the
-- dashboard first, then run this migration); elsewhere (the project's own
-- backend, which drains the outbox with its own timer) nothing happens.
-- The function URL and the service role key are read from Vault at each run:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');

do $outer$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_extension where extname = 'pg_net') then
    execute $sql$
      select cron.schedule(
        'booking-mails',
        '* * * * *',
        $job$
          select net.http_post(
            url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                   || '/functions/v1/booking-mails',
            headers := jsonb_build_object(
              'Content-Type', 'application/json',
              'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
            ),
            body := '{}'::jsonb,
            timeout_milliseconds := 25000
          )
        $job$
      )
    $sql$;
  end if;
end
$outer$;
