/**
 * SQL that a model's author wrote for a write to put in a column (a client-side
 * fill that makes SQL per write, as Drizzle's `$onUpdate(() => sql`…`)` does):
 * trusted text, as column names are, around parameters whose values are bound,
 * never written into the text.
 *
 * @module
 */
import type { SqlParams } from './params.ts';

/**
 * A SQL expression: its text in parts, a parameter between each two.
 *
 * @example
 * ```ts
 * const params = new SqlParams(postModel.dialect);
 * const bumped = new SqlExpression(['"revision" + ', ''], [1]);
 * bumped.sql(params); // '"revision" + $1' on PostgreSQL, its value bound as it is
 * ```
 */
export class SqlExpression {
  /** `parts` hold one more entry than `params`: the text before each parameter, then the text after the last. */
  constructor(
    readonly parts: readonly string[],
    readonly params: readonly unknown[],
  ) {
    if (parts.length !== params.length + 1) throw new TypeError('SqlExpression: one more part than parameters');
  }

  /** What a statement's text depends on: the parts, never the values. */
  get key(): string {
    return JSON.stringify(this.parts);
  }

  /** The text, with a placeholder of `params` for each parameter (bound as it is: no column's encoder). */
  sql(params: SqlParams): string {
    let text = this.parts[0] as string;
    for (let i = 1; i < this.parts.length; i++) text += params.add() + this.parts[i];
    return text;
  }
}
