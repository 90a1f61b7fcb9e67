/**
 * Errors as ormcrud sends them (API.md §7): RFC 9457 problem+json,
 * 422 for validation, 404 for a missing row, 409 for a constraint violation.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** ormcrud's message for a path or query integer that is not in plain decimal form. */
export const INTEGER_MESSAGE =
  'must be an integer in plain decimal form, like 42 or -7 (no "+", leading zeros, spaces, exponent or hex)';

const PARTS: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function sendProblem(reply: FastifyReply, status: number, title: string, detail: string, extra = {}) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: 'about:blank', title, status, detail, ...extra }));
}

export const notFound = (reply: FastifyReply) =>
  sendProblem(reply, 404, 'Not Found', 'Not found', { code: 'not_found' });

/** `body.title`, `query.per_page`, `path.post_id`: where a validation error points. */
function errorPath(context: string | undefined, error: NonNullable<FastifyError['validation']>[number]): string {
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const segments = error.instancePath.split('/').filter(Boolean);
  if (missing) segments.push(missing);
  return [PARTS[context ?? ''] ?? context ?? 'request', ...segments].join('.');
}

/** Ajv's message, but for a malformed integer in a path or query: ormcrud's wording of that. */
function messageOf(error: NonNullable<FastifyError['validation']>[number]): string {
  const integer = error.keyword === 'type' && (error.params as { type?: unknown }).type === 'integer';
  return integer ? INTEGER_MESSAGE : (error.message ?? 'invalid');
}

export function problemHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    const errors = error.validation.map((v) => ({
      path: errorPath(error.validationContext, v),
      message: messageOf(v),
    }));
    const paths = [...new Set(errors.map((e) => e.path))].join(', ');
    return sendProblem(reply, 422, 'Unprocessable Content', `Invalid ${paths}`, { code: 'validation_failed', errors });
  }
  const pgCode = (error.cause as { code?: string } | undefined)?.code ?? error.code;
  if (pgCode === '23505' || pgCode === '23503') {
    return sendProblem(reply, 409, 'Conflict', 'The operation conflicts with a related record', { code: 'conflict' });
  }
  if (error.statusCode && error.statusCode < 500)
    return sendProblem(reply, error.statusCode, error.name, error.message);
  reply.log.error(error);
  return sendProblem(reply, 500, 'Internal Server Error', 'Internal server error');
}
