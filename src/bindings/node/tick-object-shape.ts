/**
 * Keeps the hidden classes of Node's `process.nextTick` objects alive. A
 * full GC while no tick object is queued drops them; after a few such GCs
 * (typical while an app starts) every `nextTick` behind each HTTP response
 * defines its properties through the V8 runtime, about 10 µs per request on
 * the bench. It changes process-wide V8 behaviour, so it is the
 * application's choice: the library never calls it.
 *
 * @module
 */
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Holds on to one tick object (the resource of a `nextTick` callback) for
 * the life of the process; the first call does it, later calls do nothing.
 * Call it once at start-up, before the server takes traffic.
 *
 * @example
 * ```ts
 * import { keepTickObjectShape } from 'ormcrud/node';
 * keepTickObjectShape();
 * ```
 */
export function keepTickObjectShape(): void {
  if (kept) return;
  kept = {};
  process.nextTick(() => {
    kept = executionAsyncResource();
  });
}
