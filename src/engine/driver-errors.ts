/**
 * A database driver's error as the translations read it: the properties they
 * look at, and the chain of errors a driver's error is found in.
 *
 * @module
 */

/** The properties of a driver's error (or an ORM's error around it) the translations read. */
export interface DriverError {
  name?: unknown;
  errors?: unknown;
  code?: unknown;
  errno?: unknown;
  extendedCode?: unknown;
  rawCode?: unknown;
  column?: unknown;
  message?: unknown;
  cause?: unknown;
  driverError?: unknown;
  parent?: unknown;
}

/**
 * The first answer of `find` along an error's chain: TypeORM's `driverError`, Sequelize's `parent`, `cause`.
 *
 * @example
 * ```ts
 * const code = alongChain(new Error('wrapped', { cause: { code: '23505' } }), (e) => e.code);
 * ```
 */
export function alongChain<T>(error: unknown, find: (e: DriverError) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as DriverError;
    const found = find(e);
    if (found !== undefined) return found;
    // Node's AggregateError (a host with several addresses) holds one error per address.
    current = e.driverError ?? e.parent ?? e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  return undefined;
}
