/**
 * The core's {@link FieldKind} of a TypeORM column: by its JavaScript type or
 * its database type's name, whichever the entity declares.
 *
 * @module
 */
import type { FieldKind, TextFormat } from 'ormcrud/adapter-kit';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { dialectOf } from './dialect.ts';

/** The kind of each database type name TypeORM takes. */
const KINDS: Record<string, FieldKind> = {};
const kinds: [FieldKind, string[]][] = [
  ['integer', ['int', 'integer', 'int2', 'int4', 'smallint', 'tinyint', 'mediumint', 'serial', 'smallserial']],
  ['bigint', ['bigint', 'int8', 'bigserial', 'long']],
  ['number', ['float', 'float4', 'float8', 'double', 'double precision', 'real']],
  ['decimal', ['decimal', 'numeric', 'dec']],
  [
    'string',
    ['varchar', 'character varying', 'char', 'character', 'nchar', 'nvarchar', 'text', 'tinytext', 'mediumtext'],
  ],
  ['string', ['longtext', 'citext', 'string', 'clob', 'varchar2', 'nvarchar2', 'national varchar', 'ntext']],
  ['boolean', ['boolean', 'bool']],
  ['datetime', ['datetime', 'datetime2', 'timestamp', 'timestamptz', 'timestamp with time zone', 'datetimeoffset']],
  ['datetime', ['timestamp without time zone', 'smalldatetime']],
  ['date', ['date']],
  ['uuid', ['uuid', 'uniqueidentifier']],
  ['enum', ['enum', 'simple-enum']],
  ['json', ['json', 'jsonb', 'simple-json']],
  ['binary', ['bytea', 'blob', 'tinyblob', 'mediumblob', 'longblob', 'binary', 'varbinary']],
];
for (const [kind, names] of kinds) for (const name of names) KINDS[name] = kind;

/** The text types whose database checks their text: strings of a format (a `time` with a zone is not one). */
export const TEXT_FORMATS: Readonly<Record<string, TextFormat>> = {
  time: 'time',
  'time without time zone': 'time',
  inet: 'inet',
  cidr: 'cidr',
};
for (const name in TEXT_FORMATS) KINDS[name] = 'string';
// Not listed, so free-form: PostgreSQL's `money` (text such as `$12.50`) and `bit` (a bit string, `'1'`),
// which are neither numbers nor booleans. MySQL's `bit` is bytes (see `fieldKind`).

/** The core's kind of a TypeORM column type. */
export function fieldKind(column: ColumnMetadata): FieldKind {
  // An array column (PostgreSQL `text[]`) holds a list, free-form as Drizzle's and Sequelize's arrays.
  if (column.isArray) return 'unknown';
  if (column.enum && column.enum.length > 0) return 'enum';
  if (column.generationStrategy === 'uuid') return 'uuid';
  const type = column.type;
  if (type === Number) return 'number';
  if (type === String) return 'string';
  if (type === Boolean) return 'boolean';
  if (type === Date) return 'datetime';
  if (typeof type !== 'string') return 'unknown';
  const name = type.toLowerCase();
  if (name === 'bit') return dialectOf(column.entityMetadata.connection).bitsAsBytes ? 'binary' : 'unknown';
  return KINDS[name] ?? 'unknown';
}
