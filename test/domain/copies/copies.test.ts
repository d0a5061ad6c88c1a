import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDomain } from '../../../src/domain/index.js';
import { resealChannelKeys } from '../../../src/data-folder/master-key-rotation.js';
import { strip } from 'wm-watermark-codec/strip';
import { deriveKeys, openSealedKey } from '../../../src/domain/keys.js';
import { fingerprintSealContext } from '../../../src/domain/copies/fingerprint-keys.js';
import { databaseBytes, makeFixture, makeUser, refusal, type Fixture } from '../fixture.js';
import { MEMO } from './texts.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture({ freeCredits: 100, creditCost: 1 });
});
afterEach(() => f.close());

async function owner(permissions: ('encode' | 'decode')[] = ['encode', 'decode']) {
  const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
  const channel = await f.domain.channels.create(user.id, 'memos');
  const { token } = await f.domain.apiTokens.create(user.id, {
    name: 'copies',
    permissions,
    signing_channel_id: channel.id,
  });
  return { user, token, channel };
}

const paragraph = (text: string, n: number) => text.split('\n\n')[n];

describe('issued copies', () => {
  it('each recipient gets a differently marked copy of the same visible text, traced back to them', async () => {
    const { token } = await owner();
    const issued = await f.domain.copies.issue(token, {
      text: MEMO,
      recipients: ['alice@example.com', 'bob@example.com', ' Carol '],
      name: 'memo.txt',
    });
    expect(issued.document).toMatchObject({ name: 'memo.txt', characters: [...MEMO].length });
    expect(issued.copies.map((copy) => copy.recipient)).toEqual(['alice@example.com', 'bob@example.com', 'Carol']);
    for (const copy of issued.copies) {
      expect(strip(copy.text)).toBe(MEMO);
      expect(copy.copy_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(copy.text).not.toContain(copy.recipient);
      expect(copy.marks.vs_frames).toBeGreaterThan(1);
      expect(copy.marks.robust_marks).toBeGreaterThan(0);
    }
    expect(new Set(issued.copies.map((copy) => copy.text)).size).toBe(3);
    for (const copy of issued.copies) {
      const traced = await f.domain.copies.trace(token, { text: copy.text });
      expect(traced.verdict).toBe('recipient');
      expect(traced.recipients.map((found) => [found.recipient, found.copy_id])).toEqual([
        [copy.recipient, copy.copy_id],
      ]);
      expect(traced.recipients[0].evidence.vs_frames).toBe(copy.marks.vs_frames);
      expect(traced.recipients[0].evidence.robust[0].copies_agreeing).toBeGreaterThan(1);
      expect(traced.documents[0]).toMatchObject({ document: { id: issued.document.id }, recipient: null });
      expect(traced.documents[0].coverage).toBe(1);
    }
  });

  it('a quote of one paragraph still names its recipient; stripped, it names the document only', async () => {
    const { token } = await owner();
    const [alice] = (await f.domain.copies.issue(token, { text: MEMO, recipients: ['alice'] })).copies;
    const quote = paragraph(alice.text, 1);
    const traced = await f.domain.copies.trace(token, { text: quote });
    expect(traced.recipients.map((found) => found.recipient)).toEqual(['alice']);
    const stripped = await f.domain.copies.trace(token, { text: strip(quote, { all: true }) });
    expect(stripped.verdict).toBe('document');
    expect(stripped.recipients).toEqual([]);
    expect(stripped.message).toMatch(/recipient cannot be told/);
    expect(stripped.documents[0].coverage).toBeLessThan(0.6);
    expect(stripped.documents[0].similarity).toBe(1);
  });

  it('two copies spliced name both recipients', async () => {
    const { token } = await owner();
    const [alice, bob] = (await f.domain.copies.issue(token, { text: MEMO, recipients: ['alice', 'bob'] })).copies;
    const spliced = [paragraph(alice.text, 0), paragraph(bob.text, 1), paragraph(bob.text, 2)].join('\n\n');
    const traced = await f.domain.copies.trace(token, { text: spliced });
    expect(traced.recipients.map((found) => found.recipient).sort()).toEqual(['alice', 'bob']);
    expect(traced.message).toMatch(/spliced/);
  });

  it("another account's trace of the copy names nothing, and is free", async () => {
    const { token } = await owner();
    const [alice] = (await f.domain.copies.issue(token, { text: MEMO, recipients: ['alice'] })).copies;
    const other = await owner();
    const traced = await f.domain.copies.trace(other.token, { text: alice.text });
    expect(traced).toMatchObject({ verdict: 'not_found', recipients: [], documents: [] });
    expect((await f.domain.credits.balance(other.user.id)).balance).toBe(100);
  });

  it('charges one credit per issue and per trace that finds something; lists the documents and copies', async () => {
    const { token, user } = await owner();
    const issued = await f.domain.copies.issue(token, { text: MEMO, recipients: ['a', 'b', 'c'], name: 'memo' });
    await f.domain.copies.trace(token, { text: issued.copies[0].text });
    await f.domain.copies.trace(token, { text: 'nothing of ours, just a few words here' });
    expect((await f.domain.credits.balance(user.id)).balance).toBe(98);
    const list = await f.domain.copies.list(token);
    expect(list.documents).toEqual(
      [{ ...issued.document, fingerprint_hashes: undefined, copies: 3 }].map(
        ({ fingerprint_hashes: _, ...document }) => document,
      ),
    );
    const one = await f.domain.copies.list(token, { document_id: issued.document.id });
    expect(one.documents[0].recipients!.map((copy) => [copy.recipient, copy.copy_id])).toEqual(
      issued.copies.map((copy) => [copy.recipient, copy.copy_id]),
    );
    expect((await refusal(() => f.domain.copies.list(token, { document_id: 999 }))).code).toBe('NOT_FOUND');
  });

  it('refuses what it cannot do, charging nothing and recording nothing', async () => {
    const { token, user } = await owner();
    const bad = [
      { text: MEMO, recipients: [] },
      { text: MEMO, recipients: ['alice', 'alice'] },
      { text: MEMO, recipients: ['ali\u202Ece'] },
      { text: '', recipients: ['alice'] },
    ];
    for (const input of bad) expect((await refusal(() => f.domain.copies.issue(token, input))).code).toBe('VALIDATION');
    const unkeyed = await f.domain.apiTokens.create(user.id, { name: 'plain', permissions: ['encode', 'decode'] });
    const refused = await refusal(() => f.domain.copies.issue(unkeyed.token, { text: MEMO, recipients: ['alice'] }));
    expect(refused.details).toEqual({ channel: 'needed: the marks of a copy are keyed' });
    const decodeOnly = await owner(['decode']);
    expect((await refusal(() => f.domain.copies.issue(decodeOnly.token, { text: MEMO, recipients: ['a'] }))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect((await f.domain.copies.list(token)).documents).toEqual([]);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100);
  });

  it('keeps neither the text nor the fingerprint key in the clear', async () => {
    const { token, user } = await owner();
    await f.domain.copies.issue(token, { text: MEMO, recipients: ['alice'] });
    const sealed = await f.store.copies.sealedFingerprintKey(user.id);
    const key = openSealedKey(deriveKeys(f.masterKey).channelWrap, sealed!, fingerprintSealContext(user.id));
    expect(key).toHaveLength(32);
    const bytes = await databaseBytes(f);
    const hex = Buffer.from(key).toString('hex');
    expect(bytes.includes(Buffer.from(key)) || bytes.toString('latin1').includes(hex)).toBe(false);
    for (const sentence of MEMO.split('. ').slice(0, 5)) expect(bytes.includes(Buffer.from(sentence))).toBe(false);
  });

  it('a master-key rotation re-seals the fingerprint key: copies still trace after it', async () => {
    const { token } = await owner();
    const [alice] = (await f.domain.copies.issue(token, { text: MEMO, recipients: ['alice'] })).copies;
    const newMaster = randomBytes(32);
    const result = await resealChannelKeys(f.store, f.masterKey, newMaster);
    expect(result.fingerprintKeys).toEqual({ resealed: 1, alreadyResealed: 0 });
    const rotated = createDomain({ store: f.store, masterKey: newMaster, now: () => f.clock.now });
    expect((await rotated.copies.trace(token, { text: alice.text })).recipients[0].recipient).toBe('alice');
    const stripped = await rotated.copies.trace(token, { text: strip(alice.text, { all: true }) });
    expect(stripped.verdict).toBe('document');
  });
});
