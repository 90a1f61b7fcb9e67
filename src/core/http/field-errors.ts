/**
 * Ajv's issues as the field errors of a 422: one per failing field, named
 * `source.path`, with a message a client can act on (a format by name, never
 * a long regular expression).
 *
 * @module
 */
import { type FieldError, HttpError } from '../errors.ts';
import { decimalMessage } from '../schemas/decimal-digits.ts';
import { secondDigitsMessage } from '../schemas/second-digits.ts';
import { DOT_KEY_MESSAGE, DOT_KEYS } from '../schemas/storable.ts';
import { formatOfPattern } from '../schemas/value-schemas.ts';

/** One issue as Ajv (with `verbose`) reports it. */
export interface ValidationIssue {
  readonly instancePath: string;
  readonly keyword?: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
  /** With Ajv's `verbose`: the schema holding the failing keyword. */
  readonly parentSchema?: { readonly format?: unknown } | object;
}

/** Where an input comes from, as a field error's path starts: `path`, `query`, `body`, `header`. */
export type InputSource = 'path' | 'query' | 'body' | 'header';

/** What a client reads for a string format (instead of the regular expression behind it). */
const FORMATS: Record<string, string> = {
  'date-time': 'must be a date-time such as 2024-01-31T09:30:00Z',
  /** The generated schemas' date-time: an offset or none (UTC), no digit past the millisecond but zeros. */
  'date-time-ms': 'must be a date-time such as 2024-01-31T09:30:00Z, to the millisecond at most',
  date: 'must be a date such as 2024-01-31',
  time: 'must be a time of day such as 09:30:00',
  duration: 'must be a time from -838:59:59 to 838:59:59 such as 09:30:00',
  uuid: 'must be a UUID such as 0b5e4a6c-8f7d-4e2a-9c1b-3d5f7a9b1c2d',
  base64: 'must be base64 text (padded, no spaces) such as aGVsbG8=',
  email: 'must be an email address',
  uri: 'must be a URL',
  url: 'must be a URL',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  ip: 'must be an IP address, with an optional /prefix, such as 192.168.0.1 or 2001:db8::/32',
};

/** A longer pattern is an implementation detail, not a hint. */
const SHOWN_PATTERN = 64;

/** Whether a failed `not` is a key schema's refusal of `.` and `..`. */
function refusesDotKeys(issue: ValidationIssue): boolean {
  const refused = (issue.parentSchema as { not?: { enum?: unknown } } | undefined)?.not?.enum;
  return Array.isArray(refused) && refused.length === DOT_KEYS.length && DOT_KEYS.every((key) => refused.includes(key));
}

/** A human message for one issue: no schema or long regular expression in it. */
function messageOf(issue: ValidationIssue): string {
  const pattern = issue.keyword === 'pattern' ? String(issue.params.pattern) : undefined;
  const format =
    issue.keyword === 'format'
      ? issue.params.format
      : pattern !== undefined
        ? ((issue.parentSchema as { format?: unknown } | undefined)?.format ?? formatOfPattern(pattern))
        : undefined;
  if (typeof format === 'string') return FORMATS[format] ?? `must be a valid ${format}`;
  const own = pattern === undefined ? undefined : (decimalMessage(pattern) ?? secondDigitsMessage(pattern));
  if (own) return own;
  if (pattern !== undefined)
    return pattern.length <= SHOWN_PATTERN ? `must match the pattern ${pattern}` : 'is not in the expected format';
  const allowed = issue.params.allowedValues as unknown[] | undefined;
  if (allowed) return `must be one of: ${allowed.join(', ')}`;
  if (issue.keyword === 'not') {
    // A new key's `not: { enum: DOT_KEYS }`, a not-null free-form field's `not: { type: 'null' }`, values a
    // field's checks refuse; else `z.never()`: a repeatable parameter with no value to take.
    if (refusesDotKeys(issue)) return DOT_KEY_MESSAGE;
    const refused = (issue.parentSchema as { not?: { type?: unknown; enum?: unknown[] } } | undefined)?.not;
    if (refused?.type === 'null') return 'must not be null';
    return refused?.enum ? `must not be one of: ${refused.enum.join(', ')}` : 'takes no value on this route';
  }
  return issue.message ?? 'is invalid';
}

/** The most entries a 422's `errors` lists, however many fields or items fail. */
const MAX_FIELD_ERRORS = 20;

/**
 * One error per failing field: the first issue reported (a nullable field fails its type, `null` and `anyOf`).
 * Items of one array failing alike are listed once, at the first; `unlisted` counts the failing fields left out.
 */
function fieldErrors(
  issues: readonly ValidationIssue[],
  source: InputSource,
): { errors: FieldError[]; unlisted: number } {
  const paths = new Set<string>();
  const kinds = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    if (typeof issue.params.missingProperty === 'string') segments.push(issue.params.missingProperty);
    const path = [source, ...segments].join('.');
    if (paths.has(path)) continue;
    paths.add(path);
    if (errors.length === MAX_FIELD_ERRORS) continue;
    const message = messageOf(issue);
    const kind = `${segments.map((s) => (/^\d+$/.test(s) ? '*' : s)).join('/')} ${message}`;
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    errors.push({ path, message });
  }
  return { errors, unlisted: paths.size - errors.length };
}

/**
 * The 422 for failed validation of one part of a request: at most
 * {@link MAX_FIELD_ERRORS} errors, and a `detail` naming their paths.
 *
 * @example
 * ```ts
 * const error = validationError([{ instancePath: '/page', params: {}, message: 'must be integer' }], 'query');
 * error.errors; // [{ path: 'query.page', message: 'must be integer' }]
 * ```
 */
export function validationError(issues: readonly ValidationIssue[], source: InputSource): HttpError {
  const { errors, unlisted } = fieldErrors(issues, source);
  const more = unlisted > 0 ? ` and ${unlisted} more` : '';
  return new HttpError('validation_failed', `Invalid ${errors.map((e) => e.path).join(', ')}${more}`, { errors });
}
