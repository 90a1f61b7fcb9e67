/**
 * The `ledger` table, beside the forum in the test fixtures only: a 64-bit key
 * that clients set, and a 64-bit amount, to prove such integers stay exact
 * past 2^53 end to end. Each ORM's fixture maps it (`ledger.ts` there).
 */
import type { Dialect } from './databases.ts';

/** `DROP` then `CREATE` of the ledger table. */
export function ledgerDdl(dialect: Dialect): string[] {
  const q = dialect === 'mysql' ? '`' : '"';
  return [
    `DROP TABLE IF EXISTS ${q}ledger${q}`,
    `CREATE TABLE ${q}ledger${q} (id BIGINT NOT NULL PRIMARY KEY, amount BIGINT NULL, note VARCHAR(50) NOT NULL)`,
  ];
}
