/**
 * The log of answers per database handle, which a waiting call reads to tell a
 * busy database (what was queued before its statement still answered) from a dead one.
 *
 * @module
 */

/** Answers within one slot of this length are kept as one: a waiting call may give up this much later than due. */
export const RESOLUTION_MS = 50;

/**
 * When the steps of calls on one database handle (a call's start, a statement
 * queued) were answered: entries of a step's number and a time, both
 * increasing, at most one per `RESOLUTION_MS` slot, none older than the
 * longest timeout of the handle.
 */
export class Answers {
  #steps = 0;
  #window = 0;
  readonly #step: number[] = [];
  readonly #at: number[] = [];

  /** Numbers a new step of a call that waits up to `timeoutMs`. */
  begin(timeoutMs: number): number {
    if (timeoutMs > this.#window) this.#window = timeoutMs;
    return ++this.#steps;
  }

  /** Step `step` was answered at `now`. */
  answered(step: number, now: number): void {
    const steps = this.#step;
    const at = this.#at;
    // Entries of later steps tell less than this one: whoever came after them came after this step.
    while (steps.length > 0 && (steps.at(-1) as number) >= step) {
      steps.pop();
      at.pop();
    }
    const last = at.at(-1);
    if (last !== undefined && Math.floor(last / RESOLUTION_MS) === Math.floor(now / RESOLUTION_MS)) {
      at[at.length - 1] = now;
    } else {
      steps.push(step);
      at.push(now);
    }
    while ((at[0] as number) < now - this.#window) {
      steps.shift();
      at.shift();
    }
  }

  /** The last time a step that came before `step` was answered, or `-Infinity`. */
  lastBefore(step: number): number {
    for (let i = this.#step.length - 1; i >= 0; i--) {
      if ((this.#step[i] as number) < step) return this.#at[i] as number;
    }
    return Number.NEGATIVE_INFINITY;
  }
}
