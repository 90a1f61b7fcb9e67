/**
 * The demo's `/docs` renders in a real headless Chromium (Debian's `chromium`
 * package), offline: every operation shows, and the page fetches nothing
 * from outside this machine.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { chromium } from 'playwright-core';
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

test('demo /docs: Swagger UI renders every operation, offline', { timeout: 120_000 }, async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  const demo = await startDemo({ port: 0, file: join(dir, 'forum.db') });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
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

    const response = await page.goto(`${demo.url}/docs`, { waitUntil: 'load' });
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
  } finally {
    await browser.close();
    await demo.close();
  }
});
