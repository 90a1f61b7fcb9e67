/**
 * fast-check arbitraries for hostile HTTP requests, derived from an OpenAPI
 * operation: path parameters, query strings and bodies, valid and invalid
 * (wrong types, odd integer spellings, huge and negative numbers, integers
 * past 2^53, empty and 1 MB strings, unicode, NUL bytes, deep JSON, arrays for
 * objects, duplicate query keys, refused keys), and a bearer user.
 */
import fc from 'fast-check';
import { encodeComponent, fillPath, type Operation, type Schema } from './openapi.ts';

/** A request body: a JSON value, or raw text (malformed JSON, duplicate keys, deep nesting). */
export type Body = { readonly json: unknown } | { readonly raw: string };

export interface FuzzRequest {
  readonly op: Operation;
  readonly pathValues: Readonly<Record<string, string>>;
  readonly query: readonly (readonly [string, string])[];
  readonly body: Body | undefined;
  readonly authorization: string | undefined;
}

/** How a part of a request is made: as its schema allows, or to break it. */
type Mode = 'valid' | 'hostile';

const INT4_MAX = 2 ** 31 - 1;
const MB = 'x'.repeat(1 << 20);

/** Spellings of integers that must never be read as one (and some that look like one). */
const ODD_INTEGERS = [
  '0x1',
  '1e0',
  ' 1',
  '1 ',
  '+1',
  '01',
  '-0',
  '1.5',
  '1.0',
  'abc',
  '',
  'true',
  'null',
  '[]',
  '١',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999999',
  '1e400',
  'Infinity',
  'NaN',
];

const ODD_STRINGS = [
  '',
  ' ',
  'en',
  'fr',
  'de',
  'ada',
  "O'Brien",
  '"; DROP TABLE post; --',
  '%',
  '_',
  '\\',
  '\u202e',
  'e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  '\ud800',
  '\r\n',
  '<script>',
];

/** An integer as URL text: mostly small ids that exist, sometimes odd spellings or far out of range. */
export const integerText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -2, max: 8 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_INTEGERS) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.integer({ min: INT4_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: -INT4_MAX - 2 }),
      )
      .map(String),
  },
);

/** Text of any kind, at most around `maxLength` (or a little past it). */
export function text(maxLength = 12, huge = false): fc.Arbitrary<string> {
  const arbitraries: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ maxLength }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: Math.min(maxLength, 8) }) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 1, arbitrary: fc.string({ minLength: maxLength + 1, maxLength: maxLength + 4 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }).map((s) => `${s}\u0000${s}`) },
  ];
  if (huge) arbitraries.push({ weight: 1, arbitrary: fc.constant(MB) });
  return fc.oneof(...arbitraries);
}

/** The schema's type; of a nullable one (`['string', 'null']`), the type besides `'null'`. */
const typeOf = (schema: Schema) =>
  (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type) as string | undefined;
const isNullable = (schema: Schema) => Array.isArray(schema.type) && schema.type.includes('null');

/** Strings a schema accepts (of hostile content: quotes, SQL, unicode, controls). */
function validText(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.max(1, maxLength >> 1) }) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS.filter((v) => v.length <= maxLength)) },
  );
}

/** A JSON value of the schema's type: in `valid` mode within its bounds, else sometimes just outside. */
function jsonValueOf(schema: Schema, mode: Mode): fc.Arbitrary<unknown> {
  const nullable = isNullable(schema);
  let value: fc.Arbitrary<unknown>;
  if (schema.enum) value = fc.constantFrom(...schema.enum);
  else
    switch (typeOf(schema)) {
      case 'integer':
        value =
          mode === 'valid'
            ? fc.integer({ min: 1, max: 5 })
            : fc.oneof(
                { weight: 4, arbitrary: fc.integer({ min: -1, max: 6 }) },
                { weight: 1, arbitrary: fc.integer() },
                { weight: 1, arbitrary: fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e300, -0) },
              );
        break;
      case 'number':
        value = fc.double({ noNaN: true, noDefaultInfinity: true });
        break;
      case 'boolean':
        value = fc.boolean();
        break;
      case 'string':
        value = mode === 'valid' ? validText(schema.maxLength ?? 16) : text(schema.maxLength ?? 16, true);
        break;
      default:
        value = fc.jsonValue({ maxDepth: 2 });
    }
  return nullable ? fc.option(value, { nil: null, freq: 4 }) : value;
}

/** A JSON value of some other type than the schema's. */
function wrongValue(schema: Schema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const candidates: fc.Arbitrary<unknown>[] = [
    fc.constant([]),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.constant({}),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { minKeys: 1, maxKeys: 2 }),
  ];
  if (type !== 'string') candidates.push(fc.string({ maxLength: 6 }), fc.constantFrom('1', '1e0', 'true'));
  if (type !== 'integer' && type !== 'number') candidates.push(fc.integer());
  if (type === 'integer') candidates.push(fc.constantFrom(1.5, -0.25, 1e-7));
  if (type !== 'boolean') candidates.push(fc.boolean());
  if (!isNullable(schema)) candidates.push(fc.constant(null));
  return fc.oneof(...candidates);
}

/** A body for an object schema: valid, or (hostile mode) broken in one of many ways. */
export function bodyFor(schema: Schema, mode: Mode): fc.Arbitrary<Body> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required = schema.required ?? [];
  const objectOf = (m: Mode) =>
    fc.record(
      Object.fromEntries(keys.map((key) => [key, jsonValueOf(properties[key] as Schema, m)])) as Record<
        string,
        fc.Arbitrary<unknown>
      >,
      { requiredKeys: [...required] },
    );
  const json = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<Body> => arbitrary.map((value) => ({ json: value }));
  if (mode === 'valid') return json(objectOf('valid'));
  const valid = objectOf('hostile');
  const broken: fc.Arbitrary<Body>[] = [
    json(
      fc
        .tuple(valid, fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))
        .map(([body, extra]) => ({ ...extra, ...body })),
    ),
    json(fc.oneof(fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), fc.string())),
    fc.constantFrom<Body>(
      { raw: '' },
      { raw: '{"a":' },
      { raw: '{"name":"x"}trailing' },
      { raw: "{'name':'x'}" },
      { raw: `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}` },
      { raw: `${'['.repeat(5000)}${']'.repeat(5000)}` },
      { raw: '{"__proto__":{"isAdmin":true}}' },
      { raw: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    ),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    broken.push(
      json(
        fc
          .tuple(valid, key)
          .chain(([body, k]) => wrongValue(properties[k] as Schema).map((v) => ({ ...body, [k]: v }))),
      ),
      fc.tuple(valid, key).map(([body, k]) => ({
        raw: `${JSON.stringify(body).slice(0, -1)}${Object.keys(body).length ? ',' : ''}"${k}":"dup"}`,
      })),
    );
  }
  if (required.length > 0) {
    broken.push(
      json(
        fc.tuple(valid, fc.constantFrom(...required)).map(([body, k]) => {
          const copy = { ...(body as Record<string, unknown>) };
          delete copy[k];
          return copy;
        }),
      ),
    );
  }
  return fc.oneof({ weight: 1, arbitrary: json(valid) }, { weight: 2, arbitrary: fc.oneof(...broken) });
}

const dates = fc
  .date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** A query value as text for a parameter's schema: in `valid` mode one it accepts. */
function queryValue(schema: Schema, mode: Mode): fc.Arbitrary<string> {
  const type = typeOf(schema);
  const valid = mode === 'valid';
  if (type === 'integer') {
    const low = Math.max(schema.minimum ?? 1, 1);
    return valid ? fc.integer({ min: low, max: Math.min(schema.maximum ?? 6, low + 5) }).map(String) : integerText;
  }
  if (type === 'boolean') return valid ? fc.constantFrom('true', 'false') : fc.constantFrom('1', '0', 'yes', '');
  if (schema.enum) {
    const allowed = fc.constantFrom(...(schema.enum as string[]));
    return valid ? allowed : fc.oneof(allowed, text(8));
  }
  if (schema.pattern || schema.format) {
    if (valid) return dates;
    const bad = fc.constantFrom('2024-02-30T00:00:00Z', '2024-01-01', 'yesterday', '2024-01-01T00:00:00+99:00');
    return fc.oneof(dates, bad, text(30));
  }
  return valid ? validText(schema.maxLength ?? 16) : text(schema.maxLength ?? 16);
}

/** Query pairs for an operation: some documented parameters (repeated, or not), sometimes an unknown one. */
function queryFor(op: Operation, mode: Mode): fc.Arbitrary<(readonly [string, string])[]> {
  if (op.queryParams.length === 0) return fc.constant([]);
  const pairs = op.queryParams.map((param) => {
    const repeatable = param.schema.type === 'array';
    const item = repeatable ? (param.schema.items as Schema) : param.schema;
    const most = repeatable ? 3 : mode === 'valid' ? 1 : 2;
    const values = fc.array(queryValue(item, mode), { minLength: 1, maxLength: most });
    const pair = values.map((vs) => vs.map((v) => [param.name, v] as const));
    return fc.option(pair, { freq: mode === 'valid' ? 4 : 2 });
  });
  const unknown = fc.option(fc.tuple(fc.constantFrom('nope', 'password_hash', '__proto__'), text(6)), { freq: 5 });
  return fc
    .tuple(fc.tuple(...pairs), unknown)
    .map(([chosen, extra]) => [...chosen.flatMap((p) => p ?? []), ...(extra ? [extra] : [])]);
}

/** A path parameter's text: ids and languages that exist, and (hostile mode) anything else. */
function pathValue(schema: Schema, mode: Mode): fc.Arbitrary<string> {
  const integer = typeOf(schema) === 'integer';
  if (mode === 'valid') return integer ? fc.integer({ min: 1, max: 5 }).map(String) : fc.constantFrom('en', 'fr', 'de');
  const languages = fc.constantFrom('en', 'fr', 'de');
  const value = integer
    ? integerText
    : fc.oneof({ weight: 3, arbitrary: languages }, { weight: 2, arbitrary: text(10) });
  // An empty value would change the route itself (`/categories/` is the list), not the parameter.
  return value.filter((v) => v !== '');
}

/** Who sends the request: mostly the administrator, then users, unknown users and junk. */
export const authorization: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'Bearer user-1',
  'Bearer user-1',
  'Bearer user-1',
  'Bearer user-1',
  'Bearer user-1',
  'Bearer user-2',
  'Bearer user-2',
  'Bearer user-3',
  'Bearer user-99',
  'Bearer user-01',
  'Bearer nope',
  undefined,
);

/** A request for one operation: well-formed (most of the time) or hostile in its path, query or body. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ path: modes, query: modes, body: modes })
    .chain((mode) => requestIn(op, mode.path, mode.query, mode.body));
}

/** Each part of a request is hostile one time in six, so that most requests reach the database. */
const modes = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Mode>('valid') },
  { weight: 1, arbitrary: fc.constant<Mode>('hostile') },
);

function requestIn(op: Operation, pathMode: Mode, queryMode: Mode, bodyMode: Mode): fc.Arbitrary<FuzzRequest> {
  const path = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p.schema, pathMode)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const body = op.body ? bodyFor(op.body, bodyMode) : fc.constant(undefined);
  return fc.record({ pathValues: path, query: queryFor(op, queryMode), body, authorization }).map((parts) => {
    const request: FuzzRequest = { op, ...parts };
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });
}

/** A request in one line, for counterexamples: method, URL, user and body. */
export function describeRequest(request: FuzzRequest): string {
  const { body } = request;
  const text = body && ('json' in body ? JSON.stringify(body.json) : `raw ${JSON.stringify(body.raw)}`);
  const shown = text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return `${request.op.method} ${urlOf(request).slice(0, 300)} [${request.authorization ?? 'anonymous'}] ${shown ?? ''}`;
}

/** The URL of a request: its path with parameters filled in, and its query string. */
export function urlOf(request: FuzzRequest): string {
  const query = request.query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
  return fillPath(request.op.path, request.pathValues) + (query ? `?${query}` : '');
}

const hasNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : Array.isArray(value)
      ? value.some(hasNul)
      : typeof value === 'object' && value !== null && Object.values(value).some(hasNul);

/**
 * Whether a request carries U+0000 anywhere (path, query or body), so a run
 * can be made of such requests alone: the rarer input gets its own runs.
 */
export function hasNulByte(request: FuzzRequest): boolean {
  const { pathValues, query, body } = request;
  const bodyValue = body && 'json' in body ? body.json : body?.raw;
  return hasNul(pathValues) || query.some(([, v]) => v.includes('\u0000')) || hasNul(bodyValue);
}
