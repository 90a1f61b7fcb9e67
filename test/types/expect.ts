/**
 * Compile-time assertions for the type tests of this folder, which
 * `npm run typecheck` checks and nothing runs: `Expect<Equal<A, B>>` fails to
 * compile unless `A` and `B` are the same type, and `expectType<T>()(value)`
 * unless `value` has exactly type `T`.
 */

/** `true` when `A` and `B` are the same type, not merely assignable to each other. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
export type Expect<T extends true> = T;

/**
 * Compiles only when `value` has exactly type `Expected`.
 *
 * @example
 * ```ts
 * expectType<number>()(row.id);
 * ```
 */
export function expectType<Expected>() {
  return <Actual>(_value: Actual, ..._sameType: Equal<Actual, Expected> extends true ? [] : [mismatch: never]) => {};
}
