/**
 * The package as npm installs it: `npm run build` emits `dist/`, which every
 * entry point resolves to without the repository's `ormcrud-source`
 * condition. Its JavaScript runs on plain Node (no TypeScript loader), the
 * quick start works on it, and a TypeScript project type-checks against its
 * declarations.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = (command: string, args: string[]) => promisify(execFile)(command, args, { cwd: root });
/** Node without this process's `--conditions` and `--import tsx`. */
const node = (args: string[]) => run(process.execPath, args);

before(() => run('npm', ['run', 'build', '--silent']));

test('built package: every entry point loads on plain Node from dist/', async () => {
  const script = `
    const entries = ['ormcrud', 'ormcrud/drizzle', 'ormcrud/typeorm', 'ormcrud/sequelize', 'ormcrud/fastify'];
    const loaded = {};
    for (const entry of entries) loaded[entry] = { file: import.meta.resolve(entry), names: Object.keys(await import(entry)) };
    console.log(JSON.stringify(loaded));`;
  const { stdout } = await node(['--input-type=module', '-e', script]);
  const loaded = JSON.parse(stdout) as Record<string, { file: string; names: string[] }>;
  const expected: Record<string, [string, string]> = {
    ormcrud: ['dist/index.js', 'CRUDCollection'],
    'ormcrud/drizzle': ['dist/adapters/drizzle/index.js', 'DrizzleAdapter'],
    'ormcrud/typeorm': ['dist/adapters/typeorm/index.js', 'TypeORMAdapter'],
    'ormcrud/sequelize': ['dist/adapters/sequelize/index.js', 'SequelizeAdapter'],
    'ormcrud/fastify': ['dist/bindings/fastify/index.js', 'toFastify'],
  };
  for (const [entry, [file, name]] of Object.entries(expected)) {
    assert.ok(loaded[entry]?.file.endsWith(file), `${entry} resolves to ${loaded[entry]?.file}`);
    assert.ok(loaded[entry]?.names.includes(name), `${entry} exports ${name}`);
  }
});

test('built package: the quick start serves requests on dist/', async () => {
  const script = `
    const { app } = await import('./examples/quickstart.ts');
    const created = await app.inject({ method: 'POST', url: '/categories', payload: { name: 'General' } });
    const list = await app.inject({ method: 'GET', url: '/categories' });
    console.log(JSON.stringify({ library: import.meta.resolve('ormcrud'), created: [created.statusCode, created.json()], list: list.json() }));
    await app.close();`;
  const { stdout } = await node(['--import', 'tsx', '--input-type=module', '-e', script]);
  const { library, created, list } = JSON.parse(stdout);
  assert.ok(library.endsWith('/dist/index.js'), library);
  assert.deepEqual(created, [201, { id: 1, name: 'General' }]);
  assert.deepEqual(list, { page: 1, per_page: 20, count: 1, data: [{ id: 1, name: 'General' }] });
});

test('built package: a TypeScript project type-checks against the declarations', async () => {
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const { stdout } = await node([tsc, '-p', 'test/package/consumer.tsconfig.json', '--listFiles']);
  const ours = stdout.split('\n').filter((file) => file.startsWith(root) && !file.includes('/node_modules/'));
  assert.ok(
    ours.some((file) => file.endsWith('/dist/index.d.ts')),
    'resolves ormcrud to dist/index.d.ts',
  );
  assert.ok(!ours.some((file) => file.includes('/src/')), 'reads no source file of the library');
});
