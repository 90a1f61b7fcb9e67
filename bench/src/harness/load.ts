/** Runs a {@link LoadJob} in a separate process (load-worker.ts) and parses its one-line result. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load-worker.ts';

const worker = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/** Each target's slices, in slice order. */
export function runLoad(job: LoadJob): Promise<LoadResult[][]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', worker, JSON.stringify(job)],
      { maxBuffer: 1 << 22 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`load worker failed: ${stderr || error.message}`));
        const last = stdout.trim().split('\n').at(-1) ?? '';
        resolve(JSON.parse(last) as LoadResult[][]);
      },
    );
  });
}
