/**
 * SQL statements per request: each server is started against a counting
 * proxy (pg-counter-proxy.ts) and sent a few requests of every scenario, one at
 * a time, after one unmeasured request that opens connections and caches.
 */
import { config } from '../config.ts';
import { startCounterProxy } from './pg-counter-proxy.ts';
import { builderFor, type Scenario, type ScenarioContext } from './scenarios.ts';
import { send } from './send.ts';
import { startServer } from './server-process.ts';
import type { ServerDef } from './servers.ts';

export async function countStatements(
  def: ServerDef,
  port: number,
  scenarios: readonly Scenario[],
  contextFor: (scenario: Scenario, n: number) => Promise<ScenarioContext>,
): Promise<Map<Scenario, number>> {
  const proxy = await startCounterProxy();
  const server = await startServer(def, port, `postgres://postgres@127.0.0.1:${proxy.port}/${config.databaseName}`);
  const counts = new Map<Scenario, number>();
  try {
    for (const scenario of scenarios) {
      const build = builderFor(def.dialect, scenario);
      if (!build) continue;
      const n = config.countRequests;
      const ctx = await contextFor(scenario, n + 1);
      await send(server.url, build(n, ctx)); // unmeasured
      proxy.reset();
      let ok = 0;
      for (let i = 0; i < n; i++) if ((await send(server.url, build(i, ctx))) < 300) ok++;
      counts.set(scenario, ok === n ? proxy.count() / n : Number.NaN);
    }
  } catch (error) {
    const tail = server.output().trim().split('\n').slice(-5).join(' / ');
    throw new Error(`${(error as Error).message} (${def.name} said: ${tail})`);
  } finally {
    await server.stop();
    await proxy.close();
  }
  return counts;
}
