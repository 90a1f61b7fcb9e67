/** One request of a scenario, sent with `fetch`; resolves to the response status once the body has been read. */
import type { BenchRequest } from './scenarios.ts';

/**
 * Sends `r` to the server at `base`. A kept-alive socket the server closed
 * fails once, so a failure is retried once; a dead server fails again.
 *
 * @example
 * ```ts
 * const status = await send('http://127.0.0.1:3000', { method: 'GET', path: '/posts/1' });
 * ```
 */
export async function send(base: string, r: BenchRequest, retry = true): Promise<number> {
  try {
    const response = await fetch(base + r.path, {
      method: r.method,
      headers: r.body === undefined ? {} : { 'content-type': 'application/json' },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    if (retry) return send(base, r, false);
    throw error;
  }
}
