/**
 * What every framework binding shares: the JSON body rules, validation and
 * serialisation from the compiled schemas, problem responses, the errors
 * outside the routes, and the route plan. Bindings translate only.
 *
 * @module
 */

export {
  type BodyHeaders,
  contentCodingError,
  jsonCharsetError,
  readsBodyOf,
  readsJsonBody,
} from './body-media.ts';
export { type InputSource, type ValidationIssue, validationError } from './field-errors.ts';
export { DEFAULT_BODY_LIMIT, JsonBodyReader, parseJsonBody } from './json-body.ts';
export {
  MAX_PARAM_LENGTH,
  malformedQuery,
  malformedUrl,
  malformedUrlError,
  notFoundError,
  originForm,
  paramTooLong,
  paramTooLongError,
} from './outside-routes.ts';
export { ParsedRequest } from './parsed-request.ts';
export { queryOf } from './query-string.ts';
export {
  consoleErrorLog,
  type ErrorLog,
  HTML_TYPE,
  type HttpReply,
  JSON_TYPE,
  PROBLEM_TYPE,
  problemReply,
} from './reply.ts';
export {
  notFoundResponder,
  type RequestParts,
  type Responder,
  type ResponderOptions,
  routeResponder,
} from './responder.ts';
export { colonPath, type RouteEntry, routeEntries } from './route-plan.ts';
export { compileSerializer, compileValidator, type InputKind } from './validators.ts';
