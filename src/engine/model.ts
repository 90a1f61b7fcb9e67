/**
 * The neutral description of a model that an adapter's model reader hands the
 * engine: its table, its columns with their codecs, and the core's
 * {@link ModelMeta} (fields, key, relations). Nothing here is ORM-specific.
 *
 * @module
 */
import type { ModelMeta } from '../core/model-meta.ts';

/** A conversion of one value between the wire and the driver. */
export type Codec = (value: unknown) => unknown;

/**
 * What a write puts in a column it is not given: a value made per write
 * (bound as a parameter through the column's encoder, or, made as an
 * `SqlExpression`, that SQL with its own parameters), the current time, the
 * old value plus one (a version counter), or SQL text read from the model.
 */
export type Fill =
  | { readonly kind: 'value'; readonly value: () => unknown }
  | { readonly kind: 'now' }
  | { readonly kind: 'increment' }
  | { readonly kind: 'sql'; readonly sql: string };

/** One column of a model. */
export interface ColumnSpec {
  /** The field's name on the wire (bodies, filters, rows). */
  readonly field: string;
  /** The database column's name, unquoted. */
  readonly column: string;
  readonly primaryKey: boolean;
  readonly nullable: boolean;
  /** The database numbers it on insert (auto-increment): a write without `RETURNING` learns it as the insert id. */
  readonly autoIncrement: boolean;
  /** Read by default (TypeORM's `select: false` columns are not). */
  readonly selected: boolean;
  /**
   * A value from the driver (`null` included) as the wire value (`undefined`: as it is); after the dialect's
   * read of its kind (see `Dialect.read`): a JSON column's decoder gets the value parsed, unless `driverJson`.
   */
  readonly decode?: Codec | undefined;
  /**
   * A JSON column whose decoder takes the value as the driver reads it, as its ORM hands it over (a Drizzle
   * custom type's `fromDriver`): the dialect does not read it as JSON text and parse it first.
   */
  readonly driverJson?: boolean | undefined;
  /** A wire value (`null` included) as the driver binds it (`undefined`: as it is). */
  readonly encode?: Codec | undefined;
  /**
   * The ORM declares an enum column as its database's enum type (PostgreSQL's `CREATE TYPE … AS ENUM`,
   * MySQL's `ENUM`), which sorts values in their declared order: a sort then reads the column itself.
   */
  readonly enumType?: boolean | undefined;
  /** What an insert that omits the column writes (`undefined`: nothing; the database default applies). */
  readonly onInsert?: Fill | undefined;
  /** What every update that does not set the column writes (`updatedAt`, a version counter). */
  readonly onUpdate?: Fill | undefined;
}

/**
 * One model as the engine compiles it.
 *
 * @example
 * ```ts
 * const id: ColumnSpec = { field: 'id', column: 'id', primaryKey: true, nullable: false, autoIncrement: true, selected: true };
 * const spec: ModelSpec = { meta: postAdapter.describe(), table: ['post'], columns: [id] };
 * ```
 */
export interface ModelSpec {
  /** The core's description: name, fields, primary key, relations; `meta.model` keys its field sets. */
  readonly meta: ModelMeta;
  /** The table's path, unquoted (`['post']`, `['forum', 'post']`). */
  readonly table: readonly string[];
  readonly columns: readonly ColumnSpec[];
}
