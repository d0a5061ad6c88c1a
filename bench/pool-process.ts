import { carrierOf } from './carriers.js';
import { INPUTS, poolOf, poolRate, warmUp, type Throughput } from './pool.js';

/**
 * A child of bench/pool.ts: wm serve's pool with `argv[2]` workers in a process of its own, as a server has (the
 * parent's heap, full of the bench's texts, would slow its own event loop's collections). Started held to one core
 * (`taskset -c 0`), its event loop and its worker share that core, as on a one-core machine. Asked
 * `{ operation, kb, minMs }`, it answers the jobs per second it gave.
 */
const pool = poolOf(Number(process.argv[2]));
await warmUp(pool);
process.send!('ready');
async function answer(message: Throughput | 'end'): Promise<void> {
  if (message === 'end') {
    await pool.close();
    process.exit(0);
  }
  const input = INPUTS[message.operation](carrierOf('prose', message.kb * 1024));
  process.send!(await poolRate(pool, message.operation, input, message.minMs));
}
process.on('message', (message: Throughput | 'end') => void answer(message));
