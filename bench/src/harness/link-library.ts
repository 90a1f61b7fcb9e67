/**
 * Installs `ormcrud` into the bench the way npm would for a user: a
 * copy of the built package (its `package.json` and `dist/`, the JavaScript
 * `npm run build` emits, which the root's `npm run bench` runs first) in
 * node_modules/ormcrud, sharing the bench's own drizzle-orm, Fastify,
 * Ajv and fast-json-stringify (the same versions as the repository's), with
 * only zod 4 and TypeORM 1 nested (the bench's top-level zod is Platformatic's
 * zod 3, its top-level TypeORM is 0.3 for NestJS). Both nest as symlinks to the
 * repository root's copies; TypeORM, resolved through its real path, finds the
 * root's `pg` and `reflect-metadata`. So each ormcrud server loads one copy
 * of each dependency, as in a real app, and its memory compares fairly with the
 * hand-written servers. `npm ci` removes the copy, and the build changes
 * between runs: every run makes it anew.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Dependencies whose bench-level version differs from the library's: linked from the root. */
const NESTED = ['zod', 'typeorm'];

export function linkLibrary(): void {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const target = fileURLToPath(new URL('../../node_modules/ormcrud', import.meta.url));
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('ormcrud is not built: run `npm run build` in the repository root (`npm run bench` does)');
  }
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, 'node_modules'), { recursive: true });
  cpSync(join(root, 'package.json'), join(target, 'package.json'));
  cpSync(join(root, 'dist'), join(target, 'dist'), { recursive: true });
  for (const name of NESTED) {
    symlinkSync(join(root, 'node_modules', name), join(target, 'node_modules', name), 'dir');
  }
}
