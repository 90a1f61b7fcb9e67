/**
 * `npm run bench`: seed the database, count SQL per request, measure every
 * server on every scenario, time router builds, and write the table into
 * RESULTS.md (and results/latest.json).
 */
import { writeFileSync } from 'node:fs';
import { config, databaseUrl } from './config.ts';
import { loadPass } from './harness/load-pass.ts';
import { prepareRun } from './harness/prepare-run.ts';
import {
  benchPath,
  commandLine,
  cpuTable,
  type Row,
  resultsTable,
  runLine,
  saveReport,
  slicesTable,
} from './harness/report.ts';
import { compareResponses } from './harness/response-check.ts';
import { routerBuildPass, routerBuildTable } from './harness/router-build-pass.ts';
import { builderFor, type Scenario } from './harness/scenarios.ts';
import { freePort, type RunningServer, startServer } from './harness/server-process.ts';
import { BASELINE, SERVERS, type ServerDef } from './harness/servers.ts';
import { countStatements } from './harness/statement-count.ts';

const log = (line: string) => console.log(line);
const started = performance.now();

const { rows, scenarios } = await prepareRun(log);
const skipped = new Map<string, string>();
const named = (s: ServerDef) => (config.only ? config.only.includes(s.name) : !s.optIn);
const wanted = SERVERS.filter((s) => named(s) || s.name === BASELINE);
const candidates: ServerDef[] = [];
for (const def of wanted) {
  const why = def.unavailable?.();
  if (why) skipped.set(def.name, why);
  else candidates.push(def);
}

// 1. SQL statements per request, through the counting proxy.
const runTag = Date.now().toString(36);
const sqlCounts = new Map<string, Map<Scenario, number>>();
for (const def of candidates) {
  try {
    const counts = await countStatements(def, await freePort(), scenarios, async (scenario, n) => {
      const tag = `${runTag}-count-${def.name}-${scenario}`;
      return { tag: `bench-${tag}`, deleteIds: scenario === 'delete' ? await rows.insertForDelete(tag, n) : undefined };
    });
    sqlCounts.set(def.name, counts);
    log(`counted SQL per request: ${def.name}`);
  } catch (error) {
    skipped.set(def.name, (error as Error).message.split('\n')[0]!);
    log(`skipping ${def.name}: ${(error as Error).message}`);
  }
}
await rows.removeTagged(`${runTag}-count-`);

// 2. Throughput, latency and memory, with every server up.
const servers: RunningServer[] = [];
for (const def of candidates) {
  if (skipped.has(def.name)) continue;
  try {
    servers.push(await startServer(def, await freePort(), databaseUrl()));
  } catch (error) {
    skipped.set(def.name, (error as Error).message.split('\n')[0]!);
  }
}
const baseline = servers.find((s) => s.def.name === BASELINE);
const sameResponses = baseline ? await compareResponses(servers, baseline) : new Map<string, string>();
for (const [name, verdict] of sameResponses) log(`responses of ${name} vs ${BASELINE}: ${verdict}`);
let measured: Row[] = [];
try {
  const loaded = await loadPass(servers, scenarios, rows, runTag, log);
  measured = loaded.map((r) => ({ ...r, sqlPerRequest: sqlCounts.get(r.server)?.get(r.scenario) ?? Number.NaN }));
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await rows.close();
}

// 3. Router build time and memory (ormcrud only).
const crudRan = servers.some((s) => s.def.name === 'ormcrud');
const builds = crudRan ? await routerBuildPass(log) : [];

// 4. Report.
const report = [
  commandLine('bench'),
  '',
  runLine(started),
  `Settings: ${config.connections} connections, ${config.warmup} s warm-up, then ${config.slices} measured slices of ${config.slice} s per scenario and server, the servers taking turns slice by slice (req/s, p50 and p99 are the median slice's, p50 and p99 taken over every 2xx response's own time; × baseline is the median of the per-slice ratios, p99 × baseline the ratio of the two median p99s), pool of ${config.poolSize} connections per server (idle ones kept ${config.poolIdleMs / 1000} s), SQL counted over ${config.countRequests} sequential requests.`,
  '',
  resultsTable(measured, BASELINE),
  '',
  `**Each slice's ratio to ${BASELINE}** (req/s, in slice order; the table above shows their median):`,
  '',
  slicesTable(measured, ['ormcrud', 'ormcrud-typeorm', 'ormcrud-sequelize']),
  '',
  `**Server CPU per request** (user + system time of the server process over all its slices, divided by its requests; × is against ${BASELINE}):`,
  '',
  cpuTable(measured, ['ormcrud', 'ormcrud-typeorm', 'ormcrud-sequelize'], BASELINE),
  '',
  '**Same responses as the baseline** (read scenarios and error cases, ormcrud wire format):',
  '',
  ...[...sameResponses].map(([name, verdict]) => `- ${name}: ${verdict}`),
  '',
  '**Not measured**:',
  '',
  ...(skipped.size === 0 ? ['- every server ran'] : [...skipped].map(([name, why]) => `- ${name}: ${why}`)),
  ...noEquivalent(
    servers.map((s) => s.def),
    scenarios,
  ),
  '',
  '**Router build** (ormcrud: N collections → getRouter + toFastify + app.ready, fresh process each):',
  '',
  builds.length ? routerBuildTable(builds) : '- not run (the ormcrud server did not run)',
].join('\n');
saveReport('latest.md', report);
writeFileSync(benchPath('results/latest.json'), JSON.stringify({ measured, skipped: [...skipped], builds }, null, 2));
log(`\n${report}`);

/** Report lines for scenarios a server has no native equivalent of. */
function noEquivalent(defs: ServerDef[], list: readonly Scenario[]): string[] {
  return defs.flatMap((def) => {
    const missing = list.filter((scenario) => !builderFor(def.dialect, scenario));
    return missing.length ? [`- ${def.name}: no equivalent for ${missing.join(', ')}`] : [];
  });
}
