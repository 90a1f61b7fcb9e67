/**
 * `npm run bench:memory`: the memory ladder (harness/memory-pass.ts), from
 * `hand-prepared` to ormcrud one step at a time, each server alone and
 * started several times, into RESULTS.md. Opt-in, about 9 minutes: it shows
 * what the timed run's peak RSS column is made of.
 */
import { config } from './config.ts';
import { LADDER, memoryPass, memorySettings, memoryTable } from './harness/memory-pass.ts';
import { prepareRun } from './harness/prepare-run.ts';
import { commandLine, runLine, saveReport } from './harness/report.ts';
import { SERVERS } from './harness/servers.ts';

const log = (line: string) => console.log(line);
const started = performance.now();

const { rows } = await prepareRun(log);
await rows.close();
const names = config.only ?? LADDER;
const defs = names.flatMap((name) => SERVERS.filter((s) => s.name === name && !s.unavailable?.()));
const results = await memoryPass(defs, log);

const { starts, firstSeconds, idleSeconds, steadySeconds } = memorySettings;
const report = [
  commandLine('bench:memory'),
  '',
  runLine(started),
  `Settings: each server alone, ${starts} starts each; *get one* at ${config.connections} connections, pool of ${config.poolSize}; ` +
    `ready is RSS 1 s after \`READY\`, first load the peak over the first ${firstSeconds} s of load, ` +
    `after idle the RSS after ${idleSeconds} s without requests and 1 s of load, steady the peak over ${steadySeconds} s of load after that, ` +
    "live heap V8's used heap after two full collections at the end (not RSS); " +
    'medians over the starts, lowest–highest in brackets.',
  '',
  memoryTable(
    results,
    defs.map((d) => d.name),
  ),
].join('\n');
saveReport('memory.md', report, 'memory');
log(`\n${report}`);
