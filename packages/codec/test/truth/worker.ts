import { parentPort, workerData } from 'node:worker_threads';
import { crcComparisons } from '../../src/frame.js';
import { emptyTally, runCase } from './cases.js';

/** Runs the cases first, first + step, first + 2 step… below `end` and posts the tally. */
const { first, step, end } = workerData as { first: number; step: number; end: number };
const tally = emptyTally();
let decodes = 0;
for (let index = first; index < end; index += step) decodes += runCase(index, tally);
tally.crcComparisons = crcComparisons.count;
parentPort!.postMessage({ tally, decodes });
