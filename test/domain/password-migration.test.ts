import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, makeUser, refusal, TEST_SCRYPT_LN, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

/** A hash as the release before NFKC stored it: scrypt of the NFC form's UTF-8, no `norm` parameter. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const nfc = Buffer.from(password.normalize('NFC'), 'utf8');
  const hash = scryptSync(nfc, salt, 32, { N: 2 ** TEST_SCRYPT_LN, r: 8, p: 1 });
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${TEST_SCRYPT_LN},r=8,p=1$${b64(salt)}$${b64(hash)}`;
}

const storedHashOf = async (id: string) =>
  (await f.sql<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = ?', id))[0].h;
const setStoredHash = (id: string, passwordHash: string) =>
  f.sql('UPDATE users SET password_hash = ? WHERE id = ?', passwordHash, id);

describe('passwords stored before NFKC', () => {
  it('keep logging in, and the first login replaces the hash with an NFKC one', async () => {
    const user = await makeUser(f.domain);
    const fullWidth = '\uff30ass-word-12';
    await setStoredHash(user.id, legacyHash(fullWidth));
    await f.domain.sessions.login({ email: user.email, password: fullWidth });
    expect(await storedHashOf(user.id)).toMatch(/,norm=nfkc\$/);
    await f.domain.sessions.login({ email: user.email, password: fullWidth });
    // from now on the compatibility forms match, as for every new password
    await f.domain.sessions.login({ email: user.email, password: 'Pass-word-12' });
  });

  it('made with a lone surrogate (hashed as U+FFFD) no longer let a different lone surrogate in', async () => {
    const user = await makeUser(f.domain);
    await setStoredHash(user.id, legacyHash('Correct horse 42\ud800'));
    const other = await refusal(() =>
      f.domain.sessions.login({ email: user.email, password: 'Correct horse 42\udfff' }),
    );
    expect(other.code).toBe('VALIDATION');
    expect(other.details).toEqual({ password: expect.stringMatching(/unpaired surrogate/) });
    // the owner types U+FFFD, what the old hash really holds, and can then choose a new password
    await f.domain.sessions.login({ email: user.email, password: 'Correct horse 42\ufffd' });
  });
});
