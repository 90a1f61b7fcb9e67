/**
 * The memory ladder: where a server's RSS goes over its life, each server
 * alone on the machine and started afresh several times (two starts of one
 * server differ by a few MiB: when V8 grows its young generation, how much
 * its compiler threads' malloc arenas keep).
 *
 * One start goes through four stages, under *get one* load at the bench's
 * connections:
 * 1. **ready**: RSS once the server listens;
 * 2. **first load**: peak RSS over its first seconds of load, where V8's young
 *    generation is written in full if it grew during start-up;
 * 3. **after idle**: RSS after some seconds without requests and then one
 *    second of load: the first scavenge after a quiet spell finds the
 *    allocation rate low and shrinks the young generation, which the load
 *    then grows again;
 * 4. **steady**: peak RSS over a longer load after that;
 * 5. **live heap**: V8's used heap after two full collections, at the end
 *    (`src/servers/shared/live-heap.ts`): the objects the server keeps, free
 *    of the noise in RSS.
 *
 * The servers are a ladder from the baseline to the product, one step at a
 * time: `hand-prepared`; the same with Zod imported and unused; ormcrud
 * serving only the benchmarked operations; ormcrud with its full surface.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { config, databaseUrl } from '../config.ts';
import { median } from './aggregate.ts';
import { runLoad } from './load.ts';
import { peakRssMiB, resetPeakRss, rssMiB } from './memory.ts';
import { freePort, type RunningServer, startServer } from './server-process.ts';
import type { ServerDef } from './servers.ts';

export const STAGES = ['ready', 'first load', 'after idle', 'steady', 'live heap'] as const;
export type Stage = (typeof STAGES)[number];

/** The servers of the ladder, in order. */
export const LADDER = ['hand-prepared', 'hand-prepared-zod', 'ormcrud-narrow', 'ormcrud'];

export const memorySettings = {
  starts: config.memoryStarts,
  firstSeconds: 4,
  idleSeconds: config.memoryIdle,
  steadySeconds: 8,
};

/** The preload that reports the live heap, compiled with the servers. */
const liveHeapPreload = new URL('../../dist/servers/shared/live-heap.js', import.meta.url).href;

/** One start of one server: MiB at each stage. */
export interface MemoryStart {
  server: string;
  mib: Record<Stage, number>;
}

/** `seconds` of *get one* on `server`, in 1-second slices. */
async function load(server: RunningServer, seconds: number): Promise<void> {
  const target = { url: server.url, pid: server.pid, dialect: server.def.dialect, ctx: { tag: 'memory' } };
  await runLoad({
    targets: [target],
    scenario: 'get-one',
    warmup: 0,
    slice: 1,
    slices: seconds,
    connections: config.connections,
  });
}

/** Peak RSS over `seconds` of load, from the RSS at its start. */
async function loadPeak(server: RunningServer, seconds: number): Promise<number> {
  resetPeakRss(server.pid);
  await load(server, seconds);
  return peakRssMiB(server.pid);
}

/** The server's used heap after full collections, in MiB (see `live-heap.ts`). */
async function liveHeapMiB(server: RunningServer, timeoutMs = 10_000): Promise<number> {
  const reports = () => [...server.output().matchAll(/LIVE_HEAP (\d+)\n/g)];
  const before = reports().length;
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = reports();
    if (now.length > before) return Number(now.at(-1)![1]) / 2 ** 20;
    await sleep(50);
  }
  throw new Error(`${server.def.name} reported no live heap within ${timeoutMs / 1000} s`);
}

async function measureStart(ladderDef: ServerDef): Promise<MemoryStart> {
  const def = { ...ladderDef, args: ['--expose-gc', '--import', liveHeapPreload, ...ladderDef.args] };
  const server = await startServer(def, await freePort(), databaseUrl());
  try {
    await sleep(1000);
    const ready = rssMiB(server.pid);
    const first = await loadPeak(server, memorySettings.firstSeconds);
    await sleep(memorySettings.idleSeconds * 1000);
    await load(server, 1);
    const afterIdle = rssMiB(server.pid);
    const steady = await loadPeak(server, memorySettings.steadySeconds);
    const liveHeap = await liveHeapMiB(server);
    return {
      server: def.name,
      mib: { ready, 'first load': first, 'after idle': afterIdle, steady, 'live heap': liveHeap },
    };
  } finally {
    await server.stop();
  }
}

/** Every server of `defs` through the stages, `starts` times, the order rotating from one round to the next. */
export async function memoryPass(defs: readonly ServerDef[], log: (line: string) => void): Promise<MemoryStart[]> {
  const results: MemoryStart[] = [];
  for (let round = 0; round < memorySettings.starts; round++) {
    for (let k = 0; k < defs.length; k++) {
      const def = defs[(round + k) % defs.length]!;
      const start = await measureStart(def);
      results.push(start);
      log(`memory ${def.name.padEnd(24)} ${STAGES.map((s) => `${s} ${start.mib[s].toFixed(1)}`).join(', ')} MiB`);
    }
  }
  return results;
}

/** Decimals shown per stage: RSS moves by MiB between starts, the live heap by hundredths of one. */
const DIGITS: Record<Stage, { median: number; range: number }> = {
  ready: { median: 1, range: 0 },
  'first load': { median: 1, range: 0 },
  'after idle': { median: 1, range: 0 },
  steady: { median: 1, range: 0 },
  'live heap': { median: 2, range: 2 },
};

/** The ladder as a table: per server and stage, the median over its starts, their range, and the median's difference from the first server's. */
export function memoryTable(results: readonly MemoryStart[], servers: readonly string[]): string {
  const stats = servers.map((name) => {
    const mine = results.filter((r) => r.server === name);
    const at = (stage: Stage) => mine.map((r) => r.mib[stage]);
    return { name, at, median: (stage: Stage) => median(at(stage)) };
  });
  const base = stats[0]!;
  const lines = [
    `| server | ${STAGES.map((s) => `${s} MiB (range)`).join(' | ')} | ${STAGES.map((s) => `${s} − ${base.name}`).join(' | ')} |`,
    `|---|${STAGES.map(() => '---:').join('|')}|${STAGES.map(() => '---:').join('|')}|`,
  ];
  for (const { name, at, median: m } of stats) {
    const cells = STAGES.map((s) => {
      const { median, range } = DIGITS[s];
      return `${m(s).toFixed(median)} (${Math.min(...at(s)).toFixed(range)}–${Math.max(...at(s)).toFixed(range)})`;
    });
    const deltas = STAGES.map((s) => {
      const delta = m(s) - base.median(s);
      return (delta >= 0 ? '+' : '') + delta.toFixed(DIGITS[s].median);
    });
    lines.push(`| ${name} | ${cells.join(' | ')} | ${deltas.join(' | ')} |`);
  }
  return lines.join('\n');
}
