/**
 * The transaction a Sequelize statement joins: the executor's own, else the
 * app's managed (CLS) one, as `sequelize.query` finds it.
 *
 * @module
 */
import { Sequelize, type Transaction } from 'sequelize';

/** `own`, or the CLS transaction of the running async context when Sequelize has a namespace. */
export function transactionOf(own?: Transaction): Transaction | undefined {
  const cls = (Sequelize as unknown as { _cls?: { get(key: string): Transaction | undefined } })._cls;
  return own ?? cls?.get('transaction');
}
