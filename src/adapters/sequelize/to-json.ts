/**
 * What a model's own `toJSON()` leaves out of what Sequelize serialises (a
 * password hash it deletes), found by calling it on contrasting instances:
 * the adapter serves rows without it, so those attributes must be hidden as
 * a default scope's are, and hidden on every row alike.
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

/** The values of a kind as read from the opposite kind of row: a falsy one, where the kind has it. */
const FALSY: Partial<Record<FieldKind, unknown>> = {
  string: '',
  integer: 0,
  number: 0,
  decimal: '0',
  bigint: '0',
  boolean: false,
};

/** The contrasting values a row's `toJSON()` might decide on: truthy and falsy, `null` where allowed, each enum value. */
function contrasts(field: FieldMeta): unknown[] {
  const values = [PROBES[field.kind](field), ...(field.kind in FALSY ? [FALSY[field.kind]] : [])];
  if (field.kind === 'enum') values.push(...(field.enumValues ?? []).slice(1));
  if (field.nullable) values.push(null);
  return values;
}

/** A probe: the attribute values of an instance, and the attribute varied from its base (none for a base). */
type Probe = { readonly values: Readonly<Record<string, unknown>>; readonly varied?: string };

/**
 * The instances `toJSON()` is called on: every attribute truthy, every attribute falsy (or null), and from
 * each of the two every attribute set in turn to each of its other contrasting values.
 */
function probes(fields: readonly FieldMeta[]): Probe[] {
  const truthy = Object.fromEntries(fields.map((f) => [f.name, contrasts(f)[0]]));
  const falsy = Object.fromEntries(
    fields.map((f) => {
      const values = contrasts(f);
      return [f.name, f.nullable ? null : values.length > 1 ? values[1] : values[0]];
    }),
  );
  const all: Probe[] = [{ values: truthy }, { values: falsy }];
  for (const base of [truthy, falsy]) {
    for (const field of fields) {
      for (const value of contrasts(field)) {
        if (value !== base[field.name]) all.push({ values: { ...base, [field.name]: value }, varied: field.name });
      }
    }
  }
  return all;
}

/**
 * The attributes among `fields` that the model's own `toJSON()` leaves out (none without one). Throws when
 * it cannot be read that way: it throws, returns no plain object, changes a value it keeps (a mask), or
 * leaves an attribute out of some rows only (as another attribute's value decides), which is found by
 * calling it on contrasting instances.
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
  const [first, ...rest] = probes(fields).map((probe) => ({ probe, out: leftOut(model, toJson, fields, probe) }));
  const hidden = (first as { out: ReadonlySet<string> }).out;
  const deciding = new Map<string, Set<string>>();
  for (const { probe, out } of rest) {
    // An attribute left out where its own value is null hides nothing.
    const differs = fields.filter(({ name }) => out.has(name) !== hidden.has(name) && probe.values[name] !== null);
    for (const { name } of differs) {
      const by = deciding.get(name) ?? new Set();
      if (probe.varied && probe.varied !== name) by.add(probe.varied);
      deciding.set(name, by);
    }
  }
  if (deciding.size > 0) {
    const which = [...deciding].map(([name, by]) => (by.size > 0 ? `${name} (as ${[...by].join(', ')} varies)` : name));
    throw new TypeError(
      `SequelizeAdapter: ${model.name}'s own toJSON() leaves ${which.join(', ')} out of some rows only: not ` +
        'supported, since the adapter serves every row with one field set (hide them on every row, or list ' +
        "them in the model's crudConfig excludeFields)",
    );
  }
  return hidden;
}

/** What `toJSON()` leaves out of one probe's instance. */
function leftOut(
  model: AnyModel,
  toJson: (this: unknown) => unknown,
  fields: readonly FieldMeta[],
  { values, varied }: Probe,
): ReadonlySet<string> {
  const on = ` on an instance with ${varied === undefined ? 'every attribute set' : `${varied} ${JSON.stringify(values[varied])}`}`;
  let json: unknown;
  try {
    json = toJson.call(model.build({ ...values }, { raw: true, isNewRecord: false }));
  } catch (error) {
    throw unreadable(model, `threw (${error instanceof Error ? error.message : String(error)})${on}`);
  }
  if (!plain(json)) throw unreadable(model, `returned no plain object${on}`);
  const changed = fields.filter(
    ({ name }) => json[name] !== undefined && JSON.stringify(json[name]) !== JSON.stringify(values[name]),
  );
  if (changed.length > 0) throw unreadable(model, `changes ${changed.map((f) => f.name).join(', ')}${on}`);
  return new Set(fields.filter(({ name }) => json[name] === undefined).map((f) => f.name));
}

function unreadable(model: AnyModel, why: string): TypeError {
  return new TypeError(
    `SequelizeAdapter: ${model.name}'s own toJSON() ${why}, so the ` +
      'adapter cannot tell which attributes it hides: not supported (remove it, and list the attributes it ' +
      "hides in the model's crudConfig excludeFields)",
  );
}
