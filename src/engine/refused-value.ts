/**
 * A request's value an ORM's own encoder refuses for its column (a TypeORM
 * transformer that throws, Drizzle's array encoder given a number). Which
 * answer it gets depends on where the value came from, which only the
 * operation knows: a body value is a 422 naming the field, a key in the path
 * or a filter names no row.
 *
 * @module
 */
import { HttpError } from '../core/errors.ts';
import type { Codec } from './model.ts';

/**
 * A value of `field` its column's encoder refused; `index` is its value's place among the statement's (`-1`
 * until {@link SqlParams.bindOrRefusal} sets it).
 *
 * @example
 * ```ts
 * const refused = new RefusedValue('tags').at(0);
 * throw refused.inBody(); // 422, errors: [{ path: 'body.tags', … }]
 * ```
 */
export class RefusedValue extends Error {
  override readonly name = 'RefusedValue';
  readonly field: string;
  readonly index: number;
  /** What the value must be, as a 422 names it. */
  readonly must: string;

  constructor(field: string, index = -1, options?: ErrorOptions, must = 'must be a value its column takes') {
    super(`The value of ${field} is not one its column takes`, options);
    this.field = field;
    this.index = index;
    this.must = must;
  }

  /** This refusal, of the statement's parameter `index`. */
  at(index: number): RefusedValue {
    return new RefusedValue(this.field, index, { cause: this.cause }, this.must);
  }

  /** The answer to a body value refused: a 422 naming the field. */
  inBody(): HttpError {
    const path = `body.${this.field}`;
    return new HttpError('validation_failed', `Invalid ${path}`, {
      errors: [{ path, message: this.must }],
      cause: this.cause,
    });
  }
}

/**
 * The ORM's encoder of `field`'s values, throwing a {@link RefusedValue} for a value it cannot encode
 * (an `HttpError` passes as it is); `must` says what the value must be.
 *
 * @example
 * ```ts
 * const encode = refusing((v) => JSON.stringify(v), 'tags');
 * ```
 */
export function refusing(encode: Codec, field: string, must?: string): Codec {
  return (value) => {
    try {
      return encode(value);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new RefusedValue(field, -1, { cause: error }, must);
    }
  };
}
