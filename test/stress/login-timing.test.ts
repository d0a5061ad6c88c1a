import { afterAll, expect, it } from 'vitest';
import { PASSWORD, startLiveServer, type LiveServer } from '../reliability/live-server.js';

const ROUNDS = 15;

let server: LiveServer | undefined;
afterAll(async () => server?.stop());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

it('login at the OWASP scrypt cost: unknown and known emails take comparable time, same answer', async () => {
  // WM_SCRYPT_LN empty: the production cost N = 2^17
  server = await startLiveServer({ WM_SCRYPT_LN: '' });
  const account = await server.signUp('known@example.com');
  const timed = async (email: string) => {
    const started = process.hrtime.bigint();
    const answer = await server!.api('POST', '/api/auth/login', { body: { email, password: `${PASSWORD}x` } });
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, answer };
  };
  const known: number[] = [];
  const unknown: number[] = [];
  const bodies = new Set<string>();
  // interleaved, so a slow moment of the machine hits both sides alike
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [email, times] of [
      [account.email, known],
      [`nobody${round}@example.com`, unknown],
    ] as const) {
      const { ms, answer } = await timed(email);
      expect(answer.status).toBe(401);
      bodies.add(answer.text);
      times.push(ms);
    }
  }
  const ratio = median(unknown) / median(known);
  console.log(
    `login timing: known ${median(known).toFixed(0)} ms, unknown ${median(unknown).toFixed(0)} ms ` +
      `(median of ${ROUNDS}), ratio ${ratio.toFixed(2)}`,
  );
  expect(bodies.size).toBe(1);
  expect(median(known)).toBeGreaterThan(50); // the real cost ran
  expect(ratio).toBeGreaterThan(0.7);
  expect(ratio).toBeLessThan(1.4);
});
