// @vitest-environment node
import { retryRead } from './query-client';
import { READ_DEADLINE_MS, ReadDeadlineError, withReadDeadline } from './supabase-client';

/** A fetch that never answers until its signal aborts, as a dead API behind a live proxy. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
    );
  });

afterEach(() => vi.useRealTimers());

describe('reads have a deadline', () => {
  it('gives up on a read the server does not answer, with an error that says so', async () => {
    vi.useFakeTimers();
    const read = withReadDeadline(silent)('https://api.test/rest/v1/events');
    const outcome = read.then(
      () => 'answered',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(READ_DEADLINE_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ReadDeadlineError);
    expect((error as Error).message).toBe('The server did not answer within 6 s.');
  });

  it('never cuts off a write, which the server may already have applied', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const inner: typeof fetch = (_input, init) => {
      signal = init?.signal ?? undefined;
      return new Promise(() => undefined);
    };
    void withReadDeadline(inner)('https://api.test/rest/v1/bookings', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(READ_DEADLINE_MS * 3);
    expect(signal?.aborted ?? false).toBe(false);
  });

  it("keeps the caller's own abort (a query cancelled by leaving the page)", async () => {
    const controller = new AbortController();
    const read = withReadDeadline(silent)('https://api.test/rest/v1/events', {
      signal: controller.signal,
    });
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes an answer through and clears its timer', async () => {
    const answer = new Response('[]', { status: 200 });
    const read = withReadDeadline(async () => answer, 50);
    await expect(read('https://api.test/rest/v1/events')).resolves.toBe(answer);
  });
});

describe('the query retry rule', () => {
  it('shows a read that ran out of time as failed at once, and tries other failures once more', () => {
    expect(retryRead(0, new ReadDeadlineError())).toBe(false);
    // as postgrest-js reports it inside its error object
    expect(
      retryRead(0, new Error('ReadDeadlineError: The server did not answer within 6 s.')),
    ).toBe(false);
    expect(retryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryRead(1, new TypeError('Failed to fetch'))).toBe(false);
  });
});
