/**
 * Stored values no response can carry truthfully. PostgreSQL holds dates and
 * date-times that are infinite, BC or past the year 9999, and decimals that
 * are NaN or infinite; drivers and ORMs read them as wrong dates, cut text or
 * invalid `Date`s. A dialect's read refuses them, and the engine answers a 409
 * naming the field rather than a wrong value or a 500.
 *
 * @module
 */
import { HttpError } from '../core/errors.ts';
import { YEARS } from '../core/schemas/storable.ts';
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

/** The year of a database's date or date-time text, `2024-01-31` or `2024-01-31 10:00:00+00`; none for others. */
const DAY_TEXT = /^(\d{4})-\d\d-\d\d(?:[ T][\d:.+-]*)?$/;

/** The year of a raw date (a `Date` by its local day, as `pg` makes one) or date-time (in UTC). */
function yearOf(raw: unknown, kind: 'date' | 'datetime'): number {
  if (typeof raw === 'string') return Number(DAY_TEXT.exec(raw)?.[1] ?? Number.NaN);
  if (!(raw instanceof Date)) return Number.NaN;
  return kind === 'date' ? raw.getFullYear() : raw.getUTCFullYear();
}

/**
 * A decoder of raw dates (`kind` `'date'`) or date-times that refuses those outside the years the wire
 * takes, which drivers misread: `infinity` (text or `Infinity`), BC, `20000-01-01`, an invalid `Date`.
 *
 * @example
 * ```ts
 * withinYears('date')('2024-02-29'); // '2024-02-29'
 * withinYears('date')('0044-03-15 BC'); // throws Unexpressible
 * ```
 */
export function withinYears(kind: 'date' | 'datetime'): Codec {
  const what = kind === 'date' ? 'a date' : 'a date-time';
  return (raw) => {
    if (raw === null || raw === undefined) return raw;
    const year = yearOf(raw, kind);
    if (year >= YEARS.min && year <= YEARS.max) return raw;
    throw new Unexpressible(`${what} outside the years ${YEARS.min} to ${YEARS.max}, or infinite`);
  };
}

/**
 * A decoder of raw decimals that refuses `NaN` and `±Infinity`, which no decimal string expresses.
 *
 * @example
 * ```ts
 * finiteDecimal('12.50'); // '12.50'
 * finiteDecimal('NaN'); // throws Unexpressible
 * ```
 */
export const finiteDecimal: Codec = (raw) => {
  if (raw === null || raw === undefined || Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && /^-?\.?\d/.test(raw)) return raw;
  throw new Unexpressible('a decimal that is NaN or infinite');
};

/**
 * `decode` answering a 409 naming `field` for a value it refuses as {@link Unexpressible}.
 *
 * @example
 * ```ts
 * const read = expressedAs(finiteDecimal, 'price');
 * read('NaN'); // throws HttpError 409: "The stored price is a decimal that is NaN or infinite, …"
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
