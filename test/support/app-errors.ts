/** Errors an app's own middleware or hook raises with an HTTP status, and the problem every binding makes of each. */

/** One error (made afresh per request) and the problem it must be: a 5xx is an opaque, logged 500. */
export interface AppStatusError {
  readonly name: string;
  readonly error: () => unknown;
  readonly problem: { status: number; title: string; detail: string; code: string };
}

const withStatus = (message: string, extra: object) => Object.assign(new Error(message), extra);

/** As `http-errors` makes them: the message is the client's only with `expose: true`. */
export const APP_STATUS_ERRORS: readonly AppStatusError[] = [
  {
    name: 'unexposed',
    error: () => withStatus('token tok-SECRET expired', { status: 401 }),
    problem: { status: 401, title: 'Unauthorized', detail: 'Unauthorized', code: 'unauthorized' },
  },
  {
    name: 'exposed',
    error: () => withStatus('Sign in first', { status: 401, expose: true }),
    problem: { status: 401, title: 'Unauthorized', detail: 'Sign in first', code: 'unauthorized' },
  },
  {
    name: 'expose-false',
    error: () => withStatus('parser state SECRET', { status: 400, statusCode: 400, expose: false }),
    problem: { status: 400, title: 'Bad Request', detail: 'Bad Request', code: 'bad_request' },
  },
  {
    name: 'status-code',
    error: () => withStatus('forbidden SECRET', { statusCode: 403 }),
    problem: { status: 403, title: 'Forbidden', detail: 'Forbidden', code: 'forbidden' },
  },
  {
    name: 'no-message',
    error: () => withStatus('', { status: 403, expose: true }),
    problem: { status: 403, title: 'Forbidden', detail: 'Forbidden', code: 'forbidden' },
  },
  {
    name: 'teapot',
    error: () => withStatus('short and stout', { status: 418, expose: true }),
    problem: { status: 418, title: "I'm a Teapot", detail: 'short and stout', code: 'bad_request' },
  },
  {
    name: 'unregistered',
    error: () => withStatus('custom SECRET', { status: 499 }),
    problem: { status: 499, title: 'Bad Request', detail: 'Bad Request', code: 'bad_request' },
  },
  {
    name: 'server',
    error: () => withStatus('upstream SECRET', { status: 503, expose: true }),
    problem: { status: 500, title: 'Internal Server Error', detail: 'Internal server error', code: 'internal' },
  },
];
