/**
 * The demo's `/docs`, on Fastify, Hono and Express, renders in a real headless Chromium (Debian's `chromium`
 * package), offline: every operation shows, and the page fetches nothing
 * from outside this machine.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { FORUM_FRAMEWORKS } from '../../examples/forum/frameworks.ts';
import { startDemo } from '../../examples/forum/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const dir = mkdtempSync(join(tmpdir(), 'ormcrud-docs-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('demo /docs on every framework: Swagger UI renders every operation, offline', { timeout: 180_000 }, async (t) => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    for (const framework of FORUM_FRAMEWORKS) {
      const demo = await startDemo({ port: 0, file: join(dir, 'forum.db'), framework });
      try {
        await rendersDocs(browser, demo.url);
      } finally {
        await demo.close();
      }
      t.diagnostic(`${framework}: /docs rendered offline`);
    }
  } finally {
    await browser.close();
  }
});

/** Swagger UI at `url/docs` shows the forum's operations, with no script error and nothing fetched from outside. */
async function rendersDocs(browser: Browser, base: string): Promise<void> {
  const page = await browser.newPage();
  const requested: string[] = [];
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    requested.push(url.href);
    const local = url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname);
    if (local) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const response = await page.goto(`${base}/docs`, { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await page.waitForSelector('.opblock', { timeout: 30_000 });

  const title = await page.locator('.info .title').first().textContent();
  assert.match(title ?? '', /ormcrud forum/);
  const operations = await page.locator('.opblock').count();
  assert.ok(operations > 10, `expected the forum's operations, saw ${operations}`);
  const paths = await page.locator('.opblock-summary-path').allTextContents();
  const normalized = paths.map((p) => p.replace(/\u200b/g, '').trim());
  assert.ok(normalized.includes('/categories'), `no /categories operation among ${normalized.join(', ')}`);
  assert.ok(
    normalized.some((p) => p.startsWith('/categories/{category_id}/threads')),
    'nested /categories/{category_id}/threads routes are documented',
  );

  assert.deepEqual(errors, [], 'the page raised no script errors');
  assert.ok(
    requested.some((href) => href.includes('/docs/json')),
    'the page loaded the OpenAPI document',
  );
  assert.deepEqual(outside, [], 'the page requested nothing outside localhost');
  await page.close();
}
