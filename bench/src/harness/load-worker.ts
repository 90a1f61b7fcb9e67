/**
 * One scenario's load on every server, in its own process so the load
 * generator never shares an event loop with the harness. Each server gets a
 * warm-up, then the measured time is cut into short slices that visit the
 * servers in turn (the first one rotating, and the order changing from round
 * to round), so a burst of background load lands on neighbouring slices of
 * every server, not on one server's whole measurement, and no server always
 * follows the same one. A slice starts only once the server measured before
 * it has gone idle: autocannon leaves its last requests in flight, and a slow
 * server's would otherwise run on, with their SQL, into its neighbour's
 * slice. autocannon, fixed connections. Each slice also records the
 * CPU time the server process spent (Linux /proc), which background load
 * disturbs far less than req/s, and the time of every 2xx response: p50 and
 * p99 come from those (autocannon's own histogram keeps whole milliseconds,
 * too coarse for a 1.05× target on a 3 ms p99). Prints one JSON line: each
 * target's slices, in slice order.
 *
 * argv[2]: JSON {@link LoadJob}.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { builderFor, type Dialect, type Scenario, type ScenarioContext } from './scenarios.ts';

export interface LoadTarget {
  url: string;
  /** The server's process, whose CPU time each slice records. */
  pid: number;
  dialect: Dialect;
  ctx: ScenarioContext;
}

export interface LoadJob {
  targets: LoadTarget[];
  scenario: Scenario;
  /** Seconds of unmeasured load per target before the first slice. */
  warmup: number;
  /** Seconds per slice. */
  slice: number;
  slices: number;
  connections: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds the server process used during the slice (NaN off Linux). */
  cpuMs: number;
}

/** User + system CPU time of a process in ms, from /proc/<pid>/stat (ticks of 1/100 s). */
function cpuTimeMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a process stops using CPU (no tick in 100 ms), at most `maxMs`:
 * the requests autocannon left in flight have been answered.
 */
async function settle(pid: number, maxMs = 3000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = cpuTimeMs(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpuTimeMs(pid);
    if (now === last || Number.isNaN(now)) return;
    last = now;
  }
}

/** The `q` quantile (nearest rank) of ascending `sorted`. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;

/** autocannon's request list for a target; its id sequence carries on from slice to slice. */
function requestsFor(target: LoadTarget) {
  const build = builderFor(target.dialect, job.scenario);
  if (!build) throw new Error(`no ${job.scenario} for ${target.dialect}`);
  let sequence = 0;
  return [
    {
      setupRequest: (req: Record<string, unknown>) => {
        const r = build(sequence++, target.ctx);
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
}

const requests = job.targets.map(requestsFor);
const run = async (i: number, duration: number): Promise<LoadResult> => {
  const cpuBefore = cpuTimeMs(job.targets[i]!.pid);
  const latencies: number[] = [];
  const instance = autocannon({
    url: job.targets[i]!.url,
    connections: job.connections,
    duration,
    requests: requests[i]!,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const r = await instance;
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: r.requests.total / (r.duration || duration),
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuMs: cpuTimeMs(job.targets[i]!.pid) - cpuBefore,
  };
};
/** A run, then a wait until the server has finished what the run left in flight. */
const runSettled = async (i: number, duration: number): Promise<LoadResult> => {
  const result = await run(i, duration);
  await settle(job.targets[i]!.pid);
  return result;
};

const n = job.targets.length;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/**
 * The strides of the rounds: each visits every server once, from a rotating
 * first one, `stride` places on each time. Strides prime to the number of
 * servers, taken in turn, give a server a different predecessor from round to
 * round, so whatever a heavy server leaves behind does not always land on
 * the same neighbour.
 */
const strides = Array.from({ length: Math.max(1, n - 1) }, (_, k) => k + 1).filter((k) => gcd(k, n) === 1);
if (job.warmup > 0) for (let i = 0; i < n; i++) await runSettled(i, job.warmup);
const slices: LoadResult[][] = job.targets.map(() => []);
for (let s = 0; s < job.slices; s++) {
  const stride = strides[s % strides.length]!;
  for (let k = 0; k < n; k++) {
    const i = (s + k * stride) % n;
    slices[i]!.push(await runSettled(i, job.slice));
  }
}
process.stdout.write(`${JSON.stringify(slices)}\n`);
