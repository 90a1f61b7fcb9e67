/**
 * A session whose statements all go over one connection shared by every
 * request (a single `pg.Client` or mysql2 connection, SQLite in memory on
 * Sequelize): its statements and transactions run one at a time, so none
 * lands inside another request's transaction, to be committed or rolled back
 * with it.
 *
 * @module
 */
import { type Deadline, NO_DEADLINE } from './database-wait.ts';
import type { Session } from './executor.ts';

/** Work run one piece at a time, in order. */
class Queue {
  #tail: Promise<unknown> = Promise.resolve();

  run<R>(work: () => Promise<R>): Promise<R> {
    const done = this.#tail.then(work);
    this.#tail = done.catch(() => undefined);
    return done;
  }
}

/** One queue per connection, shared by every adapter on it. */
const queues = new WeakMap<object, Queue>();

/**
 * `session` queued on `connection`: a statement waits for the transaction
 * before it to end; statements inside a transaction run on its own executor.
 * `inOuterTransaction` says when the app's own transaction holds the
 * connection already: work then joins it without waiting. Work of a call
 * that gave up (a 503) while it waited is dropped when its turn comes.
 *
 * @example
 * ```ts
 * const queued = oneAtATime(session, sequelize); // Sequelize's one connection to SQLite in memory
 * ```
 */
export function oneAtATime(session: Session, connection: object, inOuterTransaction = () => false): Session {
  const queue = queues.get(connection) ?? new Queue();
  queues.set(connection, queue);
  const { exec } = session;
  const forCall = (deadline: Deadline): Session => {
    const inTurn = <R>(work: () => Promise<R>) =>
      inOuterTransaction()
        ? work()
        : queue.run(() => {
            deadline.beforeCommit();
            return work();
          });
    return {
      exec: { ...exec, run: (statement, values) => inTurn(() => exec.run(statement, values)) },
      transaction: (work) => inTurn(() => session.transaction(work)),
      inAppTransaction: () => session.inAppTransaction?.() === true,
      forCall,
    };
  };
  return forCall(NO_DEADLINE);
}
