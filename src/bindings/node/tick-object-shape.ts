/**
 * Keeps the hidden classes of Node's `process.nextTick` objects alive, for
 * the life of the process.
 *
 * Node builds each tick object with one object literal. V8 links the hidden
 * classes (maps) that literal walks through by transitions the garbage
 * collector drops once no object uses them, so every full GC that finds no
 * tick object queued (the usual case while an application loads its modules
 * and builds its routes) makes the next tick objects take fresh maps. After a
 * few of those, the literal's property stores have seen too many maps and go
 * megamorphic for good: from then on every `nextTick`, which the socket and
 * stream code behind each HTTP response calls several times, defines its
 * properties through the V8 runtime. Measured on the bench server, that was
 * about 10 µs of CPU per request (bench/RESULTS.md, "Third pass").
 * Holding one tick object keeps its maps, and with them the fast stores.
 *
 * @module
 */
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Holds on to one tick object (the resource of a `nextTick` callback); the
 * first call does it, later calls do nothing. Bindings call it when they are
 * set up, before the server takes traffic.
 *
 * @example
 * ```ts
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
