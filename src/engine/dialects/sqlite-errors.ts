/**
 * How SQLite reports errors: libsql by extended code (named or raw),
 * `sqlite3` by `SQLITE_CONSTRAINT` and a message saying which constraint;
 * a value its column cannot store (a rowid's, a `STRICT` table's) by a
 * datatype code, one libsql cannot bind by message only; a busy or locked
 * database by either.
 *
 * @module
 */
import type { ConstraintKind } from '../constraint-errors.ts';
import type { DialectErrors } from '../dialect.ts';

const CONSTRAINTS = new Map<string, ConstraintKind>([
  ['SQLITE_CONSTRAINT_UNIQUE', 'unique'],
  ['SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
  ['SQLITE_CONSTRAINT_FOREIGNKEY', 'foreign_key'],
  ['SQLITE_CONSTRAINT_NOTNULL', 'not_null'],
  ['SQLITE_CONSTRAINT_CHECK', 'invalid'],
  ['SQLITE_CONSTRAINT_DATATYPE', 'invalid'],
  ['SQLITE_MISMATCH', 'invalid'],
]);
const RAW_CONSTRAINTS = new Map<number, ConstraintKind>([
  [2067, 'unique'],
  [1555, 'unique'],
  [787, 'foreign_key'],
  [1299, 'not_null'],
  [3091, 'invalid'],
  [20, 'invalid'],
]);
/** `sqlite3` reports only `SQLITE_CONSTRAINT`; its message says which constraint. */
const MESSAGES: [RegExp, ConstraintKind][] = [
  [/UNIQUE constraint failed/, 'unique'],
  [/FOREIGN KEY constraint failed/, 'foreign_key'],
  [/NOT NULL constraint failed/, 'not_null'],
  [/CHECK constraint failed/, 'invalid'],
  [/cannot store \S+ value in \S+ column/, 'invalid'],
];
/** libsql refuses to bind a value of another type (an object, an array) by a plain `Error`. */
const UNBOUND = /^SQLite3 can only bind /;
/** The column a not-null or a `STRICT` table's datatype violation names, after its table. */
const COLUMN = /(?:NOT NULL constraint failed:|cannot store \S+ value in \S+ column) (?:[^.\s]+\.)?([^\s,]+)/;
/** Busy and locked codes, plain or extended (`SQLITE_BUSY_SNAPSHOT`). */
const BUSY = /^SQLITE_(?:BUSY|LOCKED)/;

function constraint({ code, extendedCode, rawCode, message }: Parameters<DialectErrors['constraint']>[0]) {
  const named = typeof code === 'string' ? CONSTRAINTS.get(code) : undefined;
  if (named) return named;
  if (typeof extendedCode === 'string' && CONSTRAINTS.has(extendedCode)) return CONSTRAINTS.get(extendedCode);
  if (typeof rawCode === 'number' && RAW_CONSTRAINTS.has(rawCode)) return RAW_CONSTRAINTS.get(rawCode);
  if (typeof message !== 'string') return undefined;
  if (code === undefined && rawCode === undefined) return UNBOUND.test(message) ? 'invalid' : undefined;
  if (code !== 'SQLITE_CONSTRAINT') return undefined;
  return MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

/**
 * SQLite's errors.
 *
 * @example
 * ```ts
 * sqliteErrors.constraint({ code: 'SQLITE_CONSTRAINT_UNIQUE' }); // 'unique'
 * ```
 */
export const sqliteErrors: DialectErrors = {
  constraint,
  column: (e) => (typeof e.message === 'string' ? COLUMN.exec(e.message)?.[1] : undefined),
  // The primary result code is the low byte of a raw one: 5 busy, 6 locked.
  unavailable: ({ code, extendedCode, rawCode }) =>
    (typeof code === 'string' && BUSY.test(code)) ||
    (typeof extendedCode === 'string' && BUSY.test(extendedCode)) ||
    (typeof rawCode === 'number' && ((rawCode & 0xff) === 5 || (rawCode & 0xff) === 6)),
  // One writer at a time: a busy database waits or fails, it never deadlocks.
  conflict: () => false,
};
