/**
 * The shared parts of an OpenAPI document's responses: one response per error
 * status, each a `Problem` as `application/problem+json`, and the headers
 * responses carry (`Location`, `Allow`, `WWW-Authenticate`, `Retry-After`).
 *
 * @module
 */
import type { JsonSchema } from '../schemas/json-schema.ts';

/** The media type of every error. */
export const PROBLEM_JSON = 'application/problem+json';

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** How the document names and describes each error status, and the ranges that cover any other. */
const ERRORS: Readonly<Record<string, { name: string; description: string; header?: string }>> = {
  400: { name: 'BadRequest', description: 'The request is malformed' },
  401: {
    name: 'Unauthorized',
    description: 'Credentials are missing or invalid; `WWW-Authenticate` names the scheme to use',
    header: 'www-authenticate',
  },
  403: { name: 'Forbidden', description: 'The credentials do not allow this' },
  404: { name: 'NotFound', description: 'Not found: the row, or a parent the path names' },
  405: {
    name: 'MethodNotAllowed',
    description: 'The path does not serve this method; `Allow` lists those it does',
    header: 'allow',
  },
  409: { name: 'Conflict', description: 'The write conflicts with other rows (a unique or foreign key)' },
  413: { name: 'ContentTooLarge', description: 'The body is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not `application/json`' },
  422: { name: 'ValidationFailed', description: 'Invalid path, query or body: `errors` names each failing input' },
  429: { name: 'TooManyRequests', description: 'Too many requests; try again later' },
  500: { name: 'InternalServerError', description: 'An unexpected error' },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is unavailable; try again after `Retry-After` seconds',
    header: 'retry-after',
  },
  '4XX': { name: 'ClientError', description: 'Any other refusal of the request (a malformed URL, a path too long)' },
  '5XX': { name: 'ServerError', description: 'Any other failure of the server' },
};

/** Headers by lower-case name. */
const HEADERS: Readonly<Record<string, { name: string; description: string; schema: JsonSchema }>> = {
  location: {
    name: 'Location',
    description: 'The URL of the created row',
    schema: { type: 'string', format: 'uri-reference' },
  },
  allow: { name: 'Allow', description: 'The methods the path serves', schema: { type: 'string' } },
  'retry-after': {
    name: 'Retry-After',
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
  'www-authenticate': {
    name: 'WWW-Authenticate',
    description: 'The authentication scheme to use (`Bearer`)',
    schema: { type: 'string' },
  },
};

/**
 * The responses and headers operations refer to; only those used reach
 * `components`.
 *
 * @example
 * ```ts
 * const shared = new SharedResponses();
 * const responses = { '404': shared.error(404) };
 * const components = { responses: shared.responses() };
 * ```
 */
export class SharedResponses {
  readonly #errors = new Map<number | string, JsonSchema>();
  readonly #headers = new Map<string, JsonSchema>();

  /** A reference to the response of an error status, or of a range (`4XX`, `5XX`). */
  error(status: number | '4XX' | '5XX'): JsonSchema {
    const known = ERRORS[status] ?? { name: `Error${status}`, description: 'An error' };
    if (!this.#errors.has(status)) {
      const headers = known.header ? { headers: this.headers([known.header]) } : {};
      this.#errors.set(status, {
        description: known.description,
        ...headers,
        content: { [PROBLEM_JSON]: { schema: PROBLEM_REF } },
      });
    }
    return { $ref: `#/components/responses/${known.name}` };
  }

  /** A custom error response of the router's `responses` option. */
  custom(description: string): JsonSchema {
    return { description, content: { [PROBLEM_JSON]: { schema: PROBLEM_REF } } };
  }

  /** The `headers` of a response setting these (lower-case) names. */
  headers(names: readonly string[]): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const lower of names) {
      const known = HEADERS[lower];
      if (!known) {
        out[lower] = { schema: { type: 'string' } };
        continue;
      }
      this.#headers.set(known.name, { description: known.description, schema: known.schema });
      out[known.name] = { $ref: `#/components/headers/${known.name}` };
    }
    return out;
  }

  /** `components.responses`, by name. */
  responses(): Record<string, JsonSchema> {
    // A range after the statuses it covers: `4XX` as 499, `5XX` as 599.
    const rank = (status: number | string) =>
      typeof status === 'number' ? status : Number.parseInt(status, 10) * 100 + 99;
    const sorted = [...this.#errors].sort(([a], [b]) => rank(a) - rank(b));
    return Object.fromEntries(sorted.map(([status, response]) => [ERRORS[status]?.name ?? `Error${status}`, response]));
  }

  /** `components.headers`, by name. */
  headerComponents(): Record<string, JsonSchema> {
    return Object.fromEntries(this.#headers);
  }
}
