/**
 * Stored values no response can carry truthfully. PostgreSQL holds dates and
 * date-times that are infinite, BC or past the year 9999, and decimals and
 * floats that are NaN or infinite; drivers and ORMs read them as wrong dates,
 * cut text, invalid `Date`s or `NaN` (which JSON writes as `null`). A dialect's read refuses them, and the engine answers a 409
 * naming the field rather than a wrong value or a 500. The checks themselves
 * are in `served-dates.ts` and `served-numbers.ts`.
 *
 * @module
 */
import { HttpError } from '../core/errors.ts';
import type { Codec } from './model.ts';

/**
 * A raw value the wire cannot express; its message says what it is.
 *
 * @example
 * ```ts
 * throw new Unexpressible('a decimal that is NaN or infinite');
 * ```
 */
export class Unexpressible extends Error {
  override readonly name = 'Unexpressible';
}

/**
 * `decode` answering a 409 naming `field` for a value it refuses as {@link Unexpressible}.
 *
 * @example
 * ```ts
 * const finite: Codec = (raw) => {
 *   if (raw === 'NaN') throw new Unexpressible('a decimal that is NaN');
 *   return raw;
 * };
 * expressedAs(finite, 'price')('NaN'); // throws HttpError 409: "The stored price is a decimal that is NaN, …"
 * ```
 */
export function expressedAs(decode: Codec, field: string): Codec {
  return (raw) => {
    try {
      return decode(raw);
    } catch (error) {
      if (!(error instanceof Unexpressible)) throw error;
      const detail = `The stored ${field} is ${error.message}, which no response can express`;
      throw new HttpError('conflict', detail, { cause: error });
    }
  };
}

/**
 * `decode` giving `undefined` for a value it refuses as {@link Unexpressible}: the decoder of a field no
 * response serves, which neither fails its row nor is named.
 *
 * @example
 * ```ts
 * withheld((raw) => {
 *   throw new Unexpressible(`a decimal that is ${raw}`);
 * })('NaN'); // undefined
 * ```
 */
export function withheld(decode: Codec): Codec {
  return (raw) => {
    try {
      return decode(raw);
    } catch (error) {
      if (error instanceof Unexpressible) return undefined;
      throw error;
    }
  };
}
