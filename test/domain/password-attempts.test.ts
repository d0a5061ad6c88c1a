import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddressKey } from '../../src/domain/client-address.js';
import { createHashGate } from '../../src/domain/hash-gate.js';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';

let f: Fixture;
afterEach(() => f.close());

const from = (clientAddress: string) => ({ clientAddress });
const WRONG = 'Wrong password 1';

/** A login from `address` (the fixture's domain). */
const login = (email: string, password: string, address: string) =>
  f.domain.sessions.login({ email, password }, from(address));
/** The refusal code of a login that must fail. */
const loginRefusal = async (email: string, password: string, address: string) =>
  (await refusal(() => login(email, password, address))).code;
const changePassword = (userId: string, currentPassword: string, address?: string) =>
  f.domain.accounts.changePassword(
    userId,
    { currentPassword, newPassword: 'Brand new pass 1' },
    address === undefined ? undefined : from(address),
  );

/** Seconds until the refusal's retry time, on the fixture's clock. */
const secondsToRetry = (error: { retryAt?: Date }) => (error.retryAt!.getTime() - f.clock.now.getTime()) / 1000;

describe('per client address', () => {
  it('allows `passwordAttemptsPerMinute` attempts shared by login, register and password change', async () => {
    f = await makeFixture({ passwordAttemptsPerMinute: 3 });
    const user = await makeUser(f.domain);
    const here = from('198.51.100.7');
    await f.domain.sessions.login({ email: user.email, password: PASSWORD }, here);
    await f.domain.accounts.register({ email: 'second@example.com', username: 'second', password: PASSWORD }, here);
    const renewed = 'Another pass 77';
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: renewed }, here);
    const refused = await refusal(() => f.domain.sessions.login({ email: user.email, password: renewed }, here));
    expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
    expect(refused.message).toMatch(/from your address; retry in 20 s/);
    expect(secondsToRetry(refused)).toBe(20);
    // another address has its own allowance
    await login(user.email, renewed, '198.51.100.8');
    // one attempt comes back every 60/3 seconds
    f.clock.advance(20);
    await login(user.email, renewed, '198.51.100.7');
    expect(await loginRefusal(user.email, 'x', '198.51.100.7')).toBe('TOO_MANY_ATTEMPTS');
  });

  it('does not count requests refused before any password work (invalid input)', async () => {
    f = await makeFixture({ passwordAttemptsPerMinute: 1 });
    const here = from('198.51.100.9');
    for (let i = 0; i < 3; i++) {
      expect((await refusal(() => f.domain.sessions.login({ email: '', password: '' }, here))).code).toBe('VALIDATION');
    }
    const user = await makeUser(f.domain);
    await f.domain.sessions.login({ email: user.email, password: PASSWORD }, here);
  });

  it('counts IPv6 clients by /64 network and IPv4-mapped addresses as IPv4', () => {
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('2001:0DB8:0:0:ffff::2')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('one /64 shares one allowance', async () => {
    f = await makeFixture({ passwordAttemptsPerMinute: 2 });
    const user = await makeUser(f.domain);
    await login(user.email, PASSWORD, '2001:db8::1');
    await login(user.email, PASSWORD, '2001:db8::2');
    expect(await loginRefusal(user.email, PASSWORD, '2001:db8::3')).toBe('TOO_MANY_ATTEMPTS');
    await login(user.email, PASSWORD, '2001:db8:0:1::1');
  });
});

describe('per account', () => {
  const rules = { accountFreeFailures: 2, accountMaxDelaySeconds: 8 };

  it('slows an account down after its free failures: waits doubling from 1 s up to the maximum', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    const attempt = (address: string) => refusal(() => login(user.email, WRONG, address));
    expect((await attempt('203.0.113.1')).code).toBe('INVALID_CREDENTIALS');
    expect((await attempt('203.0.113.2')).code).toBe('INVALID_CREDENTIALS');
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const refused = await attempt(`203.0.113.${10 + round}`);
      expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
      expect(refused.message).toMatch(/failed password attempts on this account; retry in \d+ s/);
      waits.push(secondsToRetry(refused));
      f.clock.advance(secondsToRetry(refused));
      expect((await attempt(`203.0.113.${20 + round}`)).code).toBe('INVALID_CREDENTIALS');
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
    // the right password after the wait gets in and forgets the failures
    f.clock.advance(8);
    await login(user.email, PASSWORD, '203.0.113.99');
    expect((await attempt('203.0.113.98')).code).toBe('INVALID_CREDENTIALS');
    expect((await attempt('203.0.113.97')).code).toBe('INVALID_CREDENTIALS');
    expect((await attempt('203.0.113.96')).code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('treats an unknown email exactly like an account, so the limit does not tell which emails exist', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        const refused = await refusal(() => login(email, WRONG, `192.0.2.${i}`));
        seen.push(`${refused.code} ${refused.message}`);
      }
      return seen;
    };
    const known = await answers(user.email);
    expect(await answers('nobody@example.com')).toEqual(known);
    expect(known.at(-1)).toMatch(/^TOO_MANY_ATTEMPTS/);
  });

  it('counts a wrong current password as a failed login of the account', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    for (let i = 0; i < 2; i++) {
      expect((await refusal(() => changePassword(user.id, WRONG, '192.0.2.50'))).code).toBe('INVALID_CREDENTIALS');
    }
    expect(await loginRefusal(user.email, PASSWORD, '192.0.2.51')).toBe('TOO_MANY_ATTEMPTS');
    expect((await refusal(() => changePassword(user.id, PASSWORD, '192.0.2.50'))).code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('does not slow an address that signed in to the account before: no lock-out by an attacker', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    const home = '192.0.2.10';
    await login(user.email, PASSWORD, home);
    for (let i = 0; i < 5; i++) await loginRefusal(user.email, WRONG, '203.0.113.66');
    expect(await loginRefusal(user.email, PASSWORD, '192.0.2.11')).toBe('TOO_MANY_ATTEMPTS');
    await login(user.email, PASSWORD, home);
    // the known address is remembered for 30 days
    f.clock.advance(29 * 24 * 3600);
    for (let i = 0; i < 3; i++) await loginRefusal(user.email, WRONG, '203.0.113.67');
    await login(user.email, PASSWORD, home);
  });

  it('slows a wrong current password even at an address the account signed in from (a stolen token)', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    const home = '192.0.2.20';
    await login(user.email, PASSWORD, home);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) answers.push((await refusal(() => changePassword(user.id, WRONG, home))).code);
    expect(answers).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS']);
    // signing in from there is still not slowed: the owner keeps their way in
    await login(user.email, PASSWORD, home);
  });

  it('counts attempts still running: a burst on one account gets its free attempts, the rest are refused', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => loginRefusal(user.email, WRONG, `198.18.0.${i}`)),
    );
    expect(burst.sort()).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'TOO_MANY_ATTEMPTS',
      'TOO_MANY_ATTEMPTS',
      'TOO_MANY_ATTEMPTS',
      'TOO_MANY_ATTEMPTS',
    ]);
  });

  it('forgets failures after 15 minutes without an attempt', async () => {
    f = await makeFixture(rules);
    const user = await makeUser(f.domain);
    for (let i = 0; i < 2; i++) await loginRefusal(user.email, WRONG, '192.0.2.70');
    f.clock.advance(15 * 60);
    for (let i = 0; i < 2; i++) expect(await loginRefusal(user.email, WRONG, '192.0.2.71')).toBe('INVALID_CREDENTIALS');
  });
});

describe('the hash gate in the password routes', () => {
  it('refuses with BUSY when full, and such a refusal counts as no failure of the account', async () => {
    const gate = createHashGate({ concurrency: 1, queueLength: 0 });
    f = await makeFixture({ accountFreeFailures: 1 }, { hashGate: gate });
    const user = await makeUser(f.domain);
    let release!: () => void;
    const holding = gate.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    const newcomer = { email: 'later@example.com', username: 'later', password: PASSWORD };
    for (const work of [
      () => login(user.email, PASSWORD, '192.0.2.80'),
      () => f.domain.accounts.register(newcomer, from('192.0.2.80')),
      () => changePassword(user.id, PASSWORD),
    ]) {
      const busy = await refusal(work);
      expect(busy.code).toBe('BUSY');
      expect(busy.retryAt).toBeInstanceOf(Date);
    }
    release();
    await holding;
    // none of those counted as a failure: the one free failure is still there
    expect(await loginRefusal(user.email, WRONG, '192.0.2.81')).toBe('INVALID_CREDENTIALS');
    f.clock.advance(1);
    await login(user.email, PASSWORD, '192.0.2.80');
  });

  it('puts the owner at a usual address ahead of strangers, even fresh ones, when the line is full', async () => {
    const gate = createHashGate({ concurrency: 1, queueLength: 1 });
    f = await makeFixture({}, { hashGate: gate });
    const user = await makeUser(f.domain);
    await login(user.email, PASSWORD, '192.0.2.90');
    let release!: () => void;
    const holding = gate.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    const stranger = refusal(() => login('someone@example.com', WRONG, '203.0.113.90'));
    await vi.waitFor(() => expect(gate.load().waiting).toBe(1));
    const owner = login(user.email, PASSWORD, '192.0.2.90');
    expect((await stranger).code).toBe('BUSY');
    release();
    await holding;
    expect((await owner).user.id).toBe(user.id);
  });
});
