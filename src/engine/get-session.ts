/**
 * Where an adapter gets its database handle for one call, when it is not
 * fixed: a user's `getSession`, either a function (sync or async) or an async
 * generator, the way a web framework's dependency yields a per-request
 * transaction and commits or rolls back after the `yield`. Shared by every adapter.
 *
 * @module
 */

/** Yields the database, transaction or manager one adapter call runs on. */
export type GetSession<TSession> = () =>
  | TSession
  | Promise<TSession>
  | AsyncGenerator<TSession, unknown, unknown>
  | AsyncIterator<TSession>;

const isIterator = (value: unknown): value is AsyncIterator<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as AsyncIterator<unknown>).next === 'function';

/**
 * Runs `work` on a session from `getSession`. A generator is resumed after
 * `work` succeeds (so code after its `yield`, a commit, runs) and has the error
 * thrown into it on failure (so it can roll back); the original error always
 * propagates. `work` learns whether a generator `lent` the session: its
 * transaction then ends only once `work` settles.
 *
 * @example
 * ```ts
 * await withSession(
 *   async function* () {
 *     yield session; // then commit
 *   },
 *   (s) => s.exec.run(statement, []),
 * );
 * ```
 */
export async function withSession<TSession, T>(
  getSession: GetSession<TSession>,
  work: (session: TSession, lent: boolean) => Promise<T>,
): Promise<T> {
  const session = await getSession();
  if (!isIterator(session)) return work(session as TSession, false);
  const first = await session.next();
  if (first.done) throw new TypeError('getSession finished without yielding a session');
  let result: T;
  try {
    result = await work(first.value as TSession, true);
  } catch (error) {
    try {
      if (session.throw) await session.throw(error);
      else await session.return?.(undefined);
    } catch {
      // the generator rethrew or failed while cleaning up: the original error wins
    }
    throw error;
  }
  const rest = await session.next();
  if (!rest.done) await session.return?.(undefined);
  return result;
}
