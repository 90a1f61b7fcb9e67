/**
 * Folds the rounds of one scenario × server into one row: the round with the
 * median req/s gives rate and latencies; the ratio to the baseline is the
 * median of the per-round ratios (each round measures every server within
 * about a minute, so drift of the machine cancels out of each ratio); peak
 * memory is the highest seen, and requests and non-2xx responses add up.
 */
import type { Row } from './report.ts';

export type Measured = Omit<Row, 'sqlPerRequest' | 'ratio' | 'ratios'> & { round: number };

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] ?? Number.NaN) + (sorted[Math.ceil(mid)] ?? Number.NaN)) / 2;
};

export function medianRounds(results: Measured[], baseline: string): Omit<Row, 'sqlPerRequest'>[] {
  const groups = new Map<string, Measured[]>();
  const baselineRps = new Map<string, number>();
  for (const r of results) {
    const key = `${r.scenario}\u0000${r.server}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
    if (r.server === baseline) baselineRps.set(`${r.scenario}\u0000${r.round}`, r.rps);
  }
  return [...groups.values()].map((rounds) => {
    const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
    const { round: _, ...middle } = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const ratios = [...rounds]
      .sort((a, b) => a.round - b.round)
      .flatMap((r) => {
        const base = baselineRps.get(`${r.scenario}\u0000${r.round}`);
        return base ? [r.rps / base] : [];
      });
    return {
      ...middle,
      ratio: ratios.length > 0 ? median(ratios) : Number.NaN,
      ratios,
      peakRssMiB: Math.max(...rounds.map((r) => r.peakRssMiB)),
      requests: rounds.reduce((sum, r) => sum + r.requests, 0),
      non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
}
