/**
 * Folds the rounds of one scenario × server into one row: the round with the
 * median req/s gives rate and latencies; peak memory is the highest seen, and
 * requests and non-2xx responses add up.
 */
import type { Row } from './report.ts';

type Measured = Omit<Row, 'sqlPerRequest'>;

export function medianRounds(results: Measured[]): Measured[] {
  const groups = new Map<string, Measured[]>();
  for (const r of results) {
    const key = `${r.scenario}\u0000${r.server}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((rounds) => {
    const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return {
      ...median,
      peakRssMiB: Math.max(...rounds.map((r) => r.peakRssMiB)),
      requests: rounds.reduce((sum, r) => sum + r.requests, 0),
      non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
}
