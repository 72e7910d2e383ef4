/**
 * Actions kept on the device until the server has them.
 *
 * Every action a member takes that must survive a dropped connection (a song
 * request, a vote, a vote taken back; later a check-in at the door) goes through
 * one queue: it is stored on the device first, with an id made here (its client
 * id), then sent. The server treats the client id as an idempotency key, so an
 * action may be sent again whenever its answer did not arrive: the queue never
 * has to guess whether a lost request was applied.
 *
 * Actions are sent one at a time, oldest first (a vote and its removal keep their
 * order). An action that does not reach the server (no network, a timeout, a
 * gateway error) stays, and the queue tries again when the browser says it is
 * back online and on a timer with growing pauses. An action the server refuses
 * (a rule of the database said no) is taken out and reported with the server's
 * error, so the member can be told why.
 *
 * Each action belongs to the member who took it: only that member's actions are
 * sent, under their own session (see setUser), and a device shared by two
 * members never sends one's actions as the other.
 */

/** An action waiting on the device. */
export interface QueuedAction<P = unknown> {
  /** The client id: made on the device, the server's idempotency key. */
  id: string;
  /** What it is, e.g. 'song_request'; a sender is registered per kind. */
  kind: string;
  /** The member who took it. */
  userId: string;
  payload: P;
  /** When it was taken (ms since the epoch). */
  createdAt: number;
  /** Sends that did not reach the server so far. */
  attempts: number;
}

/** Where actions are kept: IndexedDB in the browser (idb-store.ts), memory in tests. */
export interface QueueStore {
  all(): Promise<QueuedAction[]>;
  put(action: QueuedAction): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * Sends one action to the server and returns its answer; throws the server's
 * error when refused, or an OfflineError (see isOfflineError) when the action
 * did not reach the server. The signal aborts a send that takes too long.
 */
export type ActionSender = (
  payload: unknown,
  clientId: string,
  signal: AbortSignal,
) => Promise<unknown>;

/** Thrown by a sender when its action did not reach the server, or no answer came back. */
export class OfflineError extends Error {
  override name = 'OfflineError';
  constructor(message = 'The action could not reach the server.') {
    super(message);
  }
}

export const isOfflineError = (error: unknown): error is OfflineError =>
  error instanceof OfflineError;

/** What became of an action when it was submitted. */
export type SubmitOutcome =
  | { state: 'sent'; result: unknown; action: QueuedAction }
  | { state: 'refused'; error: unknown; action: QueuedAction }
  | { state: 'waiting'; action: QueuedAction };

/** What the queue reports of actions sent later, in the background. */
export type QueueEvent =
  | { type: 'sent'; action: QueuedAction; result: unknown }
  | { type: 'refused'; action: QueuedAction; error: unknown };

export interface ActionQueueOptions {
  store: QueueStore;
  /** Whether the browser believes it is online (navigator.onLine). */
  isOnline?: () => boolean;
  /** Pauses between tries after a send that did not arrive; the last repeats. */
  retryDelaysMs?: readonly number[];
  /** A send with no answer after this long is given up, and tried again later. */
  sendTimeoutMs?: number;
  newId?: () => string;
  now?: () => number;
}

const NO_ACTIONS: readonly QueuedAction[] = Object.freeze([]);

export class ActionQueue {
  private readonly store: QueueStore;
  private readonly isOnline: () => boolean;
  private readonly retryDelaysMs: readonly number[];
  private readonly sendTimeoutMs: number;
  private readonly newId: () => string;
  private readonly now: () => number;

  private readonly senders = new Map<string, ActionSender>();
  private actions: QueuedAction[] = [];
  private loaded: Promise<void> | null = null;
  private user: string | null = null;
  private snapshot: readonly QueuedAction[] = NO_ACTIONS;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: QueueEvent) => void>();
  /** Submitters waiting for their own action's outcome. */
  private readonly waiters = new Map<string, (outcome: SubmitOutcome) => void>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;

  constructor(options: ActionQueueOptions) {
    this.store = options.store;
    this.isOnline =
      options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.retryDelaysMs = options.retryDelaysMs ?? [2_000, 5_000, 10_000, 30_000];
    this.sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? Date.now;
  }

  /** The sender of one kind of action (registering a kind again replaces it). */
  register(kind: string, sender: ActionSender): void {
    this.senders.set(kind, sender);
  }

  /**
   * The member signed in on this page (null: nobody). Their actions kept from
   * before are sent at once; other members' actions stay on the device, unsent.
   */
  setUser(userId: string | null): void {
    if (this.user === userId) return;
    this.user = userId;
    this.publish();
    if (userId) void this.flush();
  }

  /** Reads the stored actions once (later calls wait for the same read). */
  load(): Promise<void> {
    this.loaded ??= this.store.all().then(
      (stored) => {
        const known = new Set(this.actions.map((a) => a.id));
        this.actions = [...stored.filter((a) => !known.has(a.id)), ...this.actions].sort(
          (a, b) => a.createdAt - b.createdAt,
        );
        this.publish();
      },
      (error: unknown) => {
        // No storage (a private window may refuse IndexedDB): actions live in memory only.
        console.warn('Actions kept offline could not be read', error);
      },
    );
    return this.loaded;
  }

  /** The signed-in member's actions waiting to be sent, oldest first (a stable snapshot). */
  getSnapshot = (): readonly QueuedAction[] => this.snapshot;

  /** Calls back whenever the waiting actions change. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reports actions sent or refused in the background (not those a submitter awaits). */
  onEvent(listener: (event: QueueEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * Keeps an action and sends it (after any older ones). Resolves with the
   * server's answer or refusal, or 'waiting' when it could not be sent now: it
   * is then sent later, and its outcome reported through onEvent.
   */
  async submit<P>(kind: string, userId: string, payload: P): Promise<SubmitOutcome> {
    if (!this.senders.has(kind)) throw new Error(`No sender for queued actions of kind ${kind}`);
    await this.load();
    const action: QueuedAction = {
      id: this.newId(),
      kind,
      userId,
      payload,
      // strictly after every action kept: two actions of the same millisecond keep their order
      // when read back from storage (which lists them by id)
      createdAt: Math.max(this.now(), ...this.actions.map((a) => a.createdAt + 1)),
      attempts: 0,
    };
    this.actions.push(action);
    this.publish();
    try {
      await this.store.put(action);
    } catch (error) {
      console.warn('An action could not be kept on the device', error);
    }
    if (userId !== this.user || !this.isOnline()) {
      this.scheduleRetry();
      return { state: 'waiting', action };
    }
    const outcome = new Promise<SubmitOutcome>((resolve) => this.waiters.set(action.id, resolve));
    void this.flush();
    return outcome;
  }

  /** Sends the signed-in member's waiting actions, oldest first, until one does not arrive. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        await this.load();
        do {
          this.flushAgain = false;
          await this.sendWaiting();
        } while (this.flushAgain);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  /** Follows the browser's connection: back online, the waiting actions are sent. */
  listen(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
    const online = () => {
      this.failures = 0;
      void this.flush();
    };
    target.addEventListener('online', online);
    return () => target.removeEventListener('online', online);
  }

  /** Forgets every action kept on this device (e.g. at sign-out). */
  async clear(userId?: string): Promise<void> {
    const gone = this.actions.filter((a) => userId === undefined || a.userId === userId);
    this.actions = this.actions.filter((a) => !gone.includes(a));
    this.publish();
    await Promise.all(gone.map((a) => this.store.remove(a.id).catch(() => undefined)));
  }

  private async sendWaiting(): Promise<void> {
    for (;;) {
      const user = this.user;
      const next = this.actions.find((a) => a.userId === user);
      if (!next || !user) return;
      if (!this.isOnline()) {
        this.stopHere();
        return;
      }
      const sender = this.senders.get(next.kind);
      if (!sender) {
        // a kind this page cannot send (its area's code registers it): left for that page
        this.stopHere();
        return;
      }
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.sendTimeoutMs);
      let result: unknown;
      try {
        result = await sender(next.payload, next.id, controller.signal);
      } catch (error) {
        if (isOfflineError(error)) {
          next.attempts += 1;
          void this.store.put(next).catch(() => undefined);
          this.failures += 1;
          this.stopHere();
          return;
        }
        await this.take(next);
        this.settle(next, { state: 'refused', error, action: next });
        continue;
      } finally {
        clearTimeout(timer);
      }
      this.failures = 0;
      await this.take(next);
      this.settle(next, { state: 'sent', result, action: next });
    }
  }

  /** Sending stopped: submitters still waiting hear 'waiting', and a retry is planned. */
  private stopHere(): void {
    for (const action of this.actions) {
      const waiter = this.waiters.get(action.id);
      if (waiter) {
        this.waiters.delete(action.id);
        waiter({ state: 'waiting', action });
      }
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) return;
    const delays = this.retryDelaysMs;
    // the first pause after the first failure, longer ones after each further failure
    const delay = delays[Math.min(Math.max(this.failures - 1, 0), delays.length - 1)] ?? 30_000;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.actions.some((a) => a.userId === this.user)) void this.flush();
    }, delay);
  }

  private async take(action: QueuedAction): Promise<void> {
    this.actions = this.actions.filter((a) => a.id !== action.id);
    this.publish();
    await this.store.remove(action.id).catch((error: unknown) => {
      console.warn('A sent action could not be taken off the device', error);
    });
  }

  private settle(action: QueuedAction, outcome: SubmitOutcome): void {
    const waiter = this.waiters.get(action.id);
    if (waiter) {
      this.waiters.delete(action.id);
      waiter(outcome);
      return;
    }
    const event: QueueEvent =
      outcome.state === 'sent'
        ? { type: 'sent', action, result: outcome.result }
        : { type: 'refused', action, error: outcome.state === 'refused' ? outcome.error : null };
    for (const listener of this.eventListeners) listener(event);
  }

  private publish(): void {
    const user = this.user;
    const mine = user ? this.actions.filter((a) => a.userId === user) : [];
    this.snapshot = mine.length === 0 ? NO_ACTIONS : Object.freeze(mine);
    for (const listener of this.listeners) listener();
  }
}
