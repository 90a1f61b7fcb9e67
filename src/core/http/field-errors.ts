/**
 * Ajv's issues as the field errors of a 422: one per failing field, named
 * `source.path`, with a message a client can act on (a format by name, never
 * a long regular expression).
 *
 * @module
 */
import { type FieldError, HttpError } from '../errors.ts';
import { formatOfPattern } from '../schemas/schema-factory.ts';

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
  date: 'must be a date such as 2024-01-31',
  time: 'must be a time such as 09:30:00',
  uuid: 'must be a UUID such as 0b5e4a6c-8f7d-4e2a-9c1b-3d5f7a9b1c2d',
  email: 'must be an email address',
  uri: 'must be a URL',
  url: 'must be a URL',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
};

/** A longer pattern is an implementation detail, not a hint. */
const SHOWN_PATTERN = 64;

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
  if (pattern !== undefined)
    return pattern.length <= SHOWN_PATTERN ? `must match the pattern ${pattern}` : 'is not in the expected format';
  const allowed = issue.params.allowedValues as unknown[] | undefined;
  if (allowed) return `must be one of: ${allowed.join(', ')}`;
  return issue.message ?? 'is invalid';
}

/** One error per failing field: the first issue reported (a nullable field fails its type, `null` and `anyOf`). */
function fieldErrors(issues: readonly ValidationIssue[], source: InputSource): FieldError[] {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    if (typeof issue.params.missingProperty === 'string') segments.push(issue.params.missingProperty);
    const path = [source, ...segments].join('.');
    if (!byPath.has(path)) byPath.set(path, messageOf(issue));
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}

/**
 * The 422 for failed validation of one part of a request.
 *
 * @example
 * ```ts
 * const error = validationError([{ instancePath: '/page', params: {}, message: 'must be integer' }], 'query');
 * error.errors; // [{ path: 'query.page', message: 'must be integer' }]
 * ```
 */
export function validationError(issues: readonly ValidationIssue[], source: InputSource): HttpError {
  const errors = fieldErrors(issues, source);
  return new HttpError('validation_failed', `Invalid ${errors.map((e) => e.path).join(', ')}`, { errors });
}
