/**
 * `npm run bench:instructions`: instructions per request of ormcrud
 * (Drizzle and TypeORM) and of the hand-written baseline, counted by callgrind
 * (harness/instruction-pass.ts), into RESULTS.md. Opt-in and slow (each server
 * runs some 50 times slower under valgrind), it answers what the timed run
 * cannot on a noisy machine: how much work the library adds per request.
 */
import { config } from './config.ts';
import { callgrindMissing, instructionPass, instructionSettings } from './harness/instruction-pass.ts';
import { prepareRun } from './harness/prepare-run.ts';
import { commandLine, instructionsTable, instructionWindowsTable, runLine, saveReport } from './harness/report.ts';
import { BASELINE, SERVERS } from './harness/servers.ts';

const log = (line: string) => console.log(line);
const started = performance.now();

const missing = callgrindMissing();
if (missing) {
  log(`bench:instructions cannot run: ${missing}`);
  process.exit(1);
}
const { rows, scenarios } = await prepareRun(log);
const names = config.only ?? ['ormcrud', 'ormcrud-typeorm'];
const defs = SERVERS.filter((s) => (names.includes(s.name) || s.name === BASELINE) && !s.unavailable?.());
let result: Awaited<ReturnType<typeof instructionPass>>;
try {
  result = await instructionPass(defs, scenarios, rows, Date.now().toString(36), log);
} finally {
  await rows.close();
}

const others = defs.map((d) => d.name).filter((name) => name !== BASELINE && !result.failed.has(name));
const report = [
  commandLine('bench:instructions'),
  '',
  runLine(started),
  `Settings: ${instructionSettings()}; × is against ${BASELINE}.`,
  '',
  '**All threads:**',
  '',
  instructionsTable(result.counts, others, BASELINE),
  '',
  '**Main thread** (the JavaScript answering requests, without the background compiler and marking):',
  '',
  instructionsTable(result.counts, others, BASELINE, 'main'),
  '',
  '**Each measured window** (the warm-up windows before them are not shown):',
  '',
  instructionWindowsTable(result.counts),
  ...[...result.failed].map(([name, why]) => `\n- ${name} not counted: ${why}`),
].join('\n');
saveReport('instructions.md', report, 'instructions');
log(`\n${report}`);
