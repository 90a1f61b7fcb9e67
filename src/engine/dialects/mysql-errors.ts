/**
 * How MySQL and MariaDB report errors through their drivers: an `ER_` code
 * and its errno for a constraint violation, client and server codes for a
 * server gone, saturated (connections, prepared statements) or locked, and a closed connection by message only.
 *
 * @module
 */
import type { ConstraintKind } from '../constraint-errors.ts';
import type { DialectErrors } from '../dialect.ts';

const CONSTRAINTS = new Map<number, ConstraintKind>([
  [1062, 'unique'],
  [1451, 'foreign_key'],
  [1452, 'foreign_key'],
  [1216, 'foreign_key'],
  [1217, 'foreign_key'],
  [1048, 'not_null'],
  [1364, 'not_null'],
  [1406, 'invalid'],
  [1264, 'invalid'],
  [1292, 'invalid'],
  [1366, 'invalid'],
  [3819, 'invalid'],
  [4025, 'invalid'],
]);

const UNAVAILABLE_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'ER_QUERY_INTERRUPTED',
  'ER_QUERY_TIMEOUT',
  'ER_STATEMENT_TIMEOUT',
  // The server's prepared statements, shared by every client, are at their limit.
  'ER_MAX_PREPARED_STMT_COUNT_REACHED',
]);
/** The server's codes of the same, and the client's (2002, 2003, 2006, 2013) for a server not there. */
const UNAVAILABLE_ERRNOS = new Set([
  1040, 1053, 1203, 1205, 1213, 1317, 1461, 1927, 1969, 2002, 2003, 2006, 2013, 3024, 4031,
]);
/** `mysql2` reports a closed connection or pool by message only. */
const UNAVAILABLE_MESSAGES = /^(?:Can't add new command when connection is in closed state|Pool is closed)/;

/** A missing value's column: `Column 'x' cannot be null`, `Field 'x' doesn't have a default value`. */
const NAMED_COLUMN = /^(?:Column|Field) '([^']+)'/;
/**
 * A refused value's column, after the value the message may quote (so the last one): `Data too long for
 * column 'x' at row 1`, MariaDB's ``Incorrect integer value: 'a' for column `db`.`t`.`x` at row 1``.
 */
const VALUE_COLUMN = /^.*for column (?:'([^']+)'|(?:`[^`]*`\.)*`([^`]+)`) at row \d+$/s;

/**
 * MySQL's and MariaDB's errors.
 *
 * @example
 * ```ts
 * mysqlErrors.constraint({ code: 'ER_DUP_ENTRY', errno: 1062 }); // 'unique'
 * ```
 */
export const mysqlErrors: DialectErrors = {
  constraint: (e) =>
    typeof e.errno === 'number' && typeof e.code === 'string' && e.code.startsWith('ER_')
      ? CONSTRAINTS.get(e.errno)
      : undefined,
  column: ({ message }) => {
    if (typeof message !== 'string') return undefined;
    const named = NAMED_COLUMN.exec(message) ?? VALUE_COLUMN.exec(message);
    return named?.[1] ?? named?.[2];
  },
  unavailable: ({ code, errno, message }) => {
    if (typeof code === 'string')
      return UNAVAILABLE_CODES.has(code) || (typeof errno === 'number' && UNAVAILABLE_ERRNOS.has(errno));
    return code === undefined && typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
  },
  // A deadlock rolls the transaction back; a lock wait timeout (1205) undoes only the statement.
  conflict: ({ code, errno }) => code === 'ER_LOCK_DEADLOCK' || (typeof code === 'string' && errno === 1213),
};
