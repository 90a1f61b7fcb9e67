/**
 * The row type of a TypeORM entity, as the adapter reads it.
 *
 * @module
 */
import type { Row } from 'ormcrud/adapter-kit';

/** Whether a property's type (without `null`) is a column's: not a method, a lazy relation or another entity. */
type IsColumnValue<V> = V extends (...args: never[]) => unknown
  ? false
  : V extends PromiseLike<unknown>
    ? false
    : V extends Date | Uint8Array | ArrayBuffer
      ? true
      : V extends readonly (infer E)[]
        ? IsColumnValue<E>
        : V extends object
          ? false
          : true;

/** The properties of an entity that hold columns. */
type ColumnKeys<T> = {
  [K in keyof T]-?: [IsColumnValue<NonNullable<T[K]>>] extends [true] ? K : never;
}[keyof T];

/**
 * The row of an entity class: its properties but methods and relations (an
 * object, a list of objects or a promise of them). A column typed as an object
 * (`simple-json`) reads as a relation too: name the row type yourself there,
 * `new TypeORMAdapter<Post, PostRow>(...)`. An untyped target (an entity
 * name) reads as {@link Row}.
 *
 * @example
 * ```ts
 * type PostRow = EntityRow<Post>; // { id: number; thread_id: number; author_id: number | null; ... }
 * ```
 */
export type EntityRow<T> = string extends keyof T ? Row : { [K in keyof Pick<T, ColumnKeys<T>>]: T[K] };
