/**
 * A session whose statements' errors are translated as they fail, so the
 * translation can name the statement (its text with placeholders, never a value).
 *
 * @module
 */
import type { Executor, Session, Statement } from './executor.ts';

/** Translates one error of a statement (or, without one, of the session itself). */
export type Translate = (error: unknown, statement?: Statement) => unknown;

/**
 * Sessions wrapped once each: the pool's session of an adapter is made once,
 * so its wrapper is too.
 *
 * @example
 * ```ts
 * const sessions = new TranslatingSessions((error) => error);
 * const wrapped = sessions.of(session);
 * ```
 */
export class TranslatingSessions {
  readonly #made = new WeakMap<Session, Session>();
  readonly #translate: Translate;

  constructor(translate: Translate) {
    this.#translate = translate;
  }

  /** `session`, with every statement's error translated. */
  of(session: Session): Session {
    let made = this.#made.get(session);
    if (!made) {
      const wrap = (exec: Executor): Executor => ({
        arrayRows: exec.arrayRows,
        run: (statement, values) =>
          exec.run(statement, values).catch((error: unknown) => {
            throw this.#translate(error, statement);
          }),
      });
      made = {
        exec: wrap(session.exec),
        transaction: (work) => session.transaction((exec) => work(wrap(exec))),
        inAppTransaction: () => session.inAppTransaction?.() === true,
      };
      this.#made.set(session, made);
    }
    return made;
  }
}
