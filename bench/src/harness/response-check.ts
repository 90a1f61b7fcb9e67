/**
 * Servers that speak crud-collection's wire format must answer alike: for each
 * read scenario, a few requests go to every such server and the bodies and
 * statuses are compared with the baseline's.
 */
import { builderFor, type Scenario } from './scenarios.ts';
import type { RunningServer } from './server-process.ts';

const READS: Scenario[] = ['get-one', 'list', 'list-filtered', 'list-include', 'nested-get'];

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  return `${response.status} ${await response.text()}`;
}

/** Per server: `identical`, or the first differing scenario and a short excerpt of both bodies. */
export async function compareResponses(
  servers: RunningServer[],
  baseline: RunningServer,
): Promise<Map<string, string>> {
  const verdicts = new Map<string, string>();
  const peers = servers.filter((s) => s !== baseline && s.def.dialect === 'crud');
  for (const server of peers) verdicts.set(server.def.name, 'identical');
  for (const scenario of READS) {
    const build = builderFor('crud', scenario)!;
    for (const i of [0, 1, 2]) {
      const { path } = build(i, { tag: 'check' });
      const expected = await fetchText(baseline.url + path);
      for (const server of peers) {
        if (verdicts.get(server.def.name) !== 'identical') continue;
        const actual = await fetchText(server.url + path);
        if (actual !== expected) {
          verdicts.set(
            server.def.name,
            `differs on ${scenario} (${path}): got ${actual.slice(0, 160)} … expected ${expected.slice(0, 160)} …`,
          );
        }
      }
    }
  }
  return verdicts;
}
