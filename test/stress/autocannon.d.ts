// bench/autocannon.d.ts declares the part of autocannon the bench uses; the load test also reads the timeouts.
declare module 'autocannon' {
  interface Result {
    timeouts: number;
  }
}
