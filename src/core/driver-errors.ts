/**
 * A database driver's error as the library reads it: the properties it looks
 * at, and the chain of errors a driver's error is found in (TypeORM's
 * `driverError`, Sequelize's `parent`, `cause`, an `AggregateError`'s first).
 *
 * @module
 */

/** The properties of a driver's error (or an ORM's error around it) the library reads. */
export interface DriverError {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  errno?: unknown;
  extendedCode?: unknown;
  rawCode?: unknown;
  column?: unknown;
  query?: unknown;
  sql?: unknown;
  cause?: unknown;
  driverError?: unknown;
  parent?: unknown;
  errors?: unknown;
}

/** Properties by which an error (or one of its causes) shows it came from a database driver. */
const DRIVER_KEYS = ['sql', 'query', 'parameters', 'params', 'bind', 'driverError', 'parent', 'sqlMessage', 'sqlState'];

/**
 * The error and its causes, nearest first, at most 8 and each once.
 *
 * @example
 * ```ts
 * errorChain(new Error('wrapped', { cause: { code: '23505' } })).length; // 2
 * ```
 */
export function errorChain(error: unknown): DriverError[] {
  const errors: DriverError[] = [];
  let current = error;
  while (current && typeof current === 'object' && errors.length < 8 && !errors.includes(current as DriverError)) {
    const e = current as DriverError;
    errors.push(e);
    // Node's AggregateError (a host with several addresses) holds one error per address.
    current = e.driverError ?? e.parent ?? e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  return errors;
}

/**
 * The first answer of `find` along an error's chain.
 *
 * @example
 * ```ts
 * const code = alongChain(new Error('wrapped', { cause: { code: '23505' } }), (e) => e.code);
 * ```
 */
export function alongChain<T>(error: unknown, find: (e: DriverError) => T | undefined): T | undefined {
  for (const e of errorChain(error)) {
    const found = find(e);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether `error` or one of its causes comes from a database driver. */
export function isDriverError(error: unknown): boolean {
  return errorChain(error).some((e) => DRIVER_KEYS.some((key) => key in e));
}
