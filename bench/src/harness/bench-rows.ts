/**
 * The rows the write scenarios touch: posts inserted for the delete scenario,
 * and clean-up of created posts, so every server meets the same data.
 */
import pg from 'pg';
import { BENCH_SLUG_PREFIX, SIZES } from '../db/forum-sql.ts';

export class BenchRows {
  readonly #client: pg.Client;
  constructor(databaseUrl: string) {
    this.#client = new pg.Client({ connectionString: databaseUrl });
  }
  connect = () => this.#client.connect();
  close = () => this.#client.end();

  /** Inserts `n` posts to delete; returns their id range. */
  async insertForDelete(tag: string, n: number): Promise<{ first: number; last: number }> {
    const { rows } = await this.#client.query(
      `WITH inserted AS (
         INSERT INTO post (thread_id, author_id, slug)
           SELECT (i - 1) % ${SIZES.thread} + 1, NULL, $1 || i FROM generate_series(1, $2::int) AS i
         RETURNING id)
       SELECT min(id)::int AS first, max(id)::int AS last FROM inserted`,
      [`${BENCH_SLUG_PREFIX}${tag}-`, n],
    );
    const { first, last } = rows[0] as { first: number; last: number };
    if (last - first + 1 !== n) throw new Error('delete rows are not contiguous');
    return { first, last };
  }

  /**
   * Vacuums and analyses the tables the scenarios touch, so each scenario
   * meets the same data with no dead rows left by the one before (or by
   * earlier runs: PostgreSQL's autovacuum may be off, or not have run yet).
   * Without it dead index entries pile up run after run, and the first server
   * to scan them pays for marking them dead while the others do not. Then a
   * checkpoint, which restarts PostgreSQL's checkpoint timer (5 minutes by
   * default, longer than a scenario), so no timed checkpoint lands in the
   * middle of a scenario and slows whichever server runs then.
   */
  async settle(): Promise<void> {
    await this.#client.query('VACUUM (ANALYZE) post, thread, category, "user"');
    await this.#client.query('CHECKPOINT').catch(() => {
      // only superusers and pg_checkpoint members may: the timer then runs on
    });
  }

  /** Removes the posts whose slug starts with the tag; returns how many there were. */
  async removeTagged(tag: string): Promise<number> {
    const result = await this.#client.query('DELETE FROM post WHERE slug LIKE $1', [`${BENCH_SLUG_PREFIX}${tag}%`]);
    return result.rowCount ?? 0;
  }
}
