/**
 * `ormcrud/node`: opt-in tuning for Node.js servers.
 *
 * @example
 * ```ts
 * import { keepTickObjectShape } from 'ormcrud/node';
 * keepTickObjectShape();
 * ```
 *
 * @module
 */
export { keepTickObjectShape } from './tick-object-shape.ts';
