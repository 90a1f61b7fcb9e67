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

/** `TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test`, `TEST_MARIADB_URL=mysql://root@127.0.0.1:3306/test`. */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ dialect: 'sqlite', url: ':memory:' }];
  if (process.env.TEST_POSTGRES_URL) targets.push({ dialect: 'postgres', url: process.env.TEST_POSTGRES_URL });
  if (process.env.TEST_MARIADB_URL) targets.push({ dialect: 'mysql', url: process.env.TEST_MARIADB_URL });
  return targets;
}
