import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodecError } from 'wm-watermark-codec';
import { DomainError } from '../../src/domain/index.js';
import { makeFixture, makeUser, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture({ freeCredits: 10, creditCost: 1 });
});
afterEach(() => f.close());

const CARRIER = 'The quick brown fox jumps over the lazy dog while the cat sleeps in the warm afternoon sun. '.repeat(
  3,
);

async function failure(work: () => unknown): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}
const codeOf = async (work: () => unknown) => ((await failure(work)) as DomainError | CodecError).code;

async function verifiedToken(permissions: ('encode' | 'decode')[] = ['encode', 'decode'], plan?: 'starter') {
  const user = await makeUser(f.domain, { verified: true, plan });
  const token = await f.domain.apiTokens.create(user.id, { name: 't', permissions });
  return { user, token: token.token, tokenId: token.id };
}

describe('watermark operations', () => {
  it('encode and decode round-trip, each charged 1 credit and recorded with its token', async () => {
    const { user, token, tokenId } = await verifiedToken();
    const encoded = await f.domain.watermark.encode(token, { text: CARRIER, secret: 'order #42' });
    expect(encoded.keyed).toBe(false);
    const decoded = await f.domain.watermark.decode(token, { text: encoded.encoded });
    expect(decoded.decoded).toBe('order #42');
    const robust = await f.domain.watermark.encodeRobust(token, { text: CARRIER, secret: 'hi' });
    expect((await f.domain.watermark.decodeRobust(token, { text: robust.watermarked })).decoded).toBe('hi');
    const analysis = await f.domain.watermark.analyze(token, { encoded: encoded.encoded, original: CARRIER });
    expect(analysis.variation_selectors).toBeGreaterThan(0);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(5);
    const usage = await f.domain.credits.usage(user.id);
    expect(usage.map((u) => [u.operation, u.credits, u.balance_after, u.token_id])).toEqual([
      ['analyze', -1, 5, tokenId],
      ['decode-robust', -1, 6, tokenId],
      ['encode-robust', -1, 7, tokenId],
      ['decode', -1, 8, tokenId],
      ['encode', -1, 9, tokenId],
      ['signup-grant', 10, 10, null],
    ]);
    expect(await f.domain.credits.quota(user.id)).toMatchObject({ requests_made: 5, requests_remaining: 995 });
    expect((await f.domain.apiTokens.list(user.id))[0].last_used_at).toBe(f.clock.now.toISOString());
  });

  it('a failed operation costs nothing', async () => {
    const { user, token } = await verifiedToken();
    expect(
      await codeOf(() => f.domain.watermark.encodeRobust(token, { text: 'ab', secret: 'a much longer secret' })),
    ).toBe('CARRIER_TOO_SHORT');
    expect(await codeOf(() => f.domain.watermark.decode(token, { text: 'plain text' }))).toBe('NO_WATERMARK');
    expect((await f.domain.credits.balance(user.id)).balance).toBe(10);
    expect(await f.domain.credits.usage(user.id)).toHaveLength(1);
  });

  it('refuses unknown, malformed and revoked tokens at once', async () => {
    const { user, token, tokenId } = await verifiedToken();
    expect(await codeOf(() => f.domain.watermark.decode('', { text: 'x' }))).toBe('UNAUTHENTICATED');
    expect(await codeOf(() => f.domain.watermark.decode('wm_nonsense', { text: 'x' }))).toBe('TOKEN_REVOKED');
    await f.domain.apiTokens.revoke(user.id, tokenId);
    expect(await codeOf(() => f.domain.watermark.encode(token, { text: CARRIER, secret: 's' }))).toBe('TOKEN_REVOKED');
  });

  it('checks permissions: encode for encode(-robust), decode for decode(-robust), either for analyze', async () => {
    const encoder = (await verifiedToken(['encode'])).token;
    const decoder = (await verifiedToken(['decode'])).token;
    const text = (await f.domain.watermark.encode(encoder, { text: CARRIER, secret: 's' })).encoded;
    expect(await codeOf(() => f.domain.watermark.decode(encoder, { text }))).toBe('PERMISSION_DENIED');
    expect(await codeOf(() => f.domain.watermark.decodeRobust(encoder, { text }))).toBe('PERMISSION_DENIED');
    expect(await codeOf(() => f.domain.watermark.encode(decoder, { text: CARRIER, secret: 's' }))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await codeOf(() => f.domain.watermark.encodeRobust(decoder, { text: CARRIER, secret: 's' }))).toBe(
      'PERMISSION_DENIED',
    );
    await f.domain.watermark.analyze(encoder, { encoded: text });
    await f.domain.watermark.analyze(decoder, { encoded: text });
  });

  it('requires a verified email and refuses suspended accounts', async () => {
    const user = await makeUser(f.domain);
    const { token } = await f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode'] });
    expect(await codeOf(() => f.domain.watermark.encode(token, { text: CARRIER, secret: 's' }))).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    await f.domain.accounts.verifyEmail(user.verificationToken);
    await f.domain.watermark.encode(token, { text: CARRIER, secret: 's' });
    await f.domain.admin.suspend(user.email);
    expect(await codeOf(() => f.domain.watermark.encode(token, { text: CARRIER, secret: 's' }))).toBe(
      'ACCOUNT_SUSPENDED',
    );
  });

  it('refuses with PAYMENT_REQUIRED and the balance when credits run out', async () => {
    const { user, token } = await verifiedToken();
    for (let i = 0; i < 10; i++) await f.domain.watermark.analyze(token, { encoded: 'x' });
    const error = (await failure(() => f.domain.watermark.analyze(token, { encoded: 'x' }))) as DomainError;
    expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', balance: 0, cost: 1 });
    await f.domain.admin.grantCredits(user.email, 1);
    await f.domain.watermark.analyze(token, { encoded: 'x' });
  });

  it('refuses with QUOTA_EXHAUSTED until the next calendar month (UTC)', async () => {
    await f.close();
    f = await makeFixture({ freeCredits: 100, monthlyRequestsByPlan: { free: 3, starter: 10, pro: 100 } });
    const { user, token } = await verifiedToken();
    for (let i = 0; i < 3; i++) await f.domain.watermark.analyze(token, { encoded: 'x' });
    const error = (await failure(() => f.domain.watermark.analyze(token, { encoded: 'x' }))) as DomainError;
    expect(error.code).toBe('QUOTA_EXHAUSTED');
    expect(error.resetsAt?.toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect((await f.domain.credits.balance(user.id)).balance).toBe(97);
    f.clock.now = new Date('2025-04-01T00:00:00Z');
    await f.domain.watermark.analyze(token, { encoded: 'x' });
    expect(await f.domain.credits.quota(user.id)).toMatchObject({
      requests_made: 1,
      requests_limit: 3,
      resets_at: '2025-05-01T00:00:00.000Z',
    });
  });

  it('identify reads a token once for several operations; in another quota period they read it again', async () => {
    const { user, token, tokenId } = await verifiedToken();
    expect(await codeOf(() => f.domain.watermark.identify('wm_nope'))).toBe('TOKEN_REVOKED');
    const caller = await f.domain.watermark.identify(token);
    await f.domain.watermark.analyze(caller, { encoded: 'x' });
    await f.domain.watermark.analyze(caller, { encoded: 'y' });
    expect((await f.domain.credits.balance(user.id)).balance).toBe(8);
    const uses = (await f.domain.credits.usage(user.id)).filter((u) => u.operation === 'analyze');
    expect(uses.map((u) => u.token_id)).toEqual([tokenId, tokenId]);
    // revoked meanwhile: a new period's count is read with the token, which is gone
    await f.domain.apiTokens.revoke(user.id, tokenId);
    f.clock.now = new Date('2025-04-01T00:00:00Z');
    expect(await codeOf(() => f.domain.watermark.analyze(caller, { encoded: 'x' }))).toBe('TOKEN_REVOKED');
    const other = await f.domain.apiTokens.create(user.id, { name: 'u', permissions: ['decode'] });
    await f.domain.admin.suspend(user.email);
    expect(await codeOf(() => f.domain.watermark.identify(other.token))).toBe('ACCOUNT_SUSPENDED');
  });

  it('a cost of 0 makes operations free but still counted', async () => {
    await f.close();
    f = await makeFixture({ creditCost: 0, freeCredits: 0 });
    const { user, token } = await verifiedToken();
    await f.domain.watermark.analyze(token, { encoded: 'x' });
    expect((await f.domain.credits.balance(user.id)).balance).toBe(0);
    expect((await f.domain.credits.quota(user.id)).requests_made).toBe(1);
  });
});

describe('keyed tokens', () => {
  it('encrypt with their channel key; decoding needs a token of the same channel', async () => {
    const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
    const news = await f.domain.channels.create(user.id, 'news');
    const blog = await f.domain.channels.create(user.id, 'blog');
    const make = async (channel: string | null) => {
      const created = await f.domain.apiTokens.create(user.id, {
        name: 'k',
        permissions: ['encode', 'decode'],
        signing_channel_id: channel,
      });
      return created.token;
    };
    const newsToken = await make(news.id);
    const encoded = await f.domain.watermark.encode(newsToken, { text: CARRIER, secret: 'keyed secret' });
    expect(encoded.keyed).toBe(true);
    const marked = { text: encoded.encoded };
    const [newsDecoder, blogDecoder, plainDecoder] = [await make(news.id), await make(blog.id), await make(null)];
    const decoded = await f.domain.watermark.decode(newsDecoder, marked);
    expect(decoded).toMatchObject({ decoded: 'keyed secret', keyed: true });
    expect(await codeOf(() => f.domain.watermark.decode(blogDecoder, marked))).toBe('KEY_MISMATCH');
    expect(await codeOf(() => f.domain.watermark.decode(plainDecoder, marked))).toBe('KEY_REQUIRED');
    const robust = await f.domain.watermark.encodeRobust(newsToken, { text: CARRIER, secret: 'k' });
    expect(robust.keyed).toBe(true);
    expect((await f.domain.watermark.decodeRobust(newsToken, { text: robust.watermarked })).decoded).toBe('k');
    // deactivation keeps both the key and the token working
    await f.domain.channels.deactivate(user.id, news.id);
    expect((await f.domain.watermark.decode(newsToken, { text: encoded.encoded })).decoded).toBe('keyed secret');
  });

  it('the offline channel key decodes what the service encoded', async () => {
    const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
    const channel = await f.domain.channels.create(user.id, 'news');
    const { token } = await f.domain.apiTokens.create(user.id, {
      name: 'k',
      permissions: ['encode'],
      signing_channel_id: channel.id,
    });
    const { encoded } = await f.domain.watermark.encode(token, { text: CARRIER, secret: 'offline' });
    const { decode } = await import('wm-watermark-codec');
    expect(decode(encoded, { key: await f.domain.admin.channelKey(user.email, 'news') }).decoded).toBe('offline');
  });
});
