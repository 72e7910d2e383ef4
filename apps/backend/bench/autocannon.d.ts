// The subset of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
