/**
 * What a model's own `toJSON()` leaves out of what Sequelize serialises (a
 * password hash it deletes), found by calling it once on an instance with
 * every attribute set: the adapter serves rows without it, so those
 * attributes must be hidden as a default scope's are.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import type { FieldKind, FieldMeta } from 'ormcrud/adapter-kit';
import { Model } from 'sequelize';
import type { AnyModel } from './model-class.ts';

/** A value of each kind as Sequelize reads one, so an override that formats it (a date's `toISOString()`) works. */
const PROBES: Readonly<Record<FieldKind, (field: FieldMeta) => unknown>> = {
  string: () => 'probe',
  integer: () => 1,
  number: () => 1.5,
  decimal: () => '1.5',
  bigint: () => '1',
  boolean: () => true,
  datetime: () => new Date(0),
  date: () => '2000-01-01',
  uuid: () => '00000000-0000-4000-8000-000000000000',
  enum: (field) => field.enumValues?.[0],
  json: () => ({ probe: true }),
  binary: () => Buffer.from('probe'),
  unknown: () => ['probe'],
};

/** The `toJSON` a class between the model and Sequelize's `Model` defines, if any. */
function ownToJson(model: AnyModel): ((this: unknown) => unknown) | undefined {
  for (let proto = model.prototype; proto && proto !== Model.prototype; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, 'toJSON')) return proto.toJSON;
  }
  return undefined;
}

const plain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The attributes among `fields` that the model's own `toJSON()` leaves out (none without one). Throws when
 * it cannot be read that way: it throws, returns no plain object, or changes a value it keeps (a mask).
 *
 * @example
 * ```ts
 * // `models.user`'s class overriding `toJSON() { const { passwordHash, ...rest } = this.get(); return rest; }`:
 * leftOutByToJson(models.user, describeModel(models.user).fields); // Set { 'passwordHash' }
 * ```
 */
export function leftOutByToJson(model: AnyModel, fields: readonly FieldMeta[]): ReadonlySet<string> {
  const toJson = ownToJson(model);
  if (!toJson) return new Set();
  const values: Record<string, unknown> = {};
  for (const field of fields) values[field.name] = PROBES[field.kind](field);
  let json: unknown;
  try {
    json = toJson.call(model.build(values, { raw: true, isNewRecord: false }));
  } catch (error) {
    throw unreadable(model, `threw (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!plain(json)) throw unreadable(model, 'returned no plain object');
  const changed = fields.filter(
    ({ name }) => json[name] !== undefined && JSON.stringify(json[name]) !== JSON.stringify(values[name]),
  );
  if (changed.length > 0) throw unreadable(model, `changes ${changed.map((f) => f.name).join(', ')}`);
  return new Set(fields.filter(({ name }) => json[name] === undefined).map((f) => f.name));
}

function unreadable(model: AnyModel, why: string): TypeError {
  return new TypeError(
    `SequelizeAdapter: ${model.name}'s own toJSON() ${why} on an instance with every attribute set, so the ` +
      'adapter cannot tell which attributes it hides: not supported (remove it, and list the attributes it ' +
      "hides in the model's crudConfig excludeFields)",
  );
}
