/**
 * Per-request `EntityManager`s: the data source's own manager, or one from a
 * user `getSession` (an async function, or an async generator that may open and
 * close a transaction around the `yield`).
 *
 * @module
 */
import type { EntityManager } from 'typeorm';

/** An async function or async generator yielding the manager of one request. */
export type GetSession = () => Promise<EntityManager> | AsyncGenerator<EntityManager, unknown, unknown>;

const isGenerator = (value: unknown): value is AsyncGenerator<EntityManager, unknown, unknown> =>
  typeof (value as AsyncGenerator | undefined)?.next === 'function' &&
  typeof (value as AsyncGenerator | undefined)?.throw === 'function';

/**
 * Runs `work` with a session from `getSession`. A generator is resumed after
 * success (so code after its `yield`, such as a commit, runs) and thrown into on
 * failure (so it can roll back); the original error always propagates.
 *
 * @example
 * ```ts
 * const rows = await withSession(getSession, (manager) => manager.query('SELECT 1'));
 * ```
 */
export async function withSession<T>(getSession: GetSession, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const session = getSession();
  if (!isGenerator(session)) return work(await session);
  const first = await session.next();
  if (first.done) throw new TypeError('getSession finished without yielding an EntityManager');
  let result: T;
  try {
    result = await work(first.value);
  } catch (error) {
    try {
      await session.throw(error);
    } catch {
      // the generator rethrew or failed while cleaning up: the original error wins
    }
    throw error;
  }
  const rest = await session.next();
  if (!rest.done) await session.return(undefined);
  return result;
}
