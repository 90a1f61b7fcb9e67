/**
 * Errors as crud-collection sends them (API.md §7): RFC 9457 problem+json,
 * 422 for validation, 404 for a missing row, 409 for a constraint violation.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export function sendProblem(reply: FastifyReply, status: number, title: string, detail: string, extra = {}) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: 'about:blank', title, status, detail, ...extra }));
}

export const notFound = (reply: FastifyReply) => sendProblem(reply, 404, 'Not Found', 'Not found');

export function problemHandler(error: FastifyError & { code?: string }, _req: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    const errors = error.validation.map((v) => ({
      path: `${error.validationContext ?? ''}${v.instancePath}`,
      message: v.message ?? 'invalid',
    }));
    return sendProblem(reply, 422, 'Unprocessable Content', error.message, { errors });
  }
  const pgCode = (error.cause as { code?: string } | undefined)?.code ?? error.code;
  if (pgCode === '23505' || pgCode === '23503') {
    return sendProblem(reply, 409, 'Conflict', 'The request conflicts with existing data');
  }
  if (error.statusCode && error.statusCode < 500)
    return sendProblem(reply, error.statusCode, error.name, error.message);
  reply.log.error(error);
  return sendProblem(reply, 500, 'Internal Server Error', 'Internal server error');
}
