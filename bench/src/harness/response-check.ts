/**
 * Servers that speak ormcrud's wire format must answer alike: a few
 * requests of each read scenario, and a few that must fail, go to every such
 * server, and statuses and bodies are compared with the baseline's.
 */
import { builderFor, type Scenario } from './scenarios.ts';
import type { RunningServer } from './server-process.ts';

const READS: Scenario[] = ['get-one', 'list', 'list-filtered', 'list-include', 'nested-get'];
/** Error answers must match too: bad path, bad query, missing row, missing parent chain. */
const ERRORS = ['/posts/abc', '/posts?per_page=500', '/posts/99999999', '/categories/2/threads/1/posts/1'];

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  return `${response.status} ${await response.text()}`;
}

/** Per server: `identical`, or the first differing path and a short excerpt of both answers. */
export async function compareResponses(
  servers: RunningServer[],
  baseline: RunningServer,
): Promise<Map<string, string>> {
  const verdicts = new Map<string, string>();
  const peers = servers.filter((s) => s !== baseline && s.def.dialect === 'crud');
  for (const server of peers) verdicts.set(server.def.name, 'identical');
  const paths = READS.flatMap((scenario) =>
    [0, 1, 2].map((i) => builderFor('crud', scenario)!(i, { tag: 'check' }).path),
  );
  for (const path of [...paths, ...ERRORS]) {
    const expected = await fetchText(baseline.url + path);
    for (const server of peers) {
      if (verdicts.get(server.def.name) !== 'identical') continue;
      const actual = await fetchText(server.url + path);
      if (actual !== expected) {
        verdicts.set(
          server.def.name,
          `differs on ${path}: got ${actual.slice(0, 160)} … expected ${expected.slice(0, 160)} …`,
        );
      }
    }
  }
  return verdicts;
}
