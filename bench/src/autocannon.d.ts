/** The part of autocannon's API the load worker uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds the run took. */
    duration: number;
  }
  /** A running load: a promise of its result that also reports each response. */
  interface Instance extends PromiseLike<Result> {
    /** `responseTime` in ms, from `process.hrtime` (fractional). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
  }
  function autocannon(options: Record<string, unknown>): Instance;
  export default autocannon;
}
