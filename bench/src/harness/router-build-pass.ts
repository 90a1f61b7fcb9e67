/** Router build cost for 20, 50, 100 and 200 collections, each size in a fresh process. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BuildResult {
  collections: number;
  routes: number;
  getRouterMs: number;
  fastifyMs: number;
  heapMiB: number;
  rssMiB: number;
}

const script = fileURLToPath(new URL('../router-build/build-once.ts', import.meta.url));
export const SIZES = [20, 50, 100, 200];

function buildOnce(n: number): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--expose-gc', '--import', 'tsx', script, String(n)], (error, stdout, stderr) => {
      if (error) return reject(new Error(stderr || error.message));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as BuildResult);
    });
  });
}

export async function routerBuildPass(log: (line: string) => void): Promise<BuildResult[]> {
  const results: BuildResult[] = [];
  for (const n of SIZES) {
    try {
      const r = await buildOnce(n);
      log(
        `router build ${n}: ${r.getRouterMs.toFixed(0)} ms + ${r.fastifyMs.toFixed(0)} ms, heap +${r.heapMiB.toFixed(1)} MiB`,
      );
      results.push(r);
    } catch (error) {
      log(`router build ${n} failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return results;
}

export function routerBuildTable(results: BuildResult[]): string {
  const first = results[0]!;
  const lines = [
    '| collections | Fastify routes (with HEAD and trailing-slash twins) | getRouter ms | Fastify register + ready ms | total ms per collection | heap MiB | RSS MiB | time ×, vs 20 | heap ×, vs 20 |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const total = r.getRouterMs + r.fastifyMs;
    lines.push(
      `| ${r.collections} | ${r.routes} | ${r.getRouterMs.toFixed(0)} | ${r.fastifyMs.toFixed(0)} | ${(total / r.collections).toFixed(2)} | ${r.heapMiB.toFixed(1)} | ${r.rssMiB.toFixed(1)} | ${(total / (first.getRouterMs + first.fastifyMs)).toFixed(1)} | ${(r.heapMiB / first.heapMiB).toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}
