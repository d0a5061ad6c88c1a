import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/domain/keys.js';
import { openId, sealId } from '../../src/domain/opaque-id.js';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

const key = deriveKeys(randomBytes(32)).usageId;
const otherKey = deriveKeys(randomBytes(32)).usageId;

describe('opaque usage record ids', () => {
  it('round-trip every id, stay stable, and look unrelated for neighbouring ids', () => {
    for (const id of [1, 2, 3, 255, 256, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      const opaque = sealId(key, id);
      expect(opaque).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(sealId(key, id)).toBe(opaque);
      expect(openId(key, opaque)).toBe(id);
    }
    const neighbours = [1, 2, 3, 4].map((id) => sealId(key, id));
    // no shared prefix, no visible count: each differs from the next at the first characters already
    for (let i = 1; i < neighbours.length; i++)
      expect(neighbours[i].slice(0, 4)).not.toBe(neighbours[i - 1].slice(0, 4));
  });

  it('refuse strings that are not ids of this key', () => {
    expect(openId(otherKey, sealId(key, 42))).toBeUndefined();
    for (const made of ['', '42', 'AAAAAAAAAAAAAAAAAAAAAA', 'A'.repeat(23), `${sealId(key, 7).slice(0, 21)}!`]) {
      expect(openId(key, made), made).toBeUndefined();
    }
    // the same 16 bytes written with non-zero padding bits is not accepted as a second spelling
    const opaque = sealId(key, 9);
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = opaque.slice(0, 21) + last[last.indexOf(opaque[21]) ^ 1];
    expect(openId(key, respelled)).toBeUndefined();
  });
});

describe('the usage history pages with opaque ids', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await makeFixture();
  });
  afterEach(() => f.close());

  it('pages with before, refuses a made-up one, and two accounts cannot count each other', async () => {
    const ada = await makeUser(f.domain, { email: 'ada@example.com' });
    const bob = await makeUser(f.domain, { email: 'bob@example.com' });
    for (let i = 1; i <= 4; i++) await f.domain.admin.grantCredits('ada@example.com', i);
    const all = await f.domain.credits.usage(ada.id);
    expect(all.map((record) => record.credits)).toEqual([4, 3, 2, 1, 100]);
    const page = await f.domain.credits.usage(ada.id, { limit: 2, before: all[1].id });
    expect(page.map((record) => record.credits)).toEqual([2, 1]);
    expect((await refusal(() => f.domain.credits.usage(ada.id, { before: 'AAAAAAAAAAAAAAAAAAAAAA' }))).details).toEqual(
      {
        before: expect.any(String),
      },
    );
    // bob's one record says nothing about ada's five
    const [bobs] = await f.domain.credits.usage(bob.id);
    expect(Number.isNaN(Number(bobs.id))).toBe(true);
    expect((await f.domain.admin.usage('bob@example.com')).map((record) => record.id)).toEqual([bobs.id]);
  });
});
