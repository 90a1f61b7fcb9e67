/**
 * How long an adapter call waits on its database before answering 503. The
 * clock restarts at each step of the call (its start, each statement queued or
 * answered) and runs while nothing queued on the same database handle before
 * that step has been answered: a busy pool draining its queue is not a dead
 * database; a frozen server, all connections stuck, or a lock held too long is.
 *
 * A call that gives up answers at once while what it sent runs on: its
 * transaction is rolled back instead of committed ({@link Deadline.beforeCommit}),
 * but a single statement already sent, or queued in the driver's pool (an
 * insert outside a transaction), may still land. Work waiting its turn on one
 * shared connection (`oneAtATime`) is dropped instead. A call in the app's own
 * transaction is held ({@link Deadline.hold}): it waits as the app's statements do.
 *
 * @module
 */
import type { HttpError } from '../core/errors.ts';
import { unavailableError } from './database-errors.ts';
import { type Waiting, type Watch, watchOf } from './database-watch.ts';
import type { Executor, Session } from './executor.ts';

/**
 * The default of the adapters' `timeoutMs`.
 *
 * @example
 * ```ts
 * const timeoutMs = Number(process.env.DB_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 5000;

/** One call's wait, as its work sees it. */
export interface Deadline {
  /**
   * Throws the 503 when the caller has given up; run last inside a transaction,
   * so a transaction nobody waits for any more rolls back instead of committing,
   * and before each further statement of a call (a list's count, its includes).
   *
   * @example
   * ```ts
   * await waitOnDatabase(db, 5000, (deadline) =>
   *   session.transaction(async (tx) => {
   *     await tx.run(statement, []);
   *     deadline.beforeCommit();
   *   }),
   * );
   * ```
   */
  beforeCommit(): void;
  /**
   * Waits for the call's statements without limit from now on (a call in the app's own transaction, whose
   * next statement would queue behind them); throws the 503 when the caller has given up already.
   */
  hold(): void;
}

/**
 * The deadline of a call that waits without limit.
 *
 * @example
 * ```ts
 * const queued = oneAtATime(session, sequelize).forCall?.(NO_DEADLINE);
 * ```
 */
export const NO_DEADLINE: Deadline = { beforeCommit() {}, hold() {} };

function timeoutError(): HttpError {
  return unavailableError('The database did not answer in time; try again later');
}

/** One call waiting on its database: it ends when the work settles, or gives up through `giveUp` once due. */
class Wait implements Deadline, Waiting {
  /** The caller gave up on this call. */
  expired = false;
  step: number;
  began = performance.now();
  readonly slot: number;
  readonly timeoutMs: number;
  readonly #watch: Watch;
  readonly #giveUp: (error: HttpError) => void;
  #held = false;

  constructor(watch: Watch, timeoutMs: number, giveUp: (error: HttpError) => void) {
    this.#watch = watch;
    this.timeoutMs = timeoutMs;
    this.#giveUp = giveUp;
    this.step = watch.answers.begin(timeoutMs);
    this.slot = watch.nextSlot;
    watch.add(this);
  }

  beforeCommit(): void {
    if (this.expired) throw timeoutError();
  }

  hold(): void {
    this.beforeCommit();
    this.#held = true;
  }

  expire(): void {
    if (this.#held) return;
    this.expired = true;
    this.#giveUp(timeoutError());
  }

  /** Runs one statement (or transaction) of the call: a step when queued, and again when answered. */
  async statement<T>(run: () => Promise<T>): Promise<T> {
    const step = this.#next(performance.now());
    try {
      return await run();
    } finally {
      const now = performance.now();
      this.#watch.answers.answered(step, now);
      this.#next(now);
    }
  }

  /** A new step of the call at `now`: answers to what was queued before it count from then on. */
  #next(now: number): number {
    this.began = now;
    this.step = this.#watch.answers.begin(this.timeoutMs);
    return this.step;
  }

  /** The work settled: the database answered. Returns whether the caller still waits for it. */
  answered(): boolean {
    this.#watch.answered(this, performance.now());
    return !this.expired;
  }
}

/**
 * `session` for the call `deadline` belongs to: each statement and transaction
 * is a step of the call, so a statement queued behind later calls counts their
 * answers as the busy database's. Without a timeout, `session` as it is.
 *
 * @example
 * ```ts
 * await waitOnDatabase(db, 5000, (deadline) => stepped(session, deadline).exec.run(statement, []));
 * ```
 */
export function stepped(session: Session, deadline: Deadline): Session {
  if (!(deadline instanceof Wait)) return session;
  const wrap = (exec: Executor): Executor => ({
    arrayRows: exec.arrayRows,
    run: (statement, values) => deadline.statement(() => exec.run(statement, values)),
  });
  return {
    exec: wrap(session.exec),
    transaction: (work) => deadline.statement(() => session.transaction((exec) => work(wrap(exec)))),
    inAppTransaction: () => session.inAppTransaction?.() === true,
  };
}

/**
 * An adapter's `timeoutMs` checked: default 5000; `0` and `Infinity` (no limit) both come back as `Infinity`.
 *
 * @example
 * ```ts
 * const timeoutMs = checkTimeout(undefined, 'MyAdapter'); // 5000
 * ```
 */
export function checkTimeout(timeoutMs: number | undefined, adapter: string): number {
  const value = timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new TypeError(`${adapter}: timeoutMs must be a number of milliseconds (0 or Infinity for no limit)`);
  }
  return value === 0 ? Number.POSITIVE_INFINITY : value;
}

/**
 * Runs one adapter call on the database known by `handle` (its `db`, data
 * source or Sequelize instance), giving up with a 503 `service_unavailable`
 * error once it has waited `timeoutMs` on a database that answers nothing (see
 * the module's comment). `work` gets the call's {@link Deadline}; what it
 * fails with is passed through `translate` (the 503 is not).
 *
 * @example
 * ```ts
 * const result = await waitOnDatabase(db, 5000, (deadline) =>
 *   session.transaction(async (tx) => {
 *     const written = await tx.run(statement, []);
 *     deadline.beforeCommit();
 *     return written;
 *   }),
 * );
 * ```
 */
export function waitOnDatabase<T>(
  handle: object,
  timeoutMs: number,
  work: (deadline: Deadline) => Promise<T>,
  translate: (error: unknown) => unknown = (error) => error,
): Promise<T> {
  if (timeoutMs === Number.POSITIVE_INFINITY) {
    return started(work, NO_DEADLINE).catch((error: unknown) => Promise.reject(translate(error)));
  }
  return new Promise<T>((resolve, reject) => {
    const wait = new Wait(watchOf(handle), timeoutMs, reject);
    started(work, wait).then(
      (value) => {
        if (wait.answered()) resolve(value);
      },
      (error: unknown) => {
        if (wait.answered()) reject(translate(error));
      },
    );
  });
}

/** `work` started, a synchronous throw turned into a rejection. */
function started<T>(work: (deadline: Deadline) => Promise<T>, deadline: Deadline): Promise<T> {
  try {
    return work(deadline);
  } catch (error) {
    return Promise.reject(error);
  }
}
