/**
 * Where the adapter gets its database for one call: a fixed `db`, or a
 * `getSession` function (async function or async generator, the way a web
 * framework's dependency yields a per-request transaction).
 *
 * @module
 */

/** Yields the database (or transaction) one adapter call runs on. */
export type GetSession<TDb> = () => Promise<TDb> | TDb | AsyncGenerator<TDb, unknown, unknown> | AsyncIterator<TDb>;

const isIterator = (value: unknown): value is AsyncIterator<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as AsyncIterator<unknown>).next === 'function';

/**
 * Runs `fn` on a session from `getSession`. A generator is resumed after `fn`
 * succeeds (so code after its `yield`, a commit, runs) and has `fn`'s error
 * thrown into it on failure (so it can roll back).
 *
 * @example
 * ```ts
 * await withSession(async function* () { yield db; }, (db) => db.select().from(post));
 * ```
 */
export async function withSession<TDb, T>(getSession: GetSession<TDb>, fn: (db: TDb) => Promise<T>): Promise<T> {
  const session = await getSession();
  if (!isIterator(session)) return fn(session as TDb);
  const first = await session.next();
  if (first.done) throw new Error('DrizzleAdapter: getSession finished without yielding a database');
  let result: T;
  try {
    result = await fn(first.value as TDb);
  } catch (error) {
    if (session.throw) {
      try {
        await session.throw(error);
      } catch {
        // the generator rethrew (or threw its own cleanup error): the original error wins
      }
    } else {
      await session.return?.(undefined);
    }
    throw error;
  }
  await session.next();
  return result;
}
