/**
 * What the conformance suite needs from one ORM × database: the forum's adapters
 * over a freshly created and seeded schema, raw SQL to check rows, and a counter
 * of the statements the ORM sends. Each ORM's fixture implements it once.
 */
import type { CRUDConfigInit, ORMAdapterBase } from 'ormcrud';
import type { ForumAdapters } from '../../examples/forum/app.ts';
import type { Dialect } from './databases.ts';

export type { ForumAdapters };

/** Options every adapter of a forum gets: how long a call waits on a database that answers nothing. */
export interface ForumAdapterOptions {
  readonly timeoutMs?: number;
}

export interface ForumHarness {
  readonly adapters: ForumAdapters;
  /** Drops, recreates and seeds every table (see forum-sql.ts). */
  reset(): Promise<void>;
  /**
   * Raw SQL for assertions. Write `?` placeholders and "double-quoted"
   * identifiers; the harness adapts both to its dialect.
   */
  sql(text: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Creates the `ledger` table afresh (a 64-bit key clients set, see
   * `ledger-sql.ts`) and gives an adapter for it.
   */
  ledger(): Promise<ORMAdapterBase>;
  /**
   * Creates the `product` table afresh (a decimal, JSON and literal defaults,
   * see `product-sql.ts`) and gives an adapter for it, of `crudConfig` if given.
   */
  product(crudConfig?: CRUDConfigInit): Promise<ORMAdapterBase>;
  /** Statements the ORM sent since the last `resetQueryCount()`. */
  queryCount(): number;
  resetQueryCount(): void;
  close(): Promise<void>;
}

export interface ForumTarget {
  /** `orm/dialect`, for test names: `drizzle/postgres`. */
  readonly name: string;
  readonly dialect: Dialect;
  /**
   * The ORM can relate models over a composite key (the translation's tags,
   * a many-to-many over `(post_id, language)`); Sequelize cannot.
   */
  readonly compositeRelations: boolean;
  /** Connects, with `options` for every adapter (the pool holds at most 4 connections). */
  open(options?: ForumAdapterOptions): Promise<ForumHarness>;
}
