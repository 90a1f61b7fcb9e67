/**
 * One load measurement, in its own process so the load generator never shares
 * an event loop with the harness: warm-up, then the measured run, both with
 * autocannon at a fixed number of connections. Prints one JSON line.
 *
 * argv[2]: JSON {@link LoadJob}.
 */
import autocannon from 'autocannon';
import { builderFor, type Dialect, type Scenario, type ScenarioContext } from './scenarios.ts';

export interface LoadJob {
  url: string;
  dialect: Dialect;
  scenario: Scenario;
  ctx: ScenarioContext;
  warmup: number;
  duration: number;
  connections: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
const build = builderFor(job.dialect, job.scenario);
if (!build) throw new Error(`no ${job.scenario} for ${job.dialect}`);

let sequence = 0;
const requests = [
  {
    setupRequest: (req: Record<string, unknown>) => {
      const r = build(sequence++, job.ctx);
      req.method = r.method;
      req.path = r.path;
      if (r.body === undefined) {
        delete req.body;
        req.headers = {};
      } else {
        req.body = JSON.stringify(r.body);
        req.headers = { 'content-type': 'application/json' };
      }
      return req;
    },
  },
];

const run = (duration: number) => autocannon({ url: job.url, connections: job.connections, duration, requests });

if (job.warmup > 0) await run(job.warmup);
const r = await run(job.duration);
const result: LoadResult = {
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
