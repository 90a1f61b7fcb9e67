/**
 * What every bench command does first: install the library as a user would,
 * compile the servers against it, create and seed the database, and open the
 * client that prepares and removes the write scenarios' rows.
 */
import { execFileSync } from 'node:child_process';
import { config, databaseUrl } from '../config.ts';
import { setupDatabase } from '../db/setup.ts';
import { BenchRows } from './bench-rows.ts';
import { linkLibrary } from './link-library.ts';
import { benchPath } from './report.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';

/**
 * Prepares a run; returns the connected rows client and the scenarios `BENCH_SCENARIOS` selects.
 *
 * @example
 * ```ts
 * const { rows, scenarios } = await prepareRun(console.log);
 * ```
 */
export async function prepareRun(log: (line: string) => void): Promise<{ rows: BenchRows; scenarios: Scenario[] }> {
  linkLibrary();
  // The servers run compiled (see servers.ts); they type-check against the library just linked.
  execFileSync('npm', ['run', 'build:servers', '--silent'], { cwd: benchPath(''), stdio: 'inherit' });
  await setupDatabase(log);
  const rows = new BenchRows(databaseUrl());
  await rows.connect();
  return { rows, scenarios: SCENARIOS.filter((s) => !config.scenarios || config.scenarios.includes(s)) };
}
