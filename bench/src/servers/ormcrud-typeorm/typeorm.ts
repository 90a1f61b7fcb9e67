/**
 * TypeORM 1, the copy the library's adapter sees. The bench's own `typeorm` is
 * 0.3 (for the NestJS server); `linkLibrary` nests the repository root's
 * TypeORM 1 under the installed library, and this server loads it from there,
 * so its `DataSource` and `EntitySchema`s come from the same module instance
 * the adapter's metadata lookups (`dataSource.getMetadata(model)`) work with.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

type TypeORM = typeof import('../../../node_modules/ormcrud/node_modules/typeorm/index.js');

const libraryPackage = fileURLToPath(new URL('../../../node_modules/ormcrud/package.json', import.meta.url));

export const typeorm = createRequire(libraryPackage)('typeorm') as TypeORM;
