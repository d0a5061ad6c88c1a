import { it } from 'vitest';
import { raceEncodes } from './credit-race.js';

it('30 concurrent encodes over HTTP on a balance of 7: 7 succeed, 23 get 402, balance 0, history agrees', async () => {
  await raceEncodes(30, 7);
});
