/**
 * The library resolves its own copy of drizzle-orm (the repository root's),
 * the bench another (same version). TypeScript sees their classes as distinct
 * nominal types; at run time Drizzle recognises tables by their entity kind,
 * so a bench table is a valid model. This one cast says so.
 */
import type { DrizzleAdapter } from 'ormcrud/drizzle';

export type LibraryTable = ConstructorParameters<typeof DrizzleAdapter>[0]['model'];

export const asLibraryTable = (table: unknown): LibraryTable => table as LibraryTable;
