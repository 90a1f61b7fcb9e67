/**
 * Creates the `bench` database when missing and (re)seeds it when its row
 * counts are not the expected ones; leftovers of earlier runs are removed.
 */
import pg from 'pg';
import { config, databaseUrl } from '../config.ts';
import { BENCH_SLUG_PREFIX, DDL, SEED, SIZES } from './forum-sql.ts';

async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [config.databaseName]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${config.databaseName}"`);
  } finally {
    await admin.end();
  }
}

async function isSeeded(client: pg.Client): Promise<boolean> {
  try {
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM "user")::int AS "user", (SELECT count(*) FROM category)::int AS category,
              (SELECT count(*) FROM thread)::int AS thread,
              (SELECT count(*) FROM post WHERE slug NOT LIKE '${BENCH_SLUG_PREFIX}%')::int AS post`,
    );
    const counts = rows[0] as Record<string, number>;
    return Object.entries(SIZES).every(([table, size]) => counts[table] === size);
  } catch {
    return false;
  }
}

/** Removes rows the bench created, and restores data a PATCH scenario may have touched. */
export async function cleanBenchRows(client: pg.Client): Promise<void> {
  await client.query(`DELETE FROM post WHERE slug LIKE '${BENCH_SLUG_PREFIX}%'`);
  await client.query(`UPDATE thread SET title = 'Thread ' || id WHERE title <> 'Thread ' || id`);
}

/** Returns seconds spent seeding (0 when the data was already there). */
export async function setupDatabase(log: (line: string) => void): Promise<number> {
  await ensureDatabase();
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    if (await isSeeded(client)) {
      await cleanBenchRows(client);
      log('database "bench" already seeded');
      return 0;
    }
    const started = performance.now();
    for (const statement of [...DDL, ...SEED]) await client.query(statement);
    const seconds = (performance.now() - started) / 1000;
    log(`seeded database "bench" in ${seconds.toFixed(1)} s`);
    return seconds;
  } finally {
    await client.end();
  }
}
