/**
 * `ormcrud/node`: for Node.js servers, whatever the framework: problem
 * responses for what Node's HTTP parser refuses, opt-in tuning, and where
 * Swagger UI's files are (for a binding that serves the docs on Node).
 *
 * @example
 * ```ts
 * import { keepTickObjectShape } from 'ormcrud/node';
 * keepTickObjectShape();
 * ```
 *
 * @module
 */
export { clientErrorHandler } from './client-errors.ts';
export { swaggerUiDir } from './swagger-ui.ts';
export { keepTickObjectShape } from './tick-object-shape.ts';
