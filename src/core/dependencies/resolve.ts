/**
 * Running a list of resolvers on one request without a promise where none is
 * needed: the defaults answer synchronously, a parent chain may not.
 *
 * @module
 */
import type { Resolver } from './markers.ts';
import type { CrudRequest } from './request.ts';

/** Whether a resolver's value is a promise (or another thenable) to await. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Each resolver's value for `req`, in order: the values themselves while every
 * resolver answers synchronously (the defaults but a parent chain do), so
 * such a request costs no promise; else a promise of them.
 *
 * @example
 * ```ts
 * const values = resolveAll([() => 1, async () => 2], req); // a promise of [1, 2]
 * ```
 */
export function resolveAll(resolvers: readonly Resolver[], req: CrudRequest): unknown[] | Promise<unknown[]> {
  // A literal, not `new Array(n)`: V8 builds it without a constructor call.
  const values: unknown[] = [];
  for (let i = 0; i < resolvers.length; i++) {
    const value = (resolvers[i] as Resolver)(req);
    if (isThenable(value)) return resolveFrom(resolvers, req, values, i, value);
    values.push(value);
  }
  return values;
}

/**
 * `then` of what `resolve` gives for `req`, without a promise of its own when
 * that is a plain value; a promise either way, a throw as its rejection.
 *
 * @example
 * ```ts
 * const answer = resolveThen(req, (r) => r.params.id, (id) => ({ id })); // a promise of { id }
 * ```
 */
export function resolveThen<T, R>(
  req: CrudRequest,
  resolve: (req: CrudRequest) => T | Promise<T>,
  then: (value: T) => R | Promise<R>,
): Promise<R> {
  try {
    const value = resolve(req);
    return isThenable(value) ? value.then(then) : Promise.resolve(then(value));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Continues once resolver `from` returned a promise: awaits it and every later one, in order. */
async function resolveFrom(
  resolvers: readonly Resolver[],
  req: CrudRequest,
  values: unknown[],
  from: number,
  pending: PromiseLike<unknown>,
): Promise<unknown[]> {
  values.push(await pending);
  for (let i = from + 1; i < resolvers.length; i++) values.push(await (resolvers[i] as Resolver)(req));
  return values;
}
