/**
 * A preload for the memory ladder (`node --expose-gc --import …/live-heap.js`):
 * on `SIGUSR2` the server runs two full garbage collections and prints
 * `LIVE_HEAP <bytes>`, V8's used heap after them. Unlike RSS, that figure
 * does not depend on when V8 grew its young generation or on what its
 * compiler threads' malloc arenas keep, so two starts of one server agree
 * within about 0.1 MiB.
 */
import { getHeapStatistics } from 'node:v8';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('live-heap.js needs node --expose-gc');

process.on('SIGUSR2', () => {
  gc();
  gc();
  process.stdout.write(`LIVE_HEAP ${getHeapStatistics().used_heap_size}\n`);
});
