/**
 * The values an app's own create or update resolver hands the adapter,
 * checked before anything is written: each field's value must be one its
 * kind takes, as a client sends it (checked by the JSON Schema that checks a
 * client's body, so a 422 reads the same) or as a row holds it (a valid `Date`
 * for a date, within its column's digits of a second; bytes for a binary
 * field, a `bigint` for a 64-bit integer). A field outside the create and
 * update field sets is checked too; keys that are no field are left to the
 * adapter, which drops them.
 *
 * @module
 */
import type { ValidateFunction } from 'ajv';
import type { Row } from '../adapter-data.ts';
import { cached } from '../cache.ts';
import { validationError } from '../http/field-errors.ts';
import { compileValidator } from '../http/validators.ts';
import type { FieldMeta, ModelMeta } from '../model-meta.ts';
import { toJsonSchema } from '../schemas/json-schema.ts';
import { updateObject } from '../schemas/schema-factory.ts';

/** A value its field takes as it is, in a row's own form. */
const TAKEN: unique symbol = Symbol('taken');

/**
 * `value` as the JSON schema checks it: {@link TAKEN} for a row's own form of its kind, the text a client
 * would send for a number of a decimal or 64-bit field or a `Date` finer than a second, else the value itself
 * (an invalid `Date` as its text).
 */
function asSent(field: FieldMeta, value: unknown): unknown {
  switch (field.kind) {
    case 'datetime':
    case 'date':
      if (!(value instanceof Date)) return value;
      if (Number.isNaN(value.getTime())) return String(value);
      // A fraction of a second its column may not keep is checked as a client's text, by the column's digits.
      return field.secondDigits !== undefined && value.getUTCMilliseconds() !== 0 ? value.toISOString() : TAKEN;
    case 'binary':
      return value instanceof Uint8Array ? TAKEN : value;
    case 'bigint':
      if (typeof value === 'bigint') return TAKEN;
      return typeof value === 'number' ? String(value) : value;
    case 'decimal':
      return typeof value === 'number' ? String(value) : value;
    default:
      return value;
  }
}

/**
 * The check of one model's written values, made once per model.
 *
 * @example
 * ```ts
 * const check = writtenValues(postAdapter.meta);
 * check.check({ body: 'Hello', created_at: new Date() }); // returned as it is
 * check.check({ author_id: 'abc' }); // throws a 422 naming body.author_id
 * ```
 */
export class WrittenValues {
  readonly #fields: ReadonlyMap<string, FieldMeta>;
  /** Every field, optional and nullable where the field is: what a client's JSON would be checked against. */
  readonly #validate: ValidateFunction;

  constructor(meta: ModelMeta) {
    this.#fields = new Map(meta.fields.map((field) => [field.name, field]));
    const every = updateObject(meta, new Set(this.#fields.keys()));
    this.#validate = compileValidator(toJsonSchema(every, 'input'), 'json');
  }

  /** `value` itself, or a 422 naming each field whose value its kind does not take. */
  check(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Row;
    let sent: Row | undefined;
    for (const key in record) {
      const field = this.#fields.get(key);
      const given = record[key];
      if (!field || given === undefined) continue;
      const form = asSent(field, given);
      if (form === TAKEN) continue;
      sent ??= {};
      sent[key] = form;
    }
    if (sent && !this.#validate(sent)) throw validationError(this.#validate.errors ?? [], 'body');
    return value;
  }
}

const made = new WeakMap<ModelMeta, WrittenValues>();

/**
 * The {@link WrittenValues} of `meta`, shared by every mount point of its model.
 *
 * @example
 * ```ts
 * writtenValues(postAdapter.meta).check(req.body);
 * ```
 */
export const writtenValues = (meta: ModelMeta): WrittenValues => cached(made, meta, () => new WrittenValues(meta));
