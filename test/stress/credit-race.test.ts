import { it } from 'vitest';
import { raceEncodes } from '../reliability/credit-race.js';

it('200 concurrent encodes over HTTP on a balance of 37: 37 succeed, 163 get 402, balance 0, history ok', async () => {
  await raceEncodes(200, 37);
}, 120_000);
