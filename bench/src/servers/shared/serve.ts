/**
 * What every bench server process shares: its port and database URL from the
 * environment, one line on stdout once it listens, which the harness awaits,
 * and, for the Fastify servers, the same Fastify options.
 */
export const env = {
  port: Number(process.env.PORT ?? 3000),
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
  poolSize: Number(process.env.POOL_SIZE ?? 10),
  /** How long the pool keeps an idle connection (the harness's `BENCH_POOL_IDLE_MS`). */
  poolIdleMs: Number(process.env.POOL_IDLE_MS ?? 600_000),
};

export function announceReady(name: string): void {
  process.stdout.write(`READY ${name} ${env.port}\n`);
}

/**
 * The options of every Fastify server here: `/posts` and `/posts/` are one
 * route to the router, so no server registers a second route for the other form.
 */
export const fastifyOptions = { routerOptions: { ignoreTrailingSlash: true } } as const;
