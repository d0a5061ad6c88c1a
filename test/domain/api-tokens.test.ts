import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateApiTokenSecret, isWellFormedApiTokenSecret } from '../../src/domain/api-token-secret.js';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

describe('API token secrets', () => {
  it('carry the wm_ prefix, ≥128 random bits and a checksum', () => {
    const secrets = new Set(Array.from({ length: 200 }, generateApiTokenSecret));
    expect(secrets.size).toBe(200);
    for (const secret of secrets) {
      expect(secret).toMatch(/^wm_[0-9A-Za-z]{36}$/);
      expect(isWellFormedApiTokenSecret(secret)).toBe(true);
    }
    // 30 base62 characters of randomness
    expect(30 * Math.log2(62)).toBeGreaterThan(128);
    const secret = [...secrets][0];
    const typo = secret.slice(0, 5) + (secret[5] === 'a' ? 'b' : 'a') + secret.slice(6);
    expect(isWellFormedApiTokenSecret(typo)).toBe(false);
  });
});

describe('apiTokens', () => {
  it('creates a token, shows the secret once, lists metadata only', async () => {
    const user = await makeUser(f.domain);
    const created = await f.domain.apiTokens.create(user.id, {
      name: ' ci ',
      permissions: ['decode', 'encode', 'encode'],
    });
    expect(created).toMatchObject({
      name: 'ci',
      permissions: ['encode', 'decode'],
      signing_channel_id: null,
      last_used_at: null,
      token_prefix: created.token.slice(0, 10),
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await f.domain.apiTokens.list(user.id);
    const { token: _secret, ...metadata } = created;
    expect(listed).toEqual([metadata]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect((await f.domain.accounts.getProfile(user.id)).api_tokens).toEqual(listed);
  });

  it('requires a name and a non-empty subset of encode/decode', async () => {
    const user = await makeUser(f.domain);
    const bad = [
      { name: '', permissions: ['encode'] },
      { name: 'x', permissions: [] },
      { name: 'x', permissions: ['admin'] },
      { name: 'x', permissions: 'encode' },
    ];
    for (const input of bad) {
      expect((await refusal(() => f.domain.apiTokens.create(user.id, input as never))).code).toBe('VALIDATION');
    }
  });

  it("binds only to the owner's active channels", async () => {
    const owner = await makeUser(f.domain, { plan: 'starter' });
    const other = await makeUser(f.domain, { plan: 'starter' });
    const mine = await f.domain.channels.create(owner.id, 'mine');
    const theirs = await f.domain.channels.create(other.id, 'theirs');
    const bound = await f.domain.apiTokens.create(owner.id, {
      name: 'k',
      permissions: ['encode'],
      signing_channel_id: mine.id,
    });
    expect(bound.signing_channel_id).toBe(mine.id);
    const foreign = await refusal(() =>
      f.domain.apiTokens.create(owner.id, { name: 'k', permissions: ['encode'], signing_channel_id: theirs.id }),
    );
    expect(foreign.code).toBe('VALIDATION');
    expect(foreign.details).toHaveProperty('signing_channel_id');
    await f.domain.channels.deactivate(owner.id, mine.id);
    expect(
      (
        await refusal(() =>
          f.domain.apiTokens.create(owner.id, { name: 'k', permissions: ['encode'], signing_channel_id: mine.id }),
        )
      ).code,
    ).toBe('VALIDATION');
  });

  it("revokes by deletion; another user's token is FORBIDDEN, an unknown one NOT_FOUND", async () => {
    const owner = await makeUser(f.domain);
    const other = await makeUser(f.domain);
    const token = await f.domain.apiTokens.create(owner.id, { name: 't', permissions: ['encode'] });
    expect((await refusal(() => f.domain.apiTokens.revoke(other.id, token.id))).code).toBe('FORBIDDEN');
    expect((await refusal(() => f.domain.apiTokens.revoke(owner.id, 'no-such-id'))).code).toBe('NOT_FOUND');
    await f.domain.apiTokens.revoke(owner.id, token.id);
    expect(await f.domain.apiTokens.list(owner.id)).toEqual([]);
    expect((await refusal(() => f.domain.apiTokens.revoke(owner.id, token.id))).code).toBe('NOT_FOUND');
  });
});

describe('API tokens per account', () => {
  it('are capped, even when created at once; a revocation makes room', async () => {
    await f.close();
    f = await makeFixture({ apiTokensPerAccount: 5 });
    const user = await makeUser(f.domain);
    const create = () => f.domain.apiTokens.create(user.id, { name: 't', permissions: ['decode'] });
    const results = await Promise.allSettled(Array.from({ length: 12 }, create));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = await refusal(create);
    expect([refused.code, refused.details]).toEqual(['PLAN_LIMIT', { limit: '5' }]);
    const [first] = await f.domain.apiTokens.list(user.id);
    await f.domain.apiTokens.revoke(user.id, first.id);
    await create();
  });

  it('are listed a page at a time, oldest first', async () => {
    await f.close();
    f = await makeFixture({ apiTokensPerAccount: 5 });
    const user = await makeUser(f.domain);
    for (let i = 0; i < 5; i++) await f.domain.apiTokens.create(user.id, { name: `t${i}`, permissions: ['decode'] });
    const names = (page: { tokens: { name: string }[] }) => page.tokens.map((token) => token.name);
    const first = await f.domain.apiTokens.page(user.id, { limit: 2 });
    expect([names(first), first.next]).toEqual([['t0', 't1'], first.tokens[1].id]);
    const second = await f.domain.apiTokens.page(user.id, { limit: 2, after: `tok_${first.next}` });
    expect(names(second)).toEqual(['t2', 't3']);
    const last = await f.domain.apiTokens.page(user.id, { limit: 2, after: second.next! });
    expect([names(last), last.next]).toEqual([['t4'], null]);
    expect((await f.domain.apiTokens.page(user.id, {})).tokens).toHaveLength(5);
    for (const page of [{ limit: 0 }, { limit: 6 }, { after: 'nope' }]) {
      expect((await refusal(() => f.domain.apiTokens.page(user.id, page))).code).toBe('VALIDATION');
    }
    // another account's token id is no place to start from
    const other = await makeUser(f.domain);
    const theirs = await f.domain.apiTokens.create(other.id, { name: 'x', permissions: ['decode'] });
    const foreign = await refusal(() => f.domain.apiTokens.page(user.id, { after: theirs.id }));
    expect(foreign.details).toEqual({ after: 'is not one of your API tokens' });
  });
});
