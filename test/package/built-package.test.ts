/**
 * The package as a user gets it. `npm pack` builds `dist/` (through
 * `prepare`) and makes the tarball; a fresh app installs it with the quick
 * start's dependencies, from npm's cache where it can, and runs the quick start
 * compiled by `tsc` (the README's tsconfig, strict) on plain Node, and on tsx.
 * The declarations type-check even without `skipLibCheck`.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { declarationErrors } from './declarations.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'ormcrud-package-'));
const appDir = join(work, 'app');

/** This process's environment without what `npm test` adds (its prefix would send a nested npm to this repo). */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') || key === 'npm_config_cache'),
);
const run = (command: string, args: string[], cwd: string) =>
  promisify(execFile)(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
/** Node without this process's `--conditions` and `--import tsx`. */
const node = (args: string[], cwd: string) => run(process.execPath, args, cwd);

/** The README's quick starts, one per framework, each run as a program. */
const QUICK_STARTS = ['quickstart.ts', 'quickstart-hono.ts', 'quickstart-express.ts'];

/** What `npm pack` put in the tarball. */
let packed: string[] = [];

/** The versions this repository tests, for the app's dependencies. */
function versions(names: string[]): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.fromEntries(names.map((name) => [name, manifest.devDependencies[name] as string]));
}

before(async () => {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], root);
  const [pack] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  packed = pack.files.map((file) => file.path);

  const dependencies = {
    ormcrud: `file:../${pack.filename}`,
    ...versions(['zod', 'drizzle-orm', '@libsql/client', 'fastify', '@fastify/swagger', '@fastify/swagger-ui']),
    ...versions(['hono', '@hono/node-server', 'express', 'swagger-ui-dist']),
  };
  const devDependencies = versions(['typescript', 'tsx', '@types/node', '@types/express']);
  const manifest = { name: 'quickstart-app', private: true, type: 'module', dependencies, devDependencies };
  // This repository's lockfile pins the same versions; npm takes tarballs from its cache and asks
  // the registry only for what the cache lacks (a fresh machine has no package metadata cached).
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  lock.name = manifest.name;
  lock.packages[''] = { name: manifest.name, dependencies, devDependencies };
  rmSync(appDir, { recursive: true, force: true });
  await run('mkdir', ['-p', appDir], work);
  writeFileSync(join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(appDir, 'package-lock.json'), JSON.stringify(lock, null, 2));
  for (const file of QUICK_STARTS) copyFileSync(join(root, 'examples', file), join(appDir, file));
  copyFileSync(join(root, 'examples/quickstart-router.ts'), join(appDir, 'quickstart-router.ts'));
  copyFileSync(join(root, 'examples/quickstart.tsconfig.json'), join(appDir, 'tsconfig.json'));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], appDir);
});

after(() => rmSync(work, { recursive: true, force: true }));

test('package: the tarball holds the build, the sources, the docs README links, LICENSE and nothing else', () => {
  const files = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'RELIABILITY.md', 'docs/adapters.md'];
  for (const file of [...files, 'dist/index.js', 'dist/index.d.ts'])
    assert.ok(packed.includes(file), `${file} is packed`);
  const stray = packed.filter((file) => !/^(dist|src|docs)\//.test(file) && !/^[A-Z]+\.md$|^LICENSE$/.test(file));
  assert.deepEqual(stray, ['package.json']);
});

test('package: every entry point loads on plain Node from dist/', async () => {
  const script = `
    const entries = ['ormcrud', 'ormcrud/adapter-kit', 'ormcrud/binding-kit', 'ormcrud/drizzle', 'ormcrud/typeorm', 'ormcrud/sequelize', 'ormcrud/fastify', 'ormcrud/hono', 'ormcrud/express', 'ormcrud/node'];
    const loaded = {};
    for (const entry of entries) loaded[entry] = { file: import.meta.resolve(entry), names: Object.keys(await import(entry)) };
    loaded.manifest = { file: import.meta.resolve('ormcrud/package.json'), names: [] };
    console.log(JSON.stringify(loaded));`;
  // From the repository, which has every ORM installed; the app has only Drizzle.
  const { stdout } = await node(['--input-type=module', '-e', script], root);
  const loaded = JSON.parse(stdout) as Record<string, { file: string; names: string[] }>;
  const expected: Record<string, [string, string]> = {
    ormcrud: ['dist/index.js', 'CRUDCollection'],
    'ormcrud/adapter-kit': ['dist/adapter-kit.js', 'EngineAdapter'],
    'ormcrud/binding-kit': ['dist/binding-kit.js', 'routeResponder'],
    'ormcrud/drizzle': ['dist/adapters/drizzle/index.js', 'DrizzleAdapter'],
    'ormcrud/typeorm': ['dist/adapters/typeorm/index.js', 'TypeORMAdapter'],
    'ormcrud/sequelize': ['dist/adapters/sequelize/index.js', 'SequelizeAdapter'],
    'ormcrud/fastify': ['dist/bindings/fastify/index.js', 'toFastify'],
    'ormcrud/hono': ['dist/bindings/hono/index.js', 'toHono'],
    'ormcrud/express': ['dist/bindings/express/index.js', 'toExpress'],
    'ormcrud/node': ['dist/bindings/node/index.js', 'keepTickObjectShape'],
  };
  assert.ok(loaded.manifest?.file.endsWith('/package.json'), 'ormcrud/package.json is exported');
  for (const [entry, [file, name]] of Object.entries(expected)) {
    assert.ok(loaded[entry]?.file.endsWith(file), `${entry} resolves to ${loaded[entry]?.file}`);
    assert.ok(loaded[entry]?.names.includes(name), `${entry} exports ${name}`);
  }
});

test('package: the quick starts compile with the README tsconfig and serve on plain Node', async () => {
  const { stdout, stderr } = await node(['node_modules/typescript/bin/tsc', '-p', '.'], appDir);
  assert.equal(stdout + stderr, '', 'tsc reports nothing');
  const { stdout: resolved } = await node(
    ['--input-type=module', '-e', 'console.log(import.meta.resolve("ormcrud"))'],
    appDir,
  );
  assert.ok(resolved.trim().endsWith('/node_modules/ormcrud/dist/index.js'), resolved);
  for (const file of QUICK_STARTS) {
    const compiled = `dist/${file.replace(/\.ts$/, '.js')}`;
    await exercise(spawn(process.execPath, [compiled], { cwd: appDir, env: { ...env, PORT: '0' } }));
  }
});

test('package: the quick starts run on tsx', async () => {
  for (const file of QUICK_STARTS) {
    await exercise(spawn('node_modules/.bin/tsx', [file], { cwd: appDir, env: { ...env, PORT: '0' } }));
  }
});

test('package: the declarations type-check without skipLibCheck', () => {
  // In the app: what the quick start reaches. In the repository: every entry point.
  for (const project of [join(appDir, 'tsconfig.json'), join(root, 'test/package/consumer.tsconfig.json')]) {
    const { ours, errors } = declarationErrors(project);
    assert.ok(
      ours.some((file) => file.endsWith('/dist/index.d.ts')),
      `${project} reads dist/index.d.ts`,
    );
    assert.ok(!ours.some((file) => file.includes('/src/')), `${project} reads no source file of the library`);
    assert.deepEqual(errors, [], project);
  }
});

/** Waits for the quick start's "Listening on" line, then drives it as a user would, and stops it. */
async function exercise(child: ChildProcess): Promise<void> {
  try {
    const url = await listeningUrl(child);
    const created = await fetch(`${url}/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'General' }),
    });
    assert.equal(created.status, 201);
    assert.deepEqual(await created.json(), { id: 1, name: 'General' });
    const list = await fetch(`${url}/categories?sort=name:desc`);
    assert.deepEqual(await list.json(), { page: 1, per_page: 20, count: 1, data: [{ id: 1, name: 'General' }] });
    const missing = await fetch(`${url}/categories/2`);
    assert.equal(missing.status, 404);
    assert.match(String(missing.headers.get('content-type')), /^application\/problem\+json/);
    const document = (await (await fetch(`${url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    assert.deepEqual(Object.keys(document.paths).sort(), ['/categories', '/categories/{category_id}']);
    const ui = await fetch(`${url}/docs`);
    assert.equal(ui.status, 200);
    assert.match(await ui.text(), /swagger-ui/);
  } finally {
    child.kill();
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no "Listening on" line within 20 s:\n${out}${err}`)), 20_000);
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /Listening on (\S+);/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the quick start exited with ${code}:\n${out}${err}`));
    });
  });
}
