/** A FIFO async mutex: PGlite is a single connection, so nothing may interleave. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Callers that hold the lock or wait for it (the one holding it included). */
  private entered = 0;

  /** 1 while a caller holds the lock, and how many wait behind it. */
  get state(): { busy: number; waiting: number } {
    return { busy: this.entered > 0 ? 1 : 0, waiting: Math.max(0, this.entered - 1) };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const prev = this.tail;
    this.tail = prev.then(() => next);
    this.entered++;
    try {
      await prev;
      return await fn();
    } finally {
      this.entered--;
      release();
    }
  }
}
