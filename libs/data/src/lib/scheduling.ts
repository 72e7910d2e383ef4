/**
 * Resolves in a task of its own, after the browser has had the chance to run
 * what is waiting (input, a frame): work that follows it does not lengthen the
 * current task. Splitting one long piece of work this way keeps each task short
 * on a slow phone.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` when the main thread is idle (soon after the current frame's
 * paint; within 2 s at the latest), in a task of its own. Returns a function
 * that cancels it if it has not run yet.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}
