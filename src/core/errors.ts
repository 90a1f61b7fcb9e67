/**
 * The one error type of ormcrud, its closed set of codes, and the one
 * table from code to HTTP status. Bindings turn any `HttpError` into an
 * RFC 9457 `application/problem+json` body with {@link toProblem}.
 *
 * @module
 */
import { otherStatusTitle } from './status-titles.ts';

/**
 * Every status the library produces, keyed by its stable machine-readable code.
 *
 * @example
 * ```ts
 * ERROR_STATUS.conflict; // 409
 * ```
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  parent_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  validation_failed: 422,
  too_many_requests: 429,
  header_fields_too_large: 431,
  internal: 500,
  service_unavailable: 503,
} as const;

/** The closed set of error codes. */
export type ErrorCode = keyof typeof ERROR_STATUS;

const CODE_BY_STATUS = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][]) {
  if (!CODE_BY_STATUS.has(status)) CODE_BY_STATUS.set(status, code);
}

const TITLES: Record<ErrorCode, string> = {
  bad_request: 'Bad Request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not Found',
  parent_not_found: 'Not Found',
  method_not_allowed: 'Method Not Allowed',
  request_timeout: 'Request Timeout',
  conflict: 'Conflict',
  payload_too_large: 'Content Too Large',
  uri_too_long: 'URI Too Long',
  unsupported_media_type: 'Unsupported Media Type',
  validation_failed: 'Unprocessable Content',
  too_many_requests: 'Too Many Requests',
  header_fields_too_large: 'Request Header Fields Too Large',
  internal: 'Internal Server Error',
  service_unavailable: 'Service Unavailable',
};

/** One failing input of a 422: where it is (`body.name`, `query.page`) and why. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** Extra members of an {@link HttpError}. */
export interface HttpErrorOptions {
  readonly errors?: readonly FieldError[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/**
 * An error that ends a request with a problem+json response.
 *
 * @example
 * ```ts
 * const requireUser = (req: CrudRequest) => {
 *   if (!req.headers.authorization) throw new HttpError(401, 'login required');
 * };
 * throw new HttpError('conflict', 'slug already taken');
 * ```
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly errors: readonly FieldError[] | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(codeOrStatus: ErrorCode | number, detail?: string, options: HttpErrorOptions = {}) {
    const status = typeof codeOrStatus === 'number' ? codeOrStatus : ERROR_STATUS[codeOrStatus];
    if (!(Number.isInteger(status) && status >= 400 && status < 600))
      throw new RangeError(`HttpError status ${String(codeOrStatus)} is not a 4xx or 5xx code or status`);
    const code = typeof codeOrStatus === 'number' ? (CODE_BY_STATUS.get(status) ?? statusFamily(status)) : codeOrStatus;
    const text = detail ?? titleOf(code, status);
    super(text, { cause: options.cause });
    this.name = 'HttpError';
    this.code = code;
    this.status = status;
    this.detail = text;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

/** A problem's title: its code's, or the phrase of a status the table lacks (`418`), else its family's. */
function titleOf(code: ErrorCode, status: number): string {
  return ERROR_STATUS[code] === status ? TITLES[code] : (otherStatusTitle(status) ?? TITLES[code]);
}

/** The code of a status outside the table (`418`): its family's, so the set of codes stays closed. */
function statusFamily(status: number): ErrorCode {
  return status >= 500 ? 'internal' : 'bad_request';
}

/**
 * A requested resource does not exist (404, detail "Not found").
 *
 * @example
 * ```ts
 * const row = await threadAdapter.getOne({ id: 7 }, []);
 * if (!row) throw new NotFoundError();
 * ```
 */
export class NotFoundError extends HttpError {
  constructor(detail = 'Not found', code: 'not_found' | 'parent_not_found' = 'not_found') {
    super(code, detail);
    this.name = 'NotFoundError';
  }
}

/**
 * A parent in the URL does not exist or is not accessible (404, "Parent not found").
 *
 * @example
 * ```ts
 * throw new ParentNotFoundError(); // 404 problem, code parent_not_found
 * ```
 */
export class ParentNotFoundError extends NotFoundError {
  constructor(detail = 'Parent not found') {
    super(detail, 'parent_not_found');
    this.name = 'ParentNotFoundError';
  }
}

/** The RFC 9457 problem document. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ErrorCode;
  readonly errors?: readonly FieldError[];
}

/**
 * Turns any thrown value into a problem document. Unknown errors become an opaque
 * 500 so no SQL text or stack trace ever reaches a client.
 *
 * @example
 * ```ts
 * const problem = toProblem(new NotFoundError()); // { status: 404, code: 'not_found', ... }
 * app.setErrorHandler((err, _req, reply) => {
 *   reply.code(toProblem(err).status).type('application/problem+json').send(toProblem(err));
 * });
 * ```
 */
export function toProblem(error: unknown): Problem {
  const known = error instanceof HttpError ? error : new HttpError('internal', 'Internal server error');
  const title = titleOf(known.code, known.status);
  const problem: Problem = { type: 'about:blank', title, status: known.status, detail: known.detail, code: known.code };
  return known.errors ? { ...problem, errors: known.errors } : problem;
}
