/**
 * Makes `crud-collection` importable from the bench: a symlink
 * node_modules/crud-collection → the repository root, whose `exports` point
 * at the TypeScript sources (run through tsx). `npm ci` removes it, so every
 * run makes it again; the library's own dependencies resolve from the root.
 */
import { existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function linkLibrary(): void {
  const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
  const link = `${modules}crud-collection`;
  mkdirSync(modules, { recursive: true });
  if (existsSync(link) || isDanglingLink(link)) return;
  symlinkSync('../..', link, 'dir');
}

function isDanglingLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
