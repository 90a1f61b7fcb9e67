/**
 * The Zod schema of the RFC 9457 problem document every error answers with:
 * bindings serialise errors with it, the OpenAPI document names it `Problem`.
 *
 * @module
 */
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

/**
 * `{ type, title, status, detail, code, errors? }`, as {@link toProblem} makes it.
 *
 * @example
 * ```ts
 * const json = toJsonSchema(problemSchema, 'output');
 * ```
 */
export const problemSchema = z
  .object({
    type: z.string().describe('`about:blank`: the status says what happened'),
    title: z.string().describe("The status's reason phrase"),
    status: z.int().describe('The HTTP status'),
    detail: z.string().describe('What went wrong, for a person'),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).describe('What went wrong, for a program'),
    errors: z
      .array(
        z.object({
          path: z.string().describe('Where: `body.name`, `query.page`, `path.category_id`'),
          message: z.string(),
        }),
      )
      .optional()
      .describe('Each failing input of a 422'),
  })
  .describe('An RFC 9457 problem document');
