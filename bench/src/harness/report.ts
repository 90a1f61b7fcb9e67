/** The results as a Markdown table, and its place in RESULTS.md between two markers. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { InstructionCount } from './instruction-pass.ts';
import { SCENARIO_LABELS, type Scenario } from './scenarios.ts';

export interface Row {
  scenario: Scenario;
  server: string;
  rps: number;
  p50: number;
  p99: number;
  peakRssMiB: number;
  sqlPerRequest: number;
  non2xx: number;
  requests: number;
  /** CPU time of the server process per request, in µs. */
  cpuUsPerRequest: number;
  /** req/s over the baseline's: the median of the per-slice ratios. */
  ratio: number;
  /** The ratio of each slice, in slice order. */
  ratios: number[];
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export function resultsTable(rows: Row[], baseline: string): string {
  const lines = [
    '| scenario | server | req/s | × baseline | p50 ms | p99 ms | p99 × baseline | server CPU µs/req | peak RSS MiB | SQL/req | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const ratio = row.server === baseline ? 1 : row.ratio;
    const baseP99 = rows.find((r) => r.scenario === row.scenario && r.server === baseline)?.p99 ?? Number.NaN;
    lines.push(
      `| ${SCENARIO_LABELS[row.scenario]} | ${row.server} | ${fixed(row.rps)} | ${fixed(ratio, 2)} | ${fixed(row.p50, 2)} | ${fixed(row.p99, 2)} | ${fixed(row.p99 / baseP99, 2)} | ${fixed(row.cpuUsPerRequest)} | ${fixed(row.peakRssMiB)} | ${fixed(row.sqlPerRequest, 2)} | ${row.non2xx} |`,
    );
  }
  return lines.join('\n');
}

/** Each slice's ratio to the baseline for the named servers: how much a single slice can swing. */
export function slicesTable(rows: Row[], servers: readonly string[]): string {
  const shown = servers.filter((name) => rows.some((r) => r.server === name));
  const lines = [`| scenario | ${shown.join(' | ')} |`, `|---|${shown.map(() => '---:|').join('')}`];
  for (const scenario of [...new Set(rows.map((r) => r.scenario))]) {
    const cells = shown.map((name) => {
      const row = rows.find((r) => r.scenario === scenario && r.server === name);
      return row ? row.ratios.map((ratio) => fixed(ratio, 2)).join(' · ') : '–';
    });
    lines.push(`| ${SCENARIO_LABELS[scenario]} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Server CPU per request of the named servers against the baseline's: the cost of each request, whatever else the machine runs. */
export function cpuTable(rows: Row[], servers: readonly string[], baseline: string): string {
  const shown = servers.filter((name) => rows.some((r) => r.server === name));
  const lines = [
    `| scenario | ${baseline} µs | ${shown.map((name) => `${name} µs (×)`).join(' | ')} |`,
    `|---|---:|${shown.map(() => '---:|').join('')}`,
  ];
  for (const scenario of [...new Set(rows.map((r) => r.scenario))]) {
    const base = rows.find((r) => r.scenario === scenario && r.server === baseline)?.cpuUsPerRequest ?? Number.NaN;
    const cells = shown.map((name) => {
      const cpu = rows.find((r) => r.scenario === scenario && r.server === name)?.cpuUsPerRequest ?? Number.NaN;
      return `${fixed(cpu)} (${fixed(cpu / base, 2)})`;
    });
    lines.push(`| ${SCENARIO_LABELS[scenario]} | ${fixed(base)} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Instructions per request by scenario: the baseline's, then each server's with its ratio to it. */
export function instructionsTable(
  counts: InstructionCount[],
  servers: readonly string[],
  baseline: string,
  threads: 'all' | 'main' = 'all',
): string {
  const find = (scenario: Scenario, server: string) =>
    counts.find((c) => c.scenario === scenario && c.server === server)?.[threads];
  const of = (scenario: Scenario, server: string) => find(scenario, server)?.perRequest ?? Number.NaN;
  const mark = (scenario: Scenario, server: string) => (find(scenario, server)?.settled === false ? '*' : '');
  const lines = [
    `| scenario | ${baseline} | ${servers.map((s) => `${s} (×)`).join(' | ')} |`,
    `|---|---:|${servers.map(() => '---:').join('|')}|`,
  ];
  for (const scenario of new Set(counts.map((c) => c.scenario))) {
    const base = of(scenario, baseline);
    const cells = servers.map(
      (server) => `${fixed(of(scenario, server))}${mark(scenario, server)} (${fixed(of(scenario, server) / base, 3)})`,
    );
    lines.push(`| ${SCENARIO_LABELS[scenario]} | ${fixed(base)}${mark(scenario, baseline)} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Each count's measured windows, in thousands of instructions per request (all threads / main thread), so their spread shows. */
export function instructionWindowsTable(counts: InstructionCount[]): string {
  const lines = [
    '| scenario | server | per request in each measured window, all threads / main (thousands) |',
    '|---|---|---|',
  ];
  for (const c of counts) {
    const windows = c.all.windows.map((w, i) => `${fixed(w / 1000)}/${fixed((c.main.windows[i] ?? 0) / 1000)}`);
    lines.push(`| ${SCENARIO_LABELS[c.scenario]} | ${c.server} | ${windows.join(' · ')} |`);
  }
  return lines.join('\n');
}

/** The command that made a report: `npm run <script>` with the `BENCH_` settings it ran under. */
export function commandLine(script: string): string {
  const settings = Object.entries(process.env)
    .filter(([key]) => key.startsWith('BENCH_'))
    .map(([key, value]) => `${key}=${value} `)
    .join('');
  return `Command: \`${settings}npm run ${script}\` (from the repository root).`;
}

/** When a run started (`performance.now()`) took how long, on what machine. */
export function runLine(started: number): string {
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const ram = (os.totalmem() / 2 ** 30).toFixed(1);
  return `Run of ${new Date().toISOString()}, ${minutes} min: ${os.cpus().length} × ${cpu}, ${ram} GiB RAM, Node ${process.version}, PostgreSQL on the same machine.`;
}

/** A path under `bench/`. */
export const benchPath = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * Writes a report to `results/<file>` and, unless `BENCH_WRITE_RESULTS=0`,
 * into its section of RESULTS.md.
 */
export function saveReport(file: string, markdown: string, section = 'results'): void {
  mkdirSync(benchPath('results'), { recursive: true });
  writeFileSync(benchPath(`results/${file}`), `${markdown}\n`);
  if (process.env.BENCH_WRITE_RESULTS !== '0') writeIntoResults(benchPath('RESULTS.md'), markdown, section);
}

/** Replaces the text between `<!-- {section}:start -->` and `<!-- {section}:end -->`. */
function writeIntoResults(path: string, markdown: string, section: string): void {
  const text = readFileSync(path, 'utf8');
  const start = `<!-- ${section}:start -->`;
  const end = `<!-- ${section}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${path} lacks the ${section} markers`);
  writeFileSync(path, `${text.slice(0, a + start.length)}\n${markdown}\n${text.slice(b)}`);
}
