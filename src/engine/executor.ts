/**
 * What an adapter gives the engine to run statements: an {@link Executor} on
 * the ORM's own connection, transaction or session (so its logging and
 * transactions apply), and a {@link Session} that can open a transaction.
 *
 * @module
 */
import type { Row } from '../core/adapter-data.ts';
import type { Deadline } from './database-wait.ts';
import type { SqlParams } from './params.ts';
import type { Selection } from './selection.ts';

/** A compiled statement: its text, its parameters' conversions, and how its rows are read. */
export interface Statement {
  readonly sql: string;
  /** A name standing for this text only, where the dialect names statements (prepared once per connection). */
  readonly name: string | undefined;
  readonly params: SqlParams;
  /** The model rows it returns, if any (a `SELECT` of rows, a write's `RETURNING`). */
  readonly selection: Selection | undefined;
}

/** The rows a statement returned and what it changed. */
export interface SqlResult {
  /** Raw rows: arrays in select order for a statement with a selection on an `arrayRows` executor, else objects by alias. */
  readonly records: readonly unknown[];
  /** Rows an `UPDATE` or `DELETE` matched (MySQL: matched, not changed), or an `INSERT` wrote. */
  readonly affected?: number | undefined;
  /** The auto-increment key of an `INSERT` without `RETURNING`. */
  readonly insertId?: unknown;
}

/**
 * Runs statements on one connection, transaction or session.
 *
 * @example
 * ```ts
 * const logged: Executor = {
 *   run: async (statement, values) => {
 *     console.log(statement.sql);
 *     return exec.run(statement, values);
 *   },
 * };
 * ```
 */
export interface Executor {
  /** Runs `statement` with its values, already bound for the driver. */
  run(statement: Statement, values: unknown[]): Promise<SqlResult>;
  /** Rows of statements with a selection come as arrays in select order. */
  readonly arrayRows?: boolean;
}

/** A write ready to run; `transactional` when its statements belong in one transaction. */
export interface PreparedWrite<R> {
  /** A parent check or link beside the write, or a read-back where the dialect has no `RETURNING`. */
  readonly transactional: boolean;
  run(exec: Executor): Promise<R>;
}

/** Where one adapter call runs its statements. */
export interface Session {
  readonly exec: Executor;
  /** Runs `work` in one transaction (a parent check and its insert); a savepoint inside the app's own. */
  transaction<R>(work: (exec: Executor) => Promise<R>): Promise<R>;
  /** Whether its statements run inside a transaction the app opened; none: they do not. */
  inAppTransaction?(): boolean;
  /** This session for one call: work it still holds back once `deadline` passed is dropped, never sent. */
  forCall?(deadline: Deadline): Session;
}

/**
 * The row objects of a result, through its statement's selection.
 *
 * @example
 * ```ts
 * const [row] = rowsOf(exec, statement, await exec.run(statement, [7]));
 * ```
 */
export function rowsOf(exec: Executor, statement: Statement, result: SqlResult): Row[] {
  const selection = statement.selection;
  if (!selection) throw new TypeError('rowsOf: the statement selects no rows');
  const { hydrate } = exec.arrayRows ? selection.arrays : selection.objects;
  return result.records.map(hydrate);
}
