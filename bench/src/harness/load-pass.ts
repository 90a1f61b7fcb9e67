/**
 * The measured pass: every server up at once; for each scenario one load
 * process warms every server up, then measures them in short slices taken in
 * turn (load-worker.ts), so drift and bursts of background load hit all
 * servers alike. Each server keeps its median slice and the median of its
 * per-slice ratios to the baseline.
 * Write scenarios get fresh rows and leave none behind, and every scenario
 * starts on vacuumed tables.
 */
import { config } from '../config.ts';
import { type Measured, medianSlices } from './aggregate.ts';
import type { BenchRows } from './bench-rows.ts';
import { runLoad } from './load.ts';
import { peakRssMiB, resetPeakRss } from './memory.ts';
import type { Row } from './report.ts';
import { builderFor, type Scenario, type ScenarioContext } from './scenarios.ts';
import type { RunningServer } from './server-process.ts';
import { BASELINE } from './servers.ts';

/**
 * Rows to prepare for the delete scenario: enough for the fastest rate seen so
 * far in this run, with room to spare, so no server runs out (which would show
 * as non-2xx responses).
 */
function deleteRows(fastestRps: number): number {
  return Math.max(20_000, Math.ceil(fastestRps * (config.warmup + config.slices * config.slice) * 1.5));
}

export async function loadPass(
  servers: RunningServer[],
  scenarios: readonly Scenario[],
  rows: BenchRows,
  runTag: string,
  log: (line: string) => void,
): Promise<Omit<Row, 'sqlPerRequest'>[]> {
  const results: Measured[] = [];
  let fastestRps = 0;
  for (const [index, scenario] of scenarios.entries()) {
    const runnable = servers
      .map((_, i) => servers[(i + index) % servers.length]!)
      .filter((server) => builderFor(server.def.dialect, scenario));
    await rows.settle();
    const tags = runnable.map((server) => `${runTag}-${server.def.name}-${scenario}`);
    const targets = [];
    for (const [i, server] of runnable.entries()) {
      const ctx: ScenarioContext = { tag: `bench-${tags[i]}` };
      if (scenario === 'delete') ctx.deleteIds = await rows.insertForDelete(tags[i]!, deleteRows(fastestRps));
      targets.push({ url: server.url, pid: server.pid, dialect: server.def.dialect, ctx });
      resetPeakRss(server.pid);
    }
    const slices = await runLoad({
      targets,
      scenario,
      warmup: config.warmup,
      slice: config.slice,
      slices: config.slices,
      connections: config.connections,
    });
    for (const [i, server] of runnable.entries()) {
      const peak = peakRssMiB(server.pid);
      await rows.removeTagged(tags[i]!);
      for (const [slice, r] of (slices[i] ?? []).entries()) {
        fastestRps = Math.max(fastestRps, r.rps);
        results.push({ scenario, server: server.def.name, slice, ...r, peakRssMiB: peak });
      }
      const rps = (slices[i] ?? []).map((r) => r.rps.toFixed(0).padStart(5)).join(' ');
      log(`${scenario.padEnd(14)} ${server.def.name.padEnd(24)} req/s per slice: ${rps}`);
    }
  }
  return medianSlices(results, BASELINE);
}
