/**
 * Drains the booking-mail outbox on a timer: every interval it calls the booking-mails edge
 * function (or another outbox's function, `functionName`: push-notifications) the way pg_cron
 * calls it on hosted Supabase (POST with the service role key), so both deployments send
 * through the same code. A run never overlaps the previous one; a failed
 * run is logged and the next tick tries again.
 */
export interface BookingMailsJobOptions {
  /** The backend's own API address (reachable from this process). */
  apiUrl: string;
  serviceRoleKey: string;
  intervalMs: number;
  /** The edge function the timer calls; booking-mails unless given. */
  functionName?: string;
  warn?: (msg: string) => void;
  fetchImpl?: typeof fetch;
}

export interface BookingMailsJob {
  /** One run now (waits for a run already under way instead of starting another). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export function startBookingMailsJob(opts: BookingMailsJobOptions): BookingMailsJob {
  const doFetch = opts.fetchImpl ?? fetch;
  const name = opts.functionName ?? 'booking-mails';
  const warn = opts.warn ?? ((m: string) => console.warn(`[${name}] ${m}`));
  let running: Promise<void> | null = null;
  let stopped = false;

  const once = async (): Promise<void> => {
    try {
      const res = await doFetch(`${opts.apiUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          apikey: opts.serviceRoleKey,
          Authorization: `Bearer ${opts.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      const body = await res.text();
      if (!res.ok) warn(`run failed: HTTP ${res.status} ${body.slice(0, 300)}`);
      else {
        const { failed } = JSON.parse(body) as { sent: number; failed: number };
        if (failed > 0) warn(`${failed} message(s) failed and will be retried`);
      }
    } catch (e) {
      warn(`run failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const runNow = (): Promise<void> => {
    if (!running)
      running = once().finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped && !running) void runNow();
  }, opts.intervalMs);
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
