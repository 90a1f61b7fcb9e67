/**
 * How one call of an engine adapter runs on its database: on a session,
 * within the timeout, its statements' errors translated; a write in a
 * transaction where it needs one.
 *
 * @module
 */
import { retryConflicts } from './conflict-retry.ts';
import { type Deadline, stepped, waitOnDatabase } from './database-wait.ts';
import type { PreparedWrite, Session } from './executor.ts';
import { type Translate, TranslatingSessions } from './translating-session.ts';

/** What an adapter's calls run on, and how their errors read. */
export interface CallTarget {
  /** The database handle the calls share: their answers mark progress. */
  readonly handle: object;
  /** Milliseconds a call waits on a database that answers nothing, checked (`Infinity`: no limit). */
  readonly timeoutMs: number;
  /** Runs `work` on a session of the adapter's database; `lent` when a `getSession` generator yielded it. */
  session<R>(work: (session: Session, lent?: boolean) => Promise<R>): Promise<R>;
  /** A database error as the client may see it. */
  readonly translate: Translate;
  /** Whether a refused statement aborts the transaction it runs in (the dialect's answer). */
  failureAbortsTransaction(): boolean;
  /** Whether an error says the database undid the transaction for a conflict with another (the dialect's answer). */
  conflict(error: unknown): boolean;
}

/**
 * Runs an adapter's calls on its {@link CallTarget}.
 *
 * @example
 * ```ts
 * const calls = new DatabaseCalls({
 *   handle: session,
 *   timeoutMs: DEFAULT_TIMEOUT_MS,
 *   session: (work) => work(session),
 *   translate: (error) => error,
 *   failureAbortsTransaction: () => true,
 *   conflict: () => false,
 * });
 * const { records } = await calls.run(({ exec }) => exec.run(statement, [7]));
 * ```
 */
export class DatabaseCalls {
  readonly #target: CallTarget;
  readonly #sessions: TranslatingSessions;
  readonly #translate: (error: unknown) => unknown;
  readonly #conflict: (error: unknown) => boolean;

  constructor(target: CallTarget) {
    this.#target = target;
    this.#sessions = new TranslatingSessions(target.translate);
    this.#translate = (error) => target.translate(error);
    this.#conflict = (error) => target.conflict(error);
  }

  /**
   * Runs `work` in a session within the timeout, its statements' errors
   * translated. A session's own transaction (a `getSession` generator's
   * commit) is rolled back once the caller gave up; in the app's transaction
   * (unless a `getSession` generator lent it), the call waits without limit.
   */
  run<R>(work: (session: Session, deadline: Deadline) => Promise<R>): Promise<R> {
    const target = this.#target;
    return waitOnDatabase(
      target.handle,
      target.timeoutMs,
      (deadline) =>
        target.session(async (session, lent) => {
          const own = session.forCall ? session.forCall(deadline) : session;
          // Given up on, its statements would run on in the app's transaction, past the app's commit or rollback.
          if (own.inAppTransaction?.() === true && !lent) deadline.hold();
          const result = await work(stepped(this.#sessions.of(own), deadline), deadline);
          deadline.beforeCommit();
          return result;
        }),
      this.#translate,
    );
  }

  /**
   * Runs a write (prepared in the call, so its errors are translated), in a transaction where it needs one,
   * and in a savepoint of the app's own transaction where a refused write would abort that. Outside the
   * app's transaction, a write the database undid for a conflict (a deadlock) runs again.
   */
  write<R>(prepare: () => PreparedWrite<R>): Promise<R> {
    return this.run((session, deadline) => {
      const write = prepare();
      const inApp = session.inAppTransaction?.() === true;
      const isolated = this.#target.failureAbortsTransaction() && inApp;
      const attempt = () =>
        !write.transactional && !isolated
          ? write.run(session.exec)
          : session.transaction(async (exec) => {
              const written = await write.run(exec);
              deadline.beforeCommit();
              return written;
            });
      return inApp ? attempt() : retryConflicts(attempt, this.#conflict, deadline);
    });
  }
}
