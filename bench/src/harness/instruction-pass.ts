/**
 * Instructions per request, counted by valgrind's callgrind. On a shared
 * virtual machine req/s and CPU time move by more than the differences the
 * targets ask about; an instruction count repeats within about 1 % for the
 * same build and requests, whatever else the machine does.
 *
 * Each server runs alone under callgrind. For each scenario it gets
 * `WARMUP_WINDOWS` windows of warm-up requests, then measured windows of as
 * many requests: callgrind's counters zeroed (`callgrind_control -z`), the
 * window's requests sent, the counters dumped (`-d`). V8 takes several
 * thousand requests to optimise a route's code, with plateaus on the way, so
 * the windows go on until three in a row agree within 2 % of their median
 * (the result), or until `MAX_WINDOWS`, when the median of the last five is
 * the result (a scenario whose windows differ by more, as where one of them
 * takes a full garbage collection). A count covers every thread of the
 * server process (V8's compiler and GC helpers too).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config, databaseUrl } from '../config.ts';
import { median } from './aggregate.ts';
import type { BenchRows } from './bench-rows.ts';
import { type Builder, builderFor, type Scenario, type ScenarioContext } from './scenarios.ts';
import { send } from './send.ts';
import { freePort, type RunningServer, startServer } from './server-process.ts';
import type { ServerDef } from './servers.ts';

/** Instructions per request of one scenario on one server, counted over some of its threads. */
export interface Tally {
  /** The median of the settled windows, else of the last `SETTLED + 2`. */
  perRequest: number;
  /** Per request in each measured window, in order. */
  windows: number[];
  /** Whether the last `SETTLED` windows agreed within `TOLERANCE`. */
  settled: boolean;
}

export interface InstructionCount {
  scenario: Scenario;
  server: string;
  /** Every thread of the server process. */
  all: Tally;
  /**
   * The main thread only: the JavaScript that answers requests, without the
   * background threads' optimising compiler and concurrent marking, whose
   * work depends on when V8 schedules it more than on the requests.
   */
  main: Tally;
}

/** Requests in flight at once: enough to use the pool and batch as under load, few enough to stay sequential-like. */
const CONCURRENCY = 4;
/** Unmeasured windows before the first measured one. */
const WARMUP_WINDOWS = 4;
/** Windows measured at most per scenario and server. */
const MAX_WINDOWS = 8;
/** How many windows in a row must agree, and how closely (a fraction of their median). */
const SETTLED = 3;
const TOLERANCE = 0.02;
/** Request counts relative to a single-row scenario's: a list page costs several times one row, the include about ten. */
const WEIGHT: Partial<Record<Scenario, number>> = { list: 0.5, 'list-include': 0.2 };

/** The method in one sentence, for the report, from the constants above. */
export function instructionSettings(): string {
  const windowRequests = config.instructionRequests;
  const weights = Object.entries(WEIGHT)
    .map(([scenario, weight]) => `${Math.round(windowRequests * weight)} for ${scenario}`)
    .join(', ');
  return (
    `valgrind's callgrind, each server alone, pool of ${config.poolSize} connections; per scenario ` +
    `${WARMUP_WINDOWS} windows of warm-up, then measured windows until ${SETTLED} in a row agree within ` +
    `${TOLERANCE * 100} % of their median (shown; * where none did within ${MAX_WINDOWS} windows: the median ` +
    `of the last ${SETTLED + 2}); windows of ${windowRequests} requests (${weights}), ${CONCURRENCY} at a time. ` +
    'Instructions per request of every thread of the server process, and of its main thread alone'
  );
}

/** The median of the last `SETTLED` windows when they agree within `TOLERANCE`. */
function settledValue(windows: readonly number[]): number | undefined {
  if (windows.length < SETTLED) return undefined;
  const last = windows.slice(-SETTLED);
  const middle = median(last);
  return last.every((w) => Math.abs(w - middle) <= TOLERANCE * middle) ? middle : undefined;
}

/** Why the pass cannot run here, or undefined when it can. */
export function callgrindMissing(): string | undefined {
  const probe = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : 'valgrind is not installed';
}

/** Sends requests `from` … `from + n - 1` of a scenario, `CONCURRENCY` at a time; throws on a non-2xx answer. */
async function sendRange(
  server: RunningServer,
  build: Builder,
  ctx: ScenarioContext,
  from: number,
  n: number,
): Promise<void> {
  let next = from;
  const worker = async () => {
    while (next < from + n) {
      const request = build(next++, ctx);
      const status = await send(server.url, request);
      if (status >= 300) throw new Error(`${request.method} ${request.path} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Runs `callgrind_control <option>` on the server. */
function control(server: RunningServer, option: '-z' | '-d'): void {
  const run = spawnSync('callgrind_control', [option, String(server.pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`callgrind_control ${option} failed: ${run.stderr || run.stdout}`);
}

/**
 * Dumps the server's counters into `dir`: the instructions counted since they
 * were last zeroed, of all threads and of the main one. With
 * `--separate-threads=yes` each dump is one file per thread, `cg.<pid>.<dump>-<thread>`.
 */
function dumpTotals(server: RunningServer, dir: string): { all: number; main: number } {
  control(server, '-d');
  const files = readdirSync(dir).flatMap((name) => {
    const match = new RegExp(`^cg\\.${server.pid}\\.(\\d+)-(\\d+)$`).exec(name);
    return match ? [{ name, dump: Number(match[1]), thread: Number(match[2]) }] : [];
  });
  const last = Math.max(...files.map((f) => f.dump));
  let all = 0;
  let main = 0;
  for (const file of files.filter((f) => f.dump === last)) {
    const text = readFileSync(join(dir, file.name), 'utf8');
    const total = /^totals:\s+(\d+)/m.exec(text) ?? /^summary:\s+(\d+)/m.exec(text);
    if (!total) throw new Error('callgrind dump without totals');
    all += Number(total[1]);
    if (file.thread === 1) main = Number(total[1]);
  }
  return { all, main };
}

/** The tally of `windows` so far. */
function tallyOf(windows: number[]): Tally {
  const settled = settledValue(windows);
  return { perRequest: settled ?? median(windows.slice(-(SETTLED + 2))), windows, settled: settled !== undefined };
}

/** One server's counts for every scenario it has an equivalent of. */
async function countServer(
  def: ServerDef,
  scenarios: readonly Scenario[],
  rows: BenchRows,
  runTag: string,
  log: (line: string) => void,
): Promise<InstructionCount[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-callgrind-'));
  const server = await startServer(def, await freePort(), databaseUrl(), {
    timeoutMs: 300_000,
    wrapper: ['valgrind', '--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${dir}/cg.%p`],
  });
  const counts: InstructionCount[] = [];
  try {
    for (const scenario of scenarios) {
      const build = builderFor(def.dialect, scenario);
      if (!build) continue;
      const n = Math.round(config.instructionRequests * (WEIGHT[scenario] ?? 1));
      const tag = `${runTag}-cg-${def.name}-${scenario}`;
      const ctx: ScenarioContext = { tag: `bench-${tag}` };
      if (scenario === 'delete') ctx.deleteIds = await rows.insertForDelete(tag, (WARMUP_WINDOWS + MAX_WINDOWS) * n);
      await sendRange(server, build, ctx, 0, WARMUP_WINDOWS * n);
      const all: number[] = [];
      const main: number[] = [];
      // Until both the process and its main thread settle.
      while (!(tallyOf(all).settled && tallyOf(main).settled) && all.length < MAX_WINDOWS) {
        control(server, '-z');
        await sendRange(server, build, ctx, (WARMUP_WINDOWS + all.length) * n, n);
        const totals = dumpTotals(server, dir);
        all.push(totals.all / n);
        main.push(totals.main / n);
      }
      counts.push({ scenario, server: def.name, all: tallyOf(all), main: tallyOf(main) });
      const shown = (windows: number[]) => windows.map((w) => `${Math.round(w / 1000)}k`).join(' ');
      log(`${scenario.padEnd(14)} ${def.name.padEnd(24)} instructions per request, by window: ${shown(all)}`);
      log(`${''.padEnd(14)} ${'(main thread)'.padEnd(24)} ${shown(main)}`);
      await rows.removeTagged(tag);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}

/**
 * Counts instructions per request of each server on each scenario, one server
 * at a time.
 *
 * @example
 * ```ts
 * const counts = await instructionPass(defs, ['get-one', 'patch'], rows, 'run1', console.log);
 * ```
 */
export async function instructionPass(
  defs: readonly ServerDef[],
  scenarios: readonly Scenario[],
  rows: BenchRows,
  runTag: string,
  log: (line: string) => void,
): Promise<{ counts: InstructionCount[]; failed: Map<string, string> }> {
  const counts: InstructionCount[] = [];
  const failed = new Map<string, string>();
  for (const def of defs) {
    try {
      counts.push(...(await countServer(def, scenarios, rows, runTag, log)));
    } catch (error) {
      failed.set(def.name, (error as Error).message.split('\n')[0]!);
      log(`skipping ${def.name}: ${(error as Error).message}`);
    }
  }
  return { counts, failed };
}
