/**
 * The documentation shows code that runs: every code block of README.md and
 * docs/*.md but shell is the whole of a file under examples/, which
 * `npm run typecheck` checks and docs-examples.test.ts (or the quick start's
 * tests) run. Links between the pages resolve, and the pages stay readable.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)];
const SHELL = new Set(['sh', 'shell', 'bash', 'console']);

interface Block {
  readonly lang: string;
  readonly code: string;
}

/** The fenced code blocks of a Markdown text. */
function blocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\S*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1] ?? '', code: m[2] ?? '' }));
}

/** Every file under `dir`, relative to the repository root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const examples = new Map(
  filesUnder('examples')
    .filter((file) => /\.(ts|json)$/.test(file))
    .map((file) => [read(file).trimEnd(), file] as const),
);

test('markdown: every code block but shell is a file of examples/, verbatim', () => {
  for (const page of pages) {
    for (const { lang, code } of blocks(read(page))) {
      if (SHELL.has(lang)) continue;
      assert.ok(lang, `${page}: a code block without a language`);
      assert.ok(examples.has(code.trimEnd()), `${page}: a ${lang} block is no file of examples/:\n${code}`);
    }
  }
});

test('markdown: the README quick start is the quickstart files of examples/ with their tsconfig', () => {
  const shown = new Set(blocks(read('README.md')).map((block) => examples.get(block.code.trimEnd())));
  for (const file of ['quickstart-router.ts', 'quickstart.ts', 'quickstart-hono.ts', 'quickstart-express.ts']) {
    assert.ok(shown.has(`examples/${file}`), file);
  }
  assert.ok(shown.has('examples/quickstart.tsconfig.json'));
});

test('markdown: every file of examples/docs/ is shown on a page', () => {
  const shown = new Set(pages.flatMap((page) => blocks(read(page)).map((b) => examples.get(b.code.trimEnd()))));
  for (const file of filesUnder('examples/docs')) assert.ok(shown.has(file), `${file} is on no page`);
});

test('markdown: relative links and their anchors resolve', () => {
  for (const page of pages) {
    const text = read(page).replace(/^```[\s\S]*?^```$/gm, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!target || /^[a-z]+:/.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const file = path ? join(dirname(page), path) : page;
      assert.ok(existsSync(join(root, file)), `${page}: ${target} does not exist`);
      if (anchor) assert.ok(anchors(read(file)).has(anchor), `${page}: ${target} names no heading`);
    }
  }
});

test('markdown: README within 300 lines, bench/RESULTS.md within 500, table cells within 120 characters', () => {
  assert.ok(read('README.md').split('\n').length <= 300, 'README.md is over 300 lines');
  assert.ok(read('bench/RESULTS.md').split('\n').length <= 500, 'bench/RESULTS.md is over 500 lines');
  for (const page of pages) {
    for (const line of read(page).split('\n')) {
      if (!line.startsWith('|')) continue;
      for (const cell of line.split(/(?<!\\)\|/).slice(1, -1)) {
        assert.ok(cell.trim().length <= 120, `${page}: a table cell of ${cell.trim().length} characters: ${cell}`);
      }
    }
  }
});

/** GitHub's anchors of a page's headings. */
function anchors(markdown: string): Set<string> {
  const headings = markdown.replace(/^```[\s\S]*?^```$/gm, '').match(/^#+ .*$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}
