/**
 * The log of answered calls per database handle, which a waiting call reads to
 * tell a busy database (earlier calls still answered) from a dead one.
 *
 * @module
 */

/** Answers within one slot of this length are kept as one: a waiting call may give up this much later than due. */
export const RESOLUTION_MS = 50;

/**
 * When the calls of one database handle were answered: entries of a call's
 * number and a time, both increasing, at most one per `RESOLUTION_MS` slot,
 * none older than the longest timeout of the handle.
 */
export class Answers {
  #calls = 0;
  #window = 0;
  readonly #call: number[] = [];
  readonly #at: number[] = [];

  /** Numbers a new call, which waits up to `timeoutMs`. */
  begin(timeoutMs: number): number {
    if (timeoutMs > this.#window) this.#window = timeoutMs;
    return ++this.#calls;
  }

  /** Call `call` was answered at `now`. */
  answered(call: number, now: number): void {
    const calls = this.#call;
    const at = this.#at;
    // Entries of later calls tell less than this one: whoever began after them began after this call.
    while (calls.length > 0 && (calls.at(-1) as number) >= call) {
      calls.pop();
      at.pop();
    }
    const last = at.at(-1);
    if (last !== undefined && Math.floor(last / RESOLUTION_MS) === Math.floor(now / RESOLUTION_MS)) {
      at[at.length - 1] = now;
    } else {
      calls.push(call);
      at.push(now);
    }
    while ((at[0] as number) < now - this.#window) {
      calls.shift();
      at.shift();
    }
  }

  /** The last time a call that began before `call` was answered, or `-Infinity`. */
  lastBefore(call: number): number {
    for (let i = this.#call.length - 1; i >= 0; i--) {
      if ((this.#call[i] as number) < call) return this.#at[i] as number;
    }
    return Number.NEGATIVE_INFINITY;
  }
}
