/**
 * The databases the suites run against: SQLite (libsql, in memory) always, and
 * PostgreSQL / MariaDB when their URL is in the environment. A database named in
 * the environment that cannot be reached fails the run; it is never skipped.
 */
import type { Dialect } from '../../examples/forum/sql.ts';

export type { Dialect };

export interface DatabaseTarget {
  readonly dialect: Dialect;
  /** Connection URL (`:memory:` for SQLite). */
  readonly url: string;
}

/**
 * A harness query (`?` placeholders, "double quotes") in the dialect's
 * spelling: numbered `$1, $2, …` placeholders on PostgreSQL, or everywhere
 * with `numbered` (Sequelize binds `$n` on every dialect); backquotes on MySQL.
 *
 * @example
 * ```ts
 * adaptSql('mysql', 'SELECT * FROM "post" WHERE "id" = ?'); // SELECT * FROM `post` WHERE `id` = ?
 * ```
 */
export function adaptSql(dialect: Dialect, text: string, numbered = dialect === 'postgres'): string {
  let n = 0;
  const bound = numbered ? text.replace(/\?/g, () => `$${++n}`) : text;
  return dialect === 'mysql' ? bound.replace(/"/g, '`') : bound;
}

/** `TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test`, `TEST_MARIADB_URL=mysql://root@127.0.0.1:3306/test`. */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ dialect: 'sqlite', url: ':memory:' }];
  if (process.env.TEST_POSTGRES_URL) targets.push({ dialect: 'postgres', url: process.env.TEST_POSTGRES_URL });
  if (process.env.TEST_MARIADB_URL) targets.push({ dialect: 'mysql', url: process.env.TEST_MARIADB_URL });
  return targets;
}
