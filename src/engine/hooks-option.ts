/**
 * The `hooks` option of the ORM adapters: `'skip'` says the app knows the
 * engine's statements run none of its model's hooks, listeners or validators.
 *
 * @module
 */

/**
 * An adapter's `hooks` option checked: whether the app said `'skip'`; any other value but `undefined` throws.
 *
 * @example
 * ```ts
 * checkHooks(undefined, 'MyAdapter'); // false: the model's hooks refuse it
 * checkHooks('skip', 'MyAdapter'); // true
 * ```
 */
export function checkHooks(hooks: unknown, adapter: string): boolean {
  if (hooks !== undefined && hooks !== 'skip')
    throw new TypeError(`${adapter}: hooks takes 'skip' only, not ${JSON.stringify(hooks)}`);
  return hooks === 'skip';
}
