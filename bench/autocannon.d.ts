// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options extends Request {
    url: string;
    connections?: number;
    duration?: number;
    /** seconds a request may take before it counts as an error (default 10) */
    timeout?: number;
    /** each connection sends these in turn, over and over */
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
