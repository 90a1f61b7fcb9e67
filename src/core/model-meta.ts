/**
 * The neutral description of an ORM model that every adapter produces once,
 * from its ORM's own metadata. The core derives all schemas, path parameters,
 * filters, sorts and nesting links from it and never looks at the ORM itself.
 *
 * @module
 */
import type { DecimalDigits, IntegerRange } from './column-bounds.ts';

/** The scalar kinds the core knows how to validate, filter and sort. */
export type FieldKind =
  | 'string'
  | 'integer'
  | 'number'
  /** An exact number (SQL `numeric`/`decimal`), as a decimal string on the wire so no digit is lost. */
  | 'decimal'
  | 'bigint'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'uuid'
  | 'enum'
  | 'json'
  /** Bytes (`bytea`, `blob`, `varbinary`), as base64 text on the wire; neither filtered nor sorted. */
  | 'binary'
  | 'unknown';

/**
 * The text a column takes: a time of day without a zone (`time`, `09:30:00`, PostgreSQL's up to
 * `24:00:00`), a signed time within MySQL's `TIME` range (`duration`, `-838:59:59` to `838:59:59`), an IP
 * address with an optional prefix (`inet`, `192.168.0.1`) or an IP network (`cidr`, `10.0.0.0/8`).
 */
export type TextFormat = 'time' | 'duration' | 'inet' | 'cidr';

/** One column of a model, named as it appears on the wire (body keys, filters). */
export interface FieldMeta {
  /** Property name of the field on the model; also its JSON key and filter name. */
  readonly name: string;
  readonly kind: FieldKind;
  /** Allowed values when `kind` is `'enum'`: strings, or numbers (a TypeScript numeric enum). */
  readonly enumValues?: readonly (string | number)[];
  /** Maximum string length, when the column declares one. */
  readonly maxLength?: number;
  /** The text a `string` field's column takes, where its database refuses other text (see {@link TextFormat}). */
  readonly format?: TextFormat;
  /**
   * The values an `integer` field's column holds, when fewer than JavaScript's
   * safe integers (a 4-byte `integer` on PostgreSQL or MySQL, see {@link integerRange}).
   */
  readonly range?: IntegerRange;
  /**
   * The integers a `bigint` field's column holds, where not a signed 64-bit integer's: `unsigned`, 0 to
   * 2^64 − 1 (MySQL's `bigint unsigned`); `numeric`, any number of digits (a `numeric` column read as a
   * JavaScript `bigint`), at most its `digits` where it declares them.
   */
  readonly integers?: 'unsigned' | 'numeric';
  /**
   * The digits a `decimal` field's column holds (`numeric(12, 2)`), or a `bigint` field's that is a `numeric`
   * column (its whole digits), when it declares them (see {@link decimalDigits}).
   */
  readonly digits?: DecimalDigits;
  /**
   * The digits of a second a `datetime` field's column keeps, or a time's (a `string` of format `time` or
   * `duration`), when fewer than its values carry (a date-time's three, a time's six): `timestamp(0)`,
   * MySQL's `DATETIME`. The database would round or cut a finer value, so one is refused.
   */
  readonly secondDigits?: number;
  /**
   * A `number` field's column holds a 4-byte (single-precision) float (PostgreSQL's `real`, MySQL's `FLOAT`):
   * its values are read as the shortest decimal of that float on every database.
   */
  readonly singlePrecision?: boolean;
  readonly nullable: boolean;
  readonly primaryKey: boolean;
  /**
   * The server fills the value, never a client: the database (auto-increment, server default, generated column)
   * or the ORM (its timestamps, a primary key it generates). Left out of the default create and update schemas.
   */
  readonly serverGenerated: boolean;
  /** The ORM or a literal column default fills the value when it is omitted (so it is optional on create). */
  readonly hasClientDefault: boolean;
  /** `false`: the ORM never writes it on create (TypeORM `insert: false`), so no default create schema takes it. */
  readonly insertable?: boolean;
  /** `false`: the ORM never writes it on update (TypeORM `update: false`), so no default update schema takes it. */
  readonly updatable?: boolean;
  /**
   * What a value written to the field must be beyond its kind and column, where the ORM checks it before
   * a write (Sequelize's `len`, `min` or `isIn` validators): the create and update schemas state it.
   */
  readonly checks?: ValueChecks;
  /** The ORM never selects it (TypeORM `select: false`): left out of the default public schema. */
  readonly hidden?: boolean;
  /** What the field holds, from the ORM's column comment where it has one; documents the field. */
  readonly description?: string;
}

/**
 * Rules a written value must keep, each as a JSON Schema states it (a string's for `string` fields, a
 * number's for `integer` and `number` ones), so a value breaking one is a 422 naming the field.
 */
export interface ValueChecks {
  /** The fewest and most characters (Unicode code points) of a string. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The least and greatest number. */
  readonly minimum?: number;
  readonly maximum?: number;
  /** Regular expressions (JavaScript sources, no flags) a string matches somewhere, each read in Unicode mode. */
  readonly patterns?: readonly string[];
  /** The only values taken. */
  readonly oneOf?: readonly (string | number)[];
  /** Values refused. */
  readonly noneOf?: readonly (string | number)[];
}

/** A foreign key of this model: `fields` on this model reference `references` on `target`. */
export interface ForeignKeyMeta {
  readonly fields: readonly string[];
  readonly target: string;
  readonly references: readonly string[];
}

/**
 * A named relation of this model. `fields`/`references` join this model to the
 * target directly (`fields` on this side, `references` on the target side, in
 * either foreign-key direction); `through` describes a junction for many-to-many.
 */
export interface RelationMeta {
  readonly name: string;
  /**
   * Model name of the related model (see {@link ModelMeta.name}). For many-to-many,
   * `fields` are this model's keys and `references` the related model's keys (`through.targetFields`).
   */
  readonly target: string;
  readonly many: boolean;
  readonly fields: readonly string[];
  readonly references: readonly string[];
  /** Whether `fields` are this model's foreign key (`false`: `references` are the target's); unset when unknown. */
  readonly holdsKey?: boolean;
  readonly through?: {
    /** Model name of the junction. */
    readonly model: string;
    /** Junction fields that match `fields` on this model. */
    readonly sourceFields: readonly string[];
    /** Junction fields that match `targetFields` on the related model. */
    readonly junctionTargetFields: readonly string[];
    readonly targetFields: readonly string[];
  };
}

/** Everything the core needs to know about one model. */
export interface ModelMeta {
  /** Lower-case model name: the table name for all shipped adapters (`post_translation`). */
  readonly name: string;
  /**
   * The ORM's own object for this model (a Drizzle table, an entity or model
   * class): never read by the core, only the key of the model's configuration
   * (see `publicFieldsOf`), so a relation's target is shown with its own field set.
   */
  readonly model?: object;
  readonly fields: readonly FieldMeta[];
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly ForeignKeyMeta[];
  readonly relations: readonly RelationMeta[];
}

/** The scalar kinds that can be filtered and sorted. */
export const SCALAR_KINDS: ReadonlySet<FieldKind> = new Set([
  'string',
  'integer',
  'number',
  'decimal',
  'bigint',
  'boolean',
  'datetime',
  'date',
  'uuid',
  'enum',
]);

/** Looks a field up by name, failing loudly on a configuration mistake. */
export function fieldOf(meta: ModelMeta, name: string): FieldMeta {
  const field = meta.fields.find((f) => f.name === name);
  if (!field) throw new TypeError(`Model "${meta.name}" has no field "${name}"`);
  return field;
}
