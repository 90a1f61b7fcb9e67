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
  function autocannon(options: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
