/** Every knob of a bench run, read once from the environment. */
const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : fallback;
};

export const config = {
  /** Server for `CREATE DATABASE`; the bench data lives in its own database. */
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  databaseName: process.env.BENCH_PG_DATABASE ?? 'bench',
  host: '127.0.0.1',
  /** Seconds of unmeasured warm-up per scenario and server. */
  warmup: num('BENCH_WARMUP', 2),
  connections: num('BENCH_CONNECTIONS', 16),
  /** Measured slices per scenario and server; the servers take turns slice by slice. */
  slices: Math.max(1, num('BENCH_SLICES', 6)),
  /** Seconds per slice. */
  slice: num('BENCH_SLICE', 1),
  /** Requests per scenario in the statement-counting pass. */
  countRequests: num('BENCH_COUNT_REQUESTS', 20),
  /** Requests per window (warm-up, then measured windows) of a single-row scenario in `npm run bench:instructions`. */
  instructionRequests: num('BENCH_INSTRUCTION_REQUESTS', 1000),
  /** Starts of each server in `npm run bench:memory`. */
  memoryStarts: Math.max(1, num('BENCH_MEMORY_STARTS', 3)),
  /** Seconds without requests before the *after idle* reading of `npm run bench:memory`. */
  memoryIdle: Math.max(1, num('BENCH_MEMORY_IDLE', 25)),
  /** Pool size every server gets, so none wins by holding more connections. */
  poolSize: num('BENCH_POOL_SIZE', 10),
  /**
   * Milliseconds a server's pool keeps an idle connection. The servers take
   * turns, so each waits up to about 15 s between its slices, which a server
   * under steady load never does; with the drivers' defaults (10 s in
   * node-postgres and Sequelize, 30 s in Platformatic) a server would reconnect
   * after some of its turns and not after others, by its place in the order.
   */
  poolIdleMs: num('BENCH_POOL_IDLE_MS', 600_000),
  /** Comma-separated server names to run (default: all available but the opt-in controls). */
  only: process.env.BENCH_SERVERS?.split(',').filter(Boolean),
  /** Comma-separated scenario names to run (default: all). */
  scenarios: process.env.BENCH_SCENARIOS?.split(',').filter(Boolean),
} as const;

export function databaseUrl(host = config.host, port = 5432): string {
  return `postgres://postgres@${host}:${port}/${config.databaseName}`;
}
