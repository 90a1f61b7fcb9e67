/**
 * `ormcrud/node`: for Node.js servers, whatever the framework: problem
 * responses for what Node's HTTP parser refuses, and opt-in tuning.
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
export { keepTickObjectShape } from './tick-object-shape.ts';
