import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, OWASP_SCRYPT_LOG_N, resolveConfig, configFromEnv } from '../../src/domain/index.js';
import { hashPassword, verifyPassword } from '../../src/domain/password-hash.js';
import { passwordProblem } from '../../src/domain/validation.js';

describe('password hashing', () => {
  it('defaults to OWASP cost N=2^17, r=8, p=1 — and that cost runs', async () => {
    expect(OWASP_SCRYPT_LOG_N).toBe(17);
    expect(DEFAULT_CONFIG.scryptLogN).toBe(17);
    const hash = await hashPassword('Tr0ub4dor&3-horse', DEFAULT_CONFIG.scryptLogN);
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1,norm=nfkc\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
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

  it('treats canonically and compatibly equivalent passwords as the same (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-latte-1', 10);
    expect((await verifyPassword('cafe\u0301-latte-1', hash, 10)).ok).toBe(true);
    // full-width letters and digits, and the "fi" ligature, are their plain forms under NFKC
    const wide = await hashPassword('\uff30\uff41\uff53\uff53-\uff11\uff12', 10);
    expect((await verifyPassword('Pass-12', wide, 10)).ok).toBe(true);
    expect((await verifyPassword('\ufb01sh-and-chips-1', await hashPassword('fish-and-chips-1', 10), 10)).ok).toBe(
      true,
    );
    expect((await verifyPassword('Pass-13', wide, 10)).ok).toBe(false);
  });

  it('keeps verifying hashes made before NFKC (NFC form, no norm marker) and asks to rehash them', async () => {
    // what hashPassword stored before: the NFC form, without ",norm=nfkc"
    const salt = randomBytes(16);
    const legacyHash = scryptSync(Buffer.from('\uff30ass-word-1'.normalize('NFC')), salt, 32, {
      N: 2 ** 10,
      r: 8,
      p: 1,
    });
    const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
    const legacy = `$scrypt$ln=10,r=8,p=1$${b64(salt)}$${b64(legacyHash)}`;
    expect(await verifyPassword('\uff30ass-word-1', legacy, 10)).toEqual({ ok: true, needsRehash: true });
    // the NFC hash told full-width letters apart: the old behaviour holds until the rehash
    expect((await verifyPassword('Pass-word-1', legacy, 10)).ok).toBe(false);
    expect(await verifyPassword('wrong-word-1', legacy, 10)).toEqual({ ok: false, needsRehash: false });
  });

  it('asks for a rehash when the stored cost is below the current one', async () => {
    const hash = await hashPassword('rehash me 123', 10);
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1,/);
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
  it.each(['Long enough 1\ud800', 'Long enough 1\udfff', '\udc00Long enough 1'])(
    'refuses lone surrogates: %j',
    (password) => {
      expect(check(password)).toMatch(/unpaired surrogate/);
    },
  );
  it('judges the NFKC form: full-width letters count as the letters they stand for', () => {
    // "ＡＤＡ@example.com" typed full-width is the email address once normalised
    expect(check('\uff41\uff44\uff41@example.com')).toMatch(/email address or username/);
  });
});
