/**
 * Sequelize's built-in attribute validators as the core's {@link ValueChecks},
 * where a JSON Schema states exactly what the validator checks (validator.js,
 * on the value as text, skipping `null`): the create and update schemas then
 * check them, a 422 naming the field, and document them. The validators it
 * cannot state (a function, `isEmail`, `isUrl`, one on another kind) are
 * named instead, for the adapter to refuse.
 *
 * @module
 */
import type { FieldKind, ValueChecks } from 'ormcrud/adapter-kit';

/** A validator's checks, `undefined` when no JSON Schema states it exactly for a field of `kind`. */
type Mapping = (args: readonly unknown[], kind: FieldKind) => ValueChecks | undefined;

const NONE: ValueChecks = {};
/** The kinds whose values' text is never blank. */
const NEVER_BLANK: ReadonlySet<FieldKind> = new Set([
  'integer',
  'number',
  'bigint',
  'decimal',
  'boolean',
  'datetime',
  'date',
  'uuid',
]);
const HEX = '[0-9A-Fa-f]';

/** The arguments Sequelize passes a built-in validator: `args` of `{ args, msg }`, a list, or the value alone. */
function argsOf(test: unknown): readonly unknown[] {
  const args = (test as { args?: unknown } | null)?.args || test;
  return Array.isArray(args) ? args : [args];
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `isLength(text, min, max)` or `isLength(text, { min, max })`, counting code points. */
const lengths: Mapping = ([first, second], kind) => {
  if (kind !== 'string') return undefined;
  const options = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined;
  const min = (options ? options.min : first) || 0;
  const max = options ? options.max : second;
  if (!isNumber(min) || !(max === undefined || isNumber(max)) || options?.discreteLengths !== undefined) {
    return undefined;
  }
  const minLength = Math.max(Math.ceil(min), 0);
  if (max !== undefined && Math.floor(max) < minLength) return undefined;
  return { ...(minLength > 0 && { minLength }), ...(max !== undefined && { maxLength: Math.floor(max) }) };
};

/** `min` or `max`: a number (text that is none passes, but a number field's text always is one). */
const bound =
  (which: 'minimum' | 'maximum'): Mapping =>
  ([limit], kind) =>
    (kind === 'integer' || kind === 'number') && isNumber(limit) ? { [which]: limit } : undefined;

/**
 * The values of a list `isIn` compares the value's text with, as values of a field of `kind`: strings as
 * they are, numbers whose text is an entry (`1` for `'1'`, none for `'01'`).
 */
function listed(list: unknown, kind: FieldKind): (string | number)[] | undefined {
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string' || isNumber(entry))) return undefined;
  const texts = list.map(String);
  if (kind === 'string') return texts;
  if (kind !== 'integer' && kind !== 'number') return undefined;
  const numbers = texts.map(Number).filter((n, i) => Number.isFinite(n) && String(n) === texts[i]);
  return kind === 'integer' ? numbers.filter(Number.isSafeInteger) : numbers;
}

const oneOf: Mapping = ([list], kind) => {
  const values = listed(list, kind);
  return values && values.length > 0 ? { oneOf: values } : undefined;
};

const noneOf: Mapping = ([list], kind) => {
  const values = listed(list, kind);
  return values && (values.length > 0 ? { noneOf: values } : NONE);
};

/** The source of a pattern validator's expression: a `RegExp` (its flags ignored), or text with its flags. */
function patternOf([pattern, flags]: readonly unknown[]): string | undefined {
  let regex: RegExp;
  try {
    regex = pattern instanceof RegExp ? pattern : new RegExp(String(pattern), flags as string | undefined);
  } catch {
    return undefined;
  }
  if (regex.flags !== '') return undefined;
  // Validated in Unicode mode, as a JSON Schema's patterns are.
  try {
    new RegExp(regex.source, 'u');
  } catch {
    return undefined;
  }
  return regex.source;
}

/** `is`, `matches`: the text matches somewhere; `not`: nowhere. */
const matching =
  (negated: boolean): Mapping =>
  (args, kind) => {
    const source = kind === 'string' ? patternOf(args) : undefined;
    if (source === undefined) return undefined;
    return { patterns: [negated ? `^(?![\\s\\S]*?(?:${source}))` : source] };
  };

/** `isInt`: a number field's text is an integer's, within `min`, `max`, `lt`, `gt` (compared as numbers). */
const integral: Mapping = ([options], kind) => {
  const given = (typeof options === 'object' && options) || {};
  const { allow_leading_zeroes: zeroes, ...limits } = given as Record<string, unknown>;
  const set = Object.entries(limits).filter(([, value]) => value !== undefined && value !== null);
  if (kind === 'string') {
    if (set.length > 0) return undefined;
    return { patterns: [zeroes === false ? '^(?:[-+]?(?:0|[1-9][0-9]*))$' : '^[-+]?[0-9]+$'] };
  }
  if (kind !== 'integer' || !set.every(([, value]) => isNumber(value))) return undefined;
  const { min, max, lt, gt } = Object.fromEntries(set) as Record<string, number | undefined>;
  const lows = [min, gt === undefined ? undefined : Math.floor(gt) + 1].filter(isNumber);
  const highs = [max, lt === undefined ? undefined : Math.ceil(lt) - 1].filter(isNumber);
  return {
    ...(lows.length > 0 && { minimum: Math.max(...lows) }),
    ...(highs.length > 0 && { maximum: Math.min(...highs) }),
  };
};

/** validator.js 13's UUID of a version: its digit, and the RFC 9562 variant. */
const versioned = (digit: string) => `${HEX}{8}-${HEX}{4}-${digit}${HEX}{3}-[89ABab]${HEX}{3}-${HEX}{12}`;

/** validator.js 13's `isUUID` expressions by version, case-insensitive. */
const UUIDS: Readonly<Record<string, string>> = {
  all: `^(?:${versioned('[1-8]')}|0{8}-0{4}-0{4}-0{4}-0{12}|[Ff]{8}-[Ff]{4}-[Ff]{4}-[Ff]{4}-[Ff]{12})$`,
  loose: `^${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}$`,
  ...Object.fromEntries(['1', '2', '3', '4', '5', '6', '7', '8'].map((v) => [v, `^${versioned(v)}$`])),
};

const uuid: Mapping = ([version], kind) => {
  const pattern = UUIDS[version === undefined || version === null ? 'all' : String(version)];
  return (kind === 'string' || kind === 'uuid') && pattern ? { patterns: [pattern] } : undefined;
};

/** The validators a JSON Schema states, by name. */
const MAPPINGS: Readonly<Record<string, Mapping>> = {
  len: lengths,
  // Text with a character other than white space (a number's, a date's or a uuid's always has one).
  notEmpty: (_, kind) => (kind === 'string' ? { patterns: ['\\S'] } : NEVER_BLANK.has(kind) ? NONE : undefined),
  // Never false for a value: Sequelize runs no built-in validator on `null`.
  notNull: () => NONE,
  min: bound('minimum'),
  max: bound('maximum'),
  isIn: oneOf,
  notIn: noneOf,
  is: matching(false),
  matches: matching(false),
  regex: matching(false),
  not: matching(true),
  notRegex: matching(true),
  isInt: integral,
  isUUID: uuid,
};

/** Checks that hold both `a` and `b`. */
function both(a: ValueChecks, b: ValueChecks): ValueChecks {
  const pick = (x: number | undefined, y: number | undefined, f: (...n: number[]) => number) =>
    x === undefined ? y : y === undefined ? x : f(x, y);
  const merged: ValueChecks = {
    minLength: pick(a.minLength, b.minLength, Math.max),
    maxLength: pick(a.maxLength, b.maxLength, Math.min),
    minimum: pick(a.minimum, b.minimum, Math.max),
    maximum: pick(a.maximum, b.maximum, Math.min),
    patterns: a.patterns && b.patterns ? [...a.patterns, ...b.patterns] : (a.patterns ?? b.patterns),
    oneOf: a.oneOf && b.oneOf ? a.oneOf.filter((value) => b.oneOf?.includes(value)) : (a.oneOf ?? b.oneOf),
    noneOf: a.noneOf && b.noneOf ? [...a.noneOf, ...b.noneOf] : (a.noneOf ?? b.noneOf),
  };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}

/**
 * The checks an attribute's `validate` makes on a field of `kind` that a JSON Schema states, and the names
 * of its validators it cannot.
 *
 * @example
 * ```ts
 * validatorChecks({ len: [2, 50], isEmail: true }, 'string'); // { checks: { minLength: 2, maxLength: 50 }, unstated: ['isEmail'] }
 * validatorChecks({ min: 0, max: 150 }, 'integer'); // { checks: { minimum: 0, maximum: 150 }, unstated: [] }
 * ```
 */
export function validatorChecks(
  validate: object | undefined,
  kind: FieldKind,
): { checks: ValueChecks | undefined; unstated: string[] } {
  let checks: ValueChecks | undefined;
  const unstated: string[] = [];
  for (const [name, test] of Object.entries(validate ?? {})) {
    const mapping = typeof test === 'function' || !Object.hasOwn(MAPPINGS, name) ? undefined : MAPPINGS[name];
    const mapped = mapping?.(argsOf(test), kind);
    if (mapped) checks = checks ? both(checks, mapped) : mapped;
    else unstated.push(name);
  }
  return { checks: checks && Object.keys(checks).length > 0 ? checks : undefined, unstated };
}
