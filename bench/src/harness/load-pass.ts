/**
 * The measured pass: every server up at once, each scenario run on each server
 * in turn (the order rotates per scenario and round) so drift hits all servers
 * alike. The rounds of a scenario run back to back, so each round's ratio to
 * the baseline compares measurements a minute apart at most; each server keeps
 * its median round and the median of its ratios.
 * Write scenarios get fresh rows and leave none behind.
 */
import { config } from '../config.ts';
import { type Measured, medianRounds } from './aggregate.ts';
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
  return Math.max(20_000, Math.ceil(fastestRps * (config.warmup + config.duration) * 1.5));
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
    for (let round = 0; round < config.rounds; round++) {
      const turn = index + round;
      const order = servers.map((_, i) => servers[(i + turn) % servers.length]!);
      for (const server of order) {
        if (!builderFor(server.def.dialect, scenario)) continue;
        const tag = `${runTag}-${round}-${server.def.name}-${scenario}`;
        const ctx: ScenarioContext = { tag: `bench-${tag}` };
        if (scenario === 'delete') ctx.deleteIds = await rows.insertForDelete(tag, deleteRows(fastestRps));
        resetPeakRss(server.pid);
        const r = await runLoad({
          url: server.url,
          dialect: server.def.dialect,
          scenario,
          ctx,
          warmup: config.warmup,
          duration: config.duration,
          connections: config.connections,
        });
        const peak = peakRssMiB(server.pid);
        await rows.removeTagged(tag);
        fastestRps = Math.max(fastestRps, r.rps);
        log(
          `${scenario.padEnd(14)} ${server.def.name.padEnd(16)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}`,
        );
        results.push({ scenario, server: server.def.name, round, ...r, peakRssMiB: peak });
      }
    }
  }
  return medianRounds(results, BASELINE);
}
