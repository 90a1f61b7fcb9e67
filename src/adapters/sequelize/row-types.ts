/**
 * The row type of a Sequelize model, as the adapter reads it.
 *
 * @module
 */
import type { Row } from 'ormcrud/adapter-kit';
import type { Attributes, Model } from 'sequelize';

/**
 * The row of a model class: its instances' `Attributes` (associations declared
 * `NonAttribute` are not in them), or {@link Row} for a model defined without
 * attribute types (`sequelize.define` without a type argument).
 *
 * @example
 * ```ts
 * import { type CreationOptional, type InferAttributes, type InferCreationAttributes, Model } from 'sequelize';
 * class Note extends Model<InferAttributes<Note>, InferCreationAttributes<Note>> {
 *   declare id: CreationOptional<number>;
 *   declare text: string;
 * }
 * type NoteRow = ModelRow<typeof Note>; // { id: CreationOptional<number>; text: string }
 * ```
 */
export type ModelRow<M> = M extends abstract new () => infer I
  ? [I] extends [never]
    ? Row
    : I extends Model
      ? AttributesRow<Attributes<I>>
      : Row
  : Row;

/** Typed attributes as a plain object type; untyped ones (`any`) as {@link Row}. */
type AttributesRow<A> = 0 extends 1 & A ? Row : { [K in keyof A]: A[K] };
