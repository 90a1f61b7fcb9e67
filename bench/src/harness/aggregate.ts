/**
 * Folds the slices of one scenario × server into one row: the median of the
 * slices' req/s, p50 and p99; the ratio to the baseline is the median of the
 * per-slice ratios (slice i of every server is measured within seconds of the
 * others', so drift of the machine cancels out of each ratio); server CPU per
 * request is the slices' CPU time over their requests; peak memory is the
 * highest seen, and requests and non-2xx responses add up.
 */
import type { Row } from './report.ts';

export type Measured = Omit<Row, 'sqlPerRequest' | 'ratio' | 'ratios' | 'cpuUsPerRequest'> & {
  slice: number;
  cpuMs: number;
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] ?? Number.NaN) + (sorted[Math.ceil(mid)] ?? Number.NaN)) / 2;
};

export function medianSlices(results: Measured[], baseline: string): Omit<Row, 'sqlPerRequest'>[] {
  const groups = new Map<string, Measured[]>();
  const baselineRps = new Map<string, number>();
  for (const r of results) {
    const key = `${r.scenario}\u0000${r.server}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
    if (r.server === baseline) baselineRps.set(`${r.scenario}\u0000${r.slice}`, r.rps);
  }
  return [...groups.values()].map((slices) => {
    const { slice: _, cpuMs: __, ...first } = slices[0]!;
    const requests = slices.reduce((sum, r) => sum + r.requests, 0);
    const ratios = [...slices]
      .sort((a, b) => a.slice - b.slice)
      .flatMap((r) => {
        const base = baselineRps.get(`${r.scenario}\u0000${r.slice}`);
        return base ? [r.rps / base] : [];
      });
    return {
      ...first,
      rps: median(slices.map((r) => r.rps)),
      p50: median(slices.map((r) => r.p50)),
      p99: median(slices.map((r) => r.p99)),
      ratio: ratios.length > 0 ? median(ratios) : Number.NaN,
      ratios,
      peakRssMiB: Math.max(...slices.map((r) => r.peakRssMiB)),
      cpuUsPerRequest: (slices.reduce((sum, r) => sum + r.cpuMs, 0) * 1000) / requests,
      requests,
      non2xx: slices.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
}
