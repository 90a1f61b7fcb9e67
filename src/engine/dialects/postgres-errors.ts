/**
 * How PostgreSQL reports errors through node-postgres: SQLSTATE codes for
 * constraint violations and for a server down, shutting down or busy, and a
 * lost or timed-out connection by message only.
 *
 * @module
 */
import type { ConstraintKind } from '../constraint-errors.ts';
import type { DialectErrors } from '../dialect.ts';

const CONSTRAINTS = new Map<string, ConstraintKind>([
  ['23505', 'unique'],
  ['23503', 'foreign_key'],
  ['23502', 'not_null'],
  ['23514', 'invalid'],
  ['22001', 'invalid'],
  ['22003', 'invalid'],
  ['22007', 'invalid'],
  ['22008', 'invalid'],
  ['22P02', 'invalid'],
  // Text with U+0000 (character not in repertoire; in JSON, untranslatable).
  ['22021', 'invalid'],
  ['22P05', 'invalid'],
]);

/** Shutdowns, too many connections, a cancelled statement, lock and serialisation failures; class 08 besides. */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '40001', '40P01']);

/** `pg` reports a lost or timed-out connection, and a pool shut down, by message only. */
const UNAVAILABLE_MESSAGES =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * PostgreSQL's errors.
 *
 * @example
 * ```ts
 * postgresErrors.constraint({ code: '23505' }); // 'unique'
 * ```
 */
export const postgresErrors: DialectErrors = {
  constraint: (e) => (typeof e.code === 'string' ? CONSTRAINTS.get(e.code) : undefined),
  column: (e) => (typeof e.column === 'string' && e.column ? e.column : undefined),
  unavailable: (e) =>
    typeof e.code === 'string'
      ? UNAVAILABLE.has(e.code) || e.code.startsWith('08')
      : e.code === undefined && typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message),
  // deadlock_detected, serialization_failure
  conflict: (e) => e.code === '40P01' || e.code === '40001',
};
