/**
 * The measured pass: every server up at once, each scenario run on each server
 * in turn (the order rotates per scenario) so drift hits all servers alike.
 * Write scenarios get fresh rows and leave none behind.
 */
import { config } from '../config.ts';
import type { BenchRows } from './bench-rows.ts';
import { runLoad } from './load.ts';
import { peakRssMiB, resetPeakRss } from './memory.ts';
import type { Row } from './report.ts';
import { builderFor, type Scenario, type ScenarioContext } from './scenarios.ts';
import type { RunningServer } from './server-process.ts';

/** Rows to prepare for the delete scenario when the create scenario gave no estimate. */
const DEFAULT_DELETE_ROWS = 20_000;

export async function loadPass(
  servers: RunningServer[],
  scenarios: readonly Scenario[],
  rows: BenchRows,
  runTag: string,
  log: (line: string) => void,
): Promise<Omit<Row, 'sqlPerRequest'>[]> {
  const results: Omit<Row, 'sqlPerRequest'>[] = [];
  const created = new Map<string, number>();
  for (const [turn, scenario] of scenarios.entries()) {
    const order = servers.map((_, i) => servers[(i + turn) % servers.length]!);
    for (const server of order) {
      if (!builderFor(server.def.dialect, scenario)) continue;
      const tag = `${runTag}-${server.def.name}-${scenario}`;
      const ctx: ScenarioContext = { tag: `bench-${tag}` };
      if (scenario === 'delete') {
        const estimate = created.get(server.def.name);
        const n = estimate ? Math.max(2000, Math.ceil(estimate * 2)) : DEFAULT_DELETE_ROWS;
        ctx.deleteIds = await rows.insertForDelete(tag, n);
      }
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
      const removed = await rows.removeTagged(tag);
      if (scenario === 'create') created.set(server.def.name, removed);
      log(
        `${scenario.padEnd(14)} ${server.def.name.padEnd(16)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}`,
      );
      results.push({ scenario, server: server.def.name, ...r, peakRssMiB: peak });
    }
  }
  return results;
}
