import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidEmail } from '../../src/domain/index.js';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';
import { ACCEPTED_EMAILS, ACCEPTED_NAMES, REFUSED_EMAILS, REFUSED_NAMES } from './field-cases.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

describe('one email rule', () => {
  it.each(ACCEPTED_EMAILS)('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(REFUSED_EMAILS)('refuses %j, for the admin CLI path too', async (email) => {
    expect(isValidEmail(email)).toBe(false);
    const error = await refusal(() =>
      f.domain.admin.createUser({ email, username: 'ada', password: PASSWORD, verified: true }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.details!)).toEqual(['email']);
  });

  it('"ADA@example.com." cannot be a second account for ada@example.com', async () => {
    await makeUser(f.domain, { email: 'ada@example.com' });
    const error = await refusal(() =>
      f.domain.admin.createUser({ email: 'ADA@example.com.', username: 'x', password: PASSWORD }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(await f.domain.admin.listUsers()).toHaveLength(1);
  });
});

describe('names refuse control, invisible and text-direction characters', () => {
  it.each(REFUSED_NAMES)(
    '%j is refused naming %s, in every name field, with per-field details',
    async (name, codePoint) => {
      const error = await refusal(() =>
        f.domain.accounts.register({
          email: 'n@example.com',
          username: name,
          password: PASSWORD,
          firstName: name,
          lastName: name,
        }),
      );
      expect(error.code).toBe('VALIDATION');
      expect(Object.keys(error.details!).sort()).toEqual(['firstName', 'lastName', 'username']);
      expect(error.details!.username).toContain(codePoint);

      const user = await makeUser(f.domain);
      for (const field of ['username', 'firstName', 'lastName'] as const) {
        const update = await refusal(() => f.domain.accounts.updateProfile(user.id, { [field]: `x${name}` }));
        expect(update.details).toEqual({ [field]: expect.stringContaining(codePoint) });
      }
      const admin = await refusal(() =>
        f.domain.admin.createUser({ email: 'm@example.com', username: name, password: PASSWORD }),
      );
      expect(admin.details).toEqual({ username: expect.stringContaining(codePoint) });
    },
  );

  it('refuses two spaces in a row, which look like one', async () => {
    const user = await makeUser(f.domain);
    const update = await refusal(() => f.domain.accounts.updateProfile(user.id, { username: 'Ada  News' }));
    expect(update.details).toEqual({ username: expect.stringContaining('two spaces') });
  });

  it.each(ACCEPTED_NAMES)('%j is a name', async (name) => {
    const user = await makeUser(f.domain);
    const updated = await f.domain.accounts.updateProfile(user.id, { username: name, firstName: name, lastName: name });
    expect(updated).toMatchObject({
      username: name,
      firstName: name,
      lastName: name,
    });
  });
});
