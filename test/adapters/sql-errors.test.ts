/**
 * The shared translation of database errors, over errors shaped as each driver
 * raises them (the reliability suites raise the real ones): a database down,
 * unreachable, restarting, saturated or busy is a 503 with `Retry-After`;
 * constraint violations keep their 409 / 422; anything else stays a 500.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DatabaseError, HttpError, toProblem } from 'ormcrud';
import { databaseError, transactionConflict } from '../../src/engine/database-errors.ts';
import { mysqlErrors } from '../../src/engine/dialects/mysql-errors.ts';
import { postgresErrors } from '../../src/engine/dialects/postgres-errors.ts';
import { sqliteDialect } from '../../src/engine/dialects/sqlite.ts';

/** An `Error` with the driver's own properties. */
const driverError = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

describe('databaseError', () => {
  const unavailable: [string, unknown][] = [
    ['connection refused', driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', errno: -111 })],
    [
      'refused on every address (AggregateError)',
      new AggregateError([driverError('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], ''),
    ],
    ['connection reset', driverError('read ECONNRESET', { code: 'ECONNRESET' })],
    ['PostgreSQL shut down by an administrator', driverError('terminating connection', { code: '57P01' })],
    ['PostgreSQL starting up', driverError('the database system is starting up', { code: '57P03' })],
    ['PostgreSQL connection failure (class 08)', driverError('connection failure', { code: '08006' })],
    ['PostgreSQL too many connections', driverError('sorry, too many clients already', { code: '53300' })],
    ['pg: connection lost', new Error('Connection terminated unexpectedly')],
    ['pg: pool wait timed out', new Error('timeout exceeded when trying to connect')],
    [
      'TypeORM around pg',
      driverError('Connection terminated', { driverError: new Error('Connection terminated unexpectedly') }),
    ],
    ['Drizzle around pg', new Error('Failed query: rollback', { cause: driverError('x', { code: '57P01' }) })],
    ['mysql2: connection lost', driverError('Connection lost', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true })],
    ['mysql2: closed connection', driverError("Can't add new command when connection is in closed state", {})],
    ['MariaDB too many connections', driverError('Too many connections', { code: 'ER_CON_COUNT_ERROR', errno: 1040 })],
    [
      'MariaDB server gone (2006)',
      driverError('MySQL server has gone away', { code: 'CR_SERVER_GONE_ERROR', errno: 2006 }),
    ],
    ['MariaDB lost during query (2013)', driverError('Lost connection', { code: 'CR_SERVER_LOST', errno: 2013 })],
    [
      'MariaDB lock wait timeout',
      driverError('Lock wait timeout exceeded', { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 }),
    ],
    [
      'MariaDB at its limit of prepared statements (1461)',
      driverError("Can't create more than max_prepared_stmt_count statements (current value: 16382)", {
        code: 'ER_MAX_PREPARED_STMT_COUNT_REACHED',
        errno: 1461,
      }),
    ],
    [
      'Sequelize around a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), {
        name: 'SequelizeConnectionRefusedError',
        parent: driverError('connect ECONNREFUSED', { code: 'ECONNREFUSED' }),
      }),
    ],
    ['libsql: database is locked', driverError('SQLITE_BUSY: database is locked', { code: 'SQLITE_BUSY', rawCode: 5 })],
    [
      'libsql: busy snapshot',
      driverError('SQLITE_BUSY', { code: 'SQLITE_BUSY', extendedCode: 'SQLITE_BUSY_SNAPSHOT' }),
    ],
    ['sqlite3: database is locked', driverError('SQLITE_BUSY: database is locked', { code: 'SQLITE_BUSY', errno: 5 })],
  ];
  for (const [name, error] of unavailable) {
    test(`${name}: 503 with Retry-After`, () => {
      const http = databaseError(error);
      assert.ok(http instanceof HttpError);
      assert.equal(http.status, 503);
      assert.equal(http.code, 'service_unavailable');
      assert.deepEqual(http.headers, { 'retry-after': '1' });
      // The cause is the driver's error without the values it may quote.
      assert.ok(http.cause instanceof DatabaseError);
      const problem = toProblem(http);
      assert.equal(problem.title, 'Service Unavailable');
      assert.doesNotMatch(problem.detail, /ECONN|57P01|terminat|SQLITE/);
    });
  }

  test('constraint violations keep their status', () => {
    assert.equal(databaseError(driverError('duplicate key', { code: '23505' }))?.status, 409);
    assert.equal(databaseError(driverError('Duplicate entry', { code: 'ER_DUP_ENTRY', errno: 1062 }))?.status, 409);
  });

  test('a value SQLite cannot store or bind is a 422, naming the field where the error names the column', () => {
    const fieldOf = (column: string) => (column === 'n' ? 'count' : undefined);
    const sqlite = sqliteDialect().errors;
    const refused: [Error, string[] | undefined][] = [
      [driverError('SQLITE_MISMATCH: datatype mismatch', { code: 'SQLITE_MISMATCH', rawCode: 20 }), undefined],
      [driverError('datatype mismatch', { code: 'SQLITE_MISMATCH', rawCode: 20 }), undefined],
      [driverError('SQLITE_MISMATCH: datatype mismatch', { code: 'SQLITE_MISMATCH', errno: 20 }), undefined],
      [
        driverError('SQLITE_CONSTRAINT: cannot store TEXT value in INTEGER column t.n', {
          code: 'SQLITE_CONSTRAINT',
          rawCode: 3091,
          extendedCode: 'UNKNOWN_SQLITE_ERROR_3091',
        }),
        ['body.count'],
      ],
      [
        driverError('SQLITE_CONSTRAINT: cannot store TEXT value in INTEGER column t.n', {
          code: 'SQLITE_CONSTRAINT',
          errno: 19,
        }),
        ['body.count'],
      ],
      [
        new Error('Failed query', {
          cause: new Error('SQLite3 can only bind numbers, strings, bigints, buffers, and null'),
        }),
        undefined,
      ],
    ];
    for (const [error, paths] of refused) {
      for (const errors of [sqlite, undefined]) {
        const http = databaseError(error, fieldOf, errors);
        assert.deepEqual([http?.status, http?.code], [422, 'validation_failed'], error.message);
        assert.deepEqual(
          http?.errors?.map((e) => e.path),
          paths,
          error.message,
        );
        assert.doesNotMatch(toProblem(http as HttpError).detail, /SQLITE|mismatch|bind|TEXT/, error.message);
      }
    }
  });

  test('a value MySQL or MariaDB refuses is a 422 naming the field its message names, after any quoted value', () => {
    const fieldOf = (column: string) => (column === 'n' ? 'count' : undefined);
    const refused: [string, string, number][] = [
      ['ER_DATA_TOO_LONG', "Data too long for column 'n' at row 1", 1406],
      ['ER_WARN_DATA_OUT_OF_RANGE', "Out of range value for column 'n' at row 1", 1264],
      ['ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', "Incorrect integer value: 'a' for column 'n' at row 1", 1366],
      ['ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', "Incorrect integer value: 'a' for column `db`.`t`.`n` at row 1", 1366],
      ['ER_TRUNCATED_WRONG_VALUE', "Incorrect date value: 'for column `x`' for column `db`.`t`.`n` at row 2", 1292],
      ['ER_BAD_NULL_ERROR', "Column 'n' cannot be null", 1048],
    ];
    for (const [code, message, errno] of refused) {
      for (const errors of [mysqlErrors, undefined]) {
        const http = databaseError(driverError(message, { code, errno }), fieldOf, errors);
        assert.equal(http?.status, 422, message);
        assert.deepEqual(
          http?.errors?.map((e) => e.path),
          ['body.count'],
          message,
        );
      }
    }
  });

  test('other errors are not translated: they stay an opaque 500', () => {
    const others = [
      driverError('syntax error at or near "SELEC"', { code: '42601' }),
      driverError("Access denied for user 'x'", { code: 'ER_ACCESS_DENIED_ERROR', errno: 1045 }),
      driverError('password authentication failed', { code: '28P01' }),
      new Error('something else'),
      new TypeError('x is not a function'),
    ];
    for (const error of others) assert.equal(databaseError(error), undefined, String(error));
    const http = new HttpError('not_found');
    assert.equal(databaseError(http), undefined, 'an HttpError passes as it is');
  });
});

describe('transactionConflict', () => {
  const deadlock = driverError('Deadlock found when trying to get lock', { code: 'ER_LOCK_DEADLOCK', errno: 1213 });

  test('a deadlock or serialization failure, as its dialect reads it: the transaction may run again', () => {
    assert.equal(transactionConflict(deadlock, mysqlErrors), true);
    assert.equal(transactionConflict(driverError('deadlock detected', { code: '40P01' }), postgresErrors), true);
    assert.equal(transactionConflict(driverError('could not serialize', { code: '40001' }), postgresErrors), true);
    assert.equal(transactionConflict(new Error('Failed query', { cause: deadlock }), mysqlErrors), true);
    // Translated, its cause keeps the code.
    assert.equal(transactionConflict(databaseError(deadlock, undefined, mysqlErrors), mysqlErrors), true);
  });

  test('a lock wait timeout undoes only the statement: no conflict; nor is a busy SQLite or a 409', () => {
    const timeout = driverError('Lock wait timeout exceeded', { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 });
    assert.equal(transactionConflict(timeout, mysqlErrors), false);
    assert.equal(transactionConflict(driverError('database is locked', { code: 'SQLITE_BUSY', rawCode: 5 })), false);
    assert.equal(transactionConflict(driverError('Duplicate entry', { code: 'ER_DUP_ENTRY', errno: 1062 })), false);
    assert.equal(transactionConflict(deadlock, postgresErrors), false, "another dialect's code is not read");
  });
});
