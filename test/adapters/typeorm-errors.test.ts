/**
 * `translateDbError` over the real databases: an app's own TypeORM query that
 * breaks a constraint is the library's 409 problem, and one that fails
 * otherwise is a `DatabaseError` naming the statement but no bound value.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DatabaseError, HttpError, toProblem } from 'ormcrud';
import { type TypeORMAdapter, translateDbError } from 'ormcrud/typeorm';
import type { DataSource } from 'typeorm';
import { typeormTargets } from '../fixtures/typeorm/target.ts';
import type { ForumHarness } from '../support/forum-target.ts';

/** What `translateDbError` throws for the error of running `sql`. */
async function thrownBy(dataSource: DataSource, sql: string, params: unknown[]): Promise<unknown> {
  try {
    await dataSource.query(sql, params);
  } catch (error) {
    try {
      translateDbError(error, undefined, sql);
    } catch (translated) {
      return translated;
    }
  }
  assert.fail(`${sql} did not fail`);
}

for (const target of typeormTargets()) {
  describe(`translateDbError [${target.name}]`, () => {
    let forum: ForumHarness;
    let dataSource: DataSource;
    let placeholder: string;

    before(async () => {
      forum = await target.open();
      await forum.reset();
      dataSource = (forum.adapters.tag as TypeORMAdapter).dataSource;
      placeholder = dataSource.options.type === 'postgres' ? '$1' : '?';
    });
    after(() => forum.close());

    test('a unique violation is a 409 conflict without the value or the statement', async () => {
      const sql = `INSERT INTO tag (name) VALUES (${placeholder})`;
      await dataSource.query(sql, ['twice']);
      const error = await thrownBy(dataSource, sql, ['twice']);
      assert.ok(error instanceof HttpError);
      assert.deepEqual([error.status, error.code], [409, 'conflict']);
      assert.doesNotMatch(JSON.stringify(toProblem(error)), /twice|INSERT/);
    });

    test('any other failure is a DatabaseError with the statement and no value', async () => {
      const sql = `SELECT * FROM no_such_table WHERE secret = ${placeholder}`;
      const error = await thrownBy(dataSource, sql, ['hunter2']);
      assert.ok(error instanceof DatabaseError);
      assert.equal(error.statement, sql);
      assert.doesNotMatch(`${error.message} ${JSON.stringify(error)}`, /hunter2/);
    });
  });
}
