import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

describe('channels', () => {
  it('are refused on the free plan', async () => {
    const user = await makeUser(f.domain);
    expect((await refusal(() => f.domain.channels.create(user.id, 'news'))).code).toBe('PLAN_REQUIRED');
  });

  it('are limited to 3 active on starter and 20 on pro; deactivated ones free a slot', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const created = [];
    for (const name of ['a', 'b', 'c']) created.push(await f.domain.channels.create(user.id, name));
    const limit = await refusal(() => f.domain.channels.create(user.id, 'd'));
    expect(limit.code).toBe('PLAN_LIMIT');
    await f.domain.channels.deactivate(user.id, created[0].id);
    await f.domain.channels.create(user.id, 'd');
    await f.domain.admin.setPlan(user.email, 'pro');
    for (let i = 0; i < 17; i++) await f.domain.channels.create(user.id, `pro-${i}`);
    expect((await refusal(() => f.domain.channels.create(user.id, 'one-too-many'))).code).toBe('PLAN_LIMIT');
  });

  it('count against the plan while active or while a live token is bound to them', async () => {
    const user = await makeUser(f.domain, { plan: 'starter', verified: true });
    const [a] = [await f.domain.channels.create(user.id, 'a')];
    for (const name of ['b', 'c']) await f.domain.channels.create(user.id, name);
    const bound = await f.domain.apiTokens.create(user.id, {
      name: 'keyed',
      permissions: ['encode'],
      signing_channel_id: a.id,
    });
    await f.domain.channels.deactivate(user.id, a.id);
    // the deactivated channel still works through its token, so it still takes a slot
    const encoded = await f.domain.watermark.encode(bound.token, {
      text: 'The quick brown fox jumps over the lazy dog.',
      secret: 's',
    });
    expect(encoded.keyed).toBe(true);
    const limit = await refusal(() => f.domain.channels.create(user.id, 'd'));
    expect(limit.code).toBe('PLAN_LIMIT');
    expect(limit.message).toMatch(/3 channels in use; a deactivated channel counts until the API tokens bound to it/);
    // revoking its last token frees the slot
    await f.domain.apiTokens.revoke(user.id, bound.id);
    await f.domain.channels.create(user.id, 'd');
    expect((await refusal(() => f.domain.channels.create(user.id, 'e'))).code).toBe('PLAN_LIMIT');
  });

  it('cannot be multiplied by deactivating and re-creating with tokens bound (the 8-channel finding)', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const working: string[] = [];
    for (let round = 0; round < 8; round++) {
      let channel;
      try {
        channel = await f.domain.channels.create(user.id, `round-${round}`);
      } catch (error) {
        expect(error).toMatchObject({ code: 'PLAN_LIMIT' });
        break;
      }
      await f.domain.apiTokens.create(user.id, {
        name: `t${round}`,
        permissions: ['encode'],
        signing_channel_id: channel.id,
      });
      await f.domain.channels.deactivate(user.id, channel.id);
      working.push(channel.id);
    }
    expect(working).toHaveLength(3);
  });

  it('names are unique per account (CONFLICT), free across accounts', async () => {
    const a = await makeUser(f.domain, { plan: 'starter' });
    const b = await makeUser(f.domain, { plan: 'starter' });
    const channel = await f.domain.channels.create(a.id, ' news ');
    expect(channel).toMatchObject({ channel_name: 'news', is_active: true, created_at: f.clock.now.toISOString() });
    expect((await refusal(() => f.domain.channels.create(a.id, 'news'))).code).toBe('CONFLICT');
    await f.domain.channels.deactivate(a.id, channel.id);
    expect((await refusal(() => f.domain.channels.create(a.id, 'news'))).code).toBe('CONFLICT');
    expect((await f.domain.channels.create(b.id, 'news')).channel_name).toBe('news');
    expect((await refusal(() => f.domain.channels.create(a.id, ''))).code).toBe('VALIDATION');
  });

  it('list with active_tokens; deactivation keeps the key and the tokens', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const channel = await f.domain.channels.create(user.id, 'news');
    await f.domain.channels.create(user.id, 'blog');
    for (const name of ['t1', 't2']) {
      await f.domain.apiTokens.create(user.id, { name, permissions: ['encode'], signing_channel_id: channel.id });
    }
    await f.domain.apiTokens.create(user.id, { name: 'plain', permissions: ['encode'] });
    const keyBefore = await f.domain.admin.channelKey(user.email, 'news');
    expect(await f.domain.channels.deactivate(user.id, channel.id)).toEqual({ id: channel.id, channel_name: 'news' });
    const list = await f.domain.channels.list(user.id);
    expect(list.map((c) => [c.channel_name, c.is_active, c.active_tokens])).toEqual([
      ['news', false, 2],
      ['blog', true, 0],
    ]);
    expect(Buffer.from(await f.domain.admin.channelKey(user.email, 'news')).equals(Buffer.from(keyBefore))).toBe(true);
    expect(keyBefore).toHaveLength(32);
  });

  it("deactivating an unknown or another account's channel is NOT_FOUND", async () => {
    const a = await makeUser(f.domain, { plan: 'starter' });
    const b = await makeUser(f.domain, { plan: 'starter' });
    const channel = await f.domain.channels.create(a.id, 'news');
    expect((await refusal(() => f.domain.channels.deactivate(b.id, channel.id))).code).toBe('NOT_FOUND');
    expect((await refusal(() => f.domain.channels.deactivate(a.id, 'nope'))).code).toBe('NOT_FOUND');
  });

  it('keys are sealed under the master key: another master key cannot open them', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    await f.domain.channels.create(user.id, 'news');
    const { createDomain } = await import('../../src/domain/index.js');
    const other = createDomain({ store: f.store, masterKey: new Uint8Array(32).fill(7), config: { scryptLogN: 10 } });
    await expect(other.admin.channelKey(user.email, 'news')).rejects.toThrow();
  });
});
