/**
 * Installs `crud-collection` into the bench the way npm would for a user: a
 * copy of the package (its `package.json` and `src/`, run through tsx) in
 * node_modules/crud-collection, sharing the bench's own drizzle-orm, Fastify,
 * Ajv and fast-json-stringify (the same versions as the repository's), with
 * only zod 4 and TypeORM 1 nested (the bench's top-level zod is Platformatic's
 * zod 3, its top-level TypeORM is 0.3 for NestJS). Both nest as symlinks to the
 * repository root's copies; TypeORM, resolved through its real path, finds the
 * root's `pg` and `reflect-metadata`. So each crud-collection server loads one copy
 * of each dependency, as in a real app, and its memory compares fairly with the
 * hand-written servers. `npm ci` removes the copy, and the sources change
 * between runs: every run makes it anew.
 */
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Dependencies whose bench-level version differs from the library's: linked from the root. */
const NESTED = ['zod', 'typeorm'];

export function linkLibrary(): void {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const target = fileURLToPath(new URL('../../node_modules/crud-collection', import.meta.url));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, 'node_modules'), { recursive: true });
  cpSync(join(root, 'package.json'), join(target, 'package.json'));
  cpSync(join(root, 'src'), join(target, 'src'), { recursive: true });
  for (const name of NESTED) {
    symlinkSync(join(root, 'node_modules', name), join(target, 'node_modules', name), 'dir');
  }
}
