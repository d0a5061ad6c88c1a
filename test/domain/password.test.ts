import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, OWASP_SCRYPT_LOG_N, resolveConfig, configFromEnv } from '../../src/domain/index.js';
import { hashPassword, scryptCostOf, verifyPassword } from '../../src/domain/password-hash.js';
import { passwordProblem } from '../../src/domain/validation.js';

describe('password hashing', () => {
  it('defaults to OWASP cost N=2^17, r=8, p=1 — and that cost runs', async () => {
    expect(OWASP_SCRYPT_LOG_N).toBe(17);
    expect(DEFAULT_CONFIG.scryptLogN).toBe(17);
    const hash = await hashPassword('Tr0ub4dor&3-horse', DEFAULT_CONFIG.scryptLogN);
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect((await verifyPassword('Tr0ub4dor&3-horse', hash, 17)).ok).toBe(true);
  });

  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('same password 1', 10);
    const b = await hashPassword('same password 1', 10);
    expect(a).not.toBe(b);
    expect((await verifyPassword('same password 1', a, 10)).ok).toBe(true);
    expect((await verifyPassword('same password 2', a, 10)).ok).toBe(false);
    expect((await verifyPassword('anything', 'not a hash', 10)).ok).toBe(false);
  });

  it('treats canonically equivalent Unicode passwords as the same (NFC)', async () => {
    const hash = await hashPassword('caf\u00e9-latte-1', 10);
    expect((await verifyPassword('cafe\u0301-latte-1', hash, 10)).ok).toBe(true);
  });

  it('asks for a rehash when the stored cost is below the current one', async () => {
    const hash = await hashPassword('rehash me 123', 10);
    expect(scryptCostOf(hash)).toEqual({ ln: 10, r: 8, p: 1 });
    expect(await verifyPassword('rehash me 123', hash, 11)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('rehash me 123', hash, 10)).toEqual({ ok: true, needsRehash: false });
  });

  it('accepts a lower cost only from the test override, never below 2^10', () => {
    expect(configFromEnv({ WM_SCRYPT_LN: '12' })).toEqual({ scryptLogN: 12 });
    expect(configFromEnv({})).toEqual({});
    expect(() => resolveConfig({ scryptLogN: 9 })).toThrow(RangeError);
  });
});

describe('password policy', () => {
  const check = (password: string) => passwordProblem(password, 'ada@example.com', 'ada');
  it.each([
    ['short1', /at least 10/],
    ['alllowercaseletters', /two of/],
    ['ada@example.com', /email address or username/],
    ['x'.repeat(1025), /at most 1024/],
  ])('refuses %s', (password, message) => {
    expect(check(password)).toMatch(message);
  });
  it.each(['correct horse 42', 'Passphrase-Long', '🙂🙂🙂🙂🙂aaaaa'])('accepts %s', (password) => {
    expect(check(password)).toBeUndefined();
  });
});
