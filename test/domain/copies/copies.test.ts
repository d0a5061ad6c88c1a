import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDomain } from '../../../src/domain/index.js';
import { resealChannelKeys } from '../../../src/data-folder/master-key-rotation.js';
import { strip } from 'wm-watermark-codec/strip';
import { deriveKeys, openSealedKey } from '../../../src/domain/keys.js';
import { fingerprintSealContext } from '../../../src/domain/copies/account-keys.js';
import { databaseBytes, makeFixture, makeUser, refusal, type Fixture } from '../fixture.js';
import { MEMO } from './texts.js';

let f: Fixture;
/** The account operations, run for an API token. */
const runAs = (token: string) => f.domain.accountOperations.forCaller(token);
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
  it('a copy whose record is gone is a mark of yours no longer on record: it names no one', async () => {
    const { user, token } = await owner();
    const issued = await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice@example.com'] });
    const [row] = await f.store.copies.documentsOf(user.id, 1);
    expect(await f.store.transaction((tx) => tx.copies.deleteDocument(user.id, row.id))).toBe(true);
    const traced = await runAs(token)('trace', { text: issued.copies[0].text });
    expect(traced).toMatchObject({ verdict: 'not_found', recipients: [], documents: [], unconfirmed: [] });
    expect(traced.leak.other_marks).toBeGreaterThan(0);
    expect(traced.message).toMatch(/no longer on record .* names no one\.$/);
    expect(traced.message).not.toContain('alice');
  });

  it('each recipient gets a differently marked copy of the same visible text, traced back to them', async () => {
    const { token } = await owner();
    const issued = await runAs(token)('issue_copies', {
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
      const traced = await runAs(token)('trace', { text: copy.text });
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
    const [alice] = (await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    const quote = paragraph(alice.text, 1);
    const traced = await runAs(token)('trace', { text: quote });
    expect(traced.recipients.map((found) => found.recipient)).toEqual(['alice']);
    const stripped = await runAs(token)('trace', { text: strip(quote, { all: true }) });
    expect(stripped.verdict).toBe('document');
    expect(stripped.recipients).toEqual([]);
    expect(stripped.message).toMatch(/recipient cannot be told/);
    expect(stripped.documents[0].coverage).toBeLessThan(0.6);
    expect(stripped.documents[0].similarity).toBe(1);
  });

  it('two copies spliced name both recipients', async () => {
    const { token } = await owner();
    const [alice, bob] = (await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice', 'bob'] })).copies;
    const spliced = [paragraph(alice.text, 0), paragraph(bob.text, 1), paragraph(bob.text, 2)].join('\n\n');
    const traced = await runAs(token)('trace', { text: spliced });
    expect(traced.recipients.map((found) => found.recipient).sort()).toEqual(['alice', 'bob']);
    expect(traced.message).toMatch(/spliced/);
  });

  it("another account's trace of the copy names nothing (one charge: the work was done)", async () => {
    const { token } = await owner();
    const [alice] = (await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    const other = await owner();
    await runAs(other.token)('issue_copies', { text: MEMO, recipients: ['zed'] });
    const traced = await runAs(other.token)('trace', { text: alice.text });
    expect(traced).toMatchObject({ verdict: 'document', recipients: [], unconfirmed: [] });
    const never = await owner();
    const untraced = await runAs(never.token)('trace', { text: alice.text });
    expect(untraced).toMatchObject({ verdict: 'not_found', recipients: [], documents: [] });
    expect(untraced.message).toMatch(/issued no copies/);
    expect((await f.domain.credits.balance(never.user.id)).balance).toBe(99);
  });

  it('charges a credit per copy and per trace, none for a text too short; lists the documents and copies', async () => {
    const { token, user } = await owner();
    const issued = await runAs(token)('issue_copies', { text: MEMO, recipients: ['a', 'b', 'c'], name: 'memo' });
    await runAs(token)('trace', { text: issued.copies[0].text });
    await runAs(token)('trace', { text: 'nothing of ours, just a few words here' });
    expect((await f.domain.credits.balance(user.id)).balance).toBe(96);
    const list = await runAs(token)('list_copies', {});
    expect(list.documents).toEqual(
      [{ ...issued.document, fingerprint_hashes: undefined, copies: 3 }].map(
        ({ fingerprint_hashes: _, ...document }) => document,
      ),
    );
    const one = await runAs(token)('list_copies', { document_id: issued.document.id });
    expect(one.documents[0].recipients!.map((copy) => [copy.recipient, copy.copy_id])).toEqual(
      issued.copies.map((copy) => [copy.recipient, copy.copy_id]),
    );
    for (const made of ['999', 'AAAAAAAAAAAAAAAAAAAAAA', issued.document.id.slice(0, -1)]) {
      expect((await refusal(() => runAs(token)('list_copies', { document_id: made }))).code).toBe('NOT_FOUND');
    }
  });

  it("document ids are opaque and the account's own: they tell nothing of other accounts", async () => {
    const first = await owner();
    const second = await owner();
    const a = await runAs(first.token)('issue_copies', { text: MEMO, recipients: ['a'] });
    const b = await runAs(second.token)('issue_copies', { text: MEMO, recipients: ['b'] });
    const c = await runAs(second.token)('issue_copies', { text: MEMO, recipients: ['c'] });
    for (const id of [a, b, c].map((issued) => issued.document.id)) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set([a, b, c].map((issued) => issued.document.id)).size).toBe(3);
    expect((await refusal(() => runAs(second.token)('list_copies', { document_id: a.document.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await runAs(second.token)('list_copies', { document_id: c.document.id })).documents[0].copies).toBe(1);
  });

  it('a passage too short to trace says so with its words, never "nothing", and costs nothing', async () => {
    const { token, user } = await owner();
    await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice'] });
    const short = await runAs(token)('trace', { text: 'Hiring in the support team will resume in March.' });
    expect(short).toMatchObject({ verdict: 'too_short', recipients: [], documents: [], leak: { words: 9 } });
    expect(short.message).toMatch(/^Too short to trace: 9 words, about 25 needed/);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100 - 1);
  });

  it('refuses what it cannot do, charging nothing and recording nothing', async () => {
    const { token, user } = await owner();
    const bad = [
      { text: MEMO, recipients: [] },
      { text: MEMO, recipients: ['alice', 'alice'] },
      { text: MEMO, recipients: ['ali\u202Ece'] },
      { text: '', recipients: ['alice'] },
    ];
    for (const input of bad) expect((await refusal(() => runAs(token)('issue_copies', input))).code).toBe('VALIDATION');
    const decodeOnly = await owner(['decode']);
    expect((await refusal(() => runAs(decodeOnly.token)('issue_copies', { text: MEMO, recipients: ['a'] }))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect((await runAs(token)('list_copies', {})).documents).toEqual([]);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100);
  });

  it('keeps neither the text nor the fingerprint key in the clear', async () => {
    const { token, user } = await owner();
    await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice'] });
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
    const [alice] = (await runAs(token)('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    const newMaster = randomBytes(32);
    const result = await resealChannelKeys(f.store, f.masterKey, newMaster);
    expect(result.fingerprintKeys).toEqual({ resealed: 1, alreadyResealed: 0 });
    const rotated = createDomain({ store: f.store, masterKey: newMaster, now: () => f.clock.now });
    expect(
      (await rotated.accountOperations.forCaller(token)('trace', { text: alice.text })).recipients[0].recipient,
    ).toBe('alice');
    const stripped = await rotated.accountOperations.forCaller(token)('trace', {
      text: strip(alice.text, { all: true }),
    });
    expect(stripped.verdict).toBe('document');
  });
});

describe('the cost of an issue follows its work', () => {
  it('refuses an issue the balance cannot pay copy by copy, recording nothing', async () => {
    const { token, user } = await owner();
    const many = Array.from({ length: 101 }, (_, i) => `reader-${i}`);
    const refused = await refusal(() => runAs(token)('issue_copies', { text: MEMO, recipients: many }));
    expect(refused.code).toBe('PAYMENT_REQUIRED');
    expect(refused.message).toBe('Insufficient credits: balance is 100, these 101 copies cost 1 each, 101');
    expect((await runAs(token)('list_copies', {})).documents).toEqual([]);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100);
  });

  it("refuses an issue beyond the plan's characters of copies, recording and charging nothing", async () => {
    await f.close();
    f = await makeFixture({
      freeCredits: 100,
      creditCost: 1,
      copiesCharactersByPlan: { free: 1, starter: 5_000, pro: 1 },
    });
    const { token, user } = await owner();
    const characters = [...MEMO].length;
    const most = Math.floor(5_000 / characters);
    const recipients = Array.from({ length: most + 1 }, (_, i) => `r${i}`);
    const refused = await refusal(() => runAs(token)('issue_copies', { text: MEMO, recipients }));
    expect(refused.code).toBe('PLAN_LIMIT');
    expect(refused.message).toMatch(new RegExp(`at most 5,000 characters .* Issue to at most ${most} recipients`));
    expect((await runAs(token)('list_copies', {})).documents).toEqual([]);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100);
    const issued = await runAs(token)('issue_copies', { text: MEMO, recipients: recipients.slice(1) });
    expect(issued.copies).toHaveLength(most);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100 - most);
  });

  it('gives every copy a file name a file system takes, whatever its label', async () => {
    const { token } = await owner();
    const long = 'é'.repeat(254);
    const issued = await runAs(token)('issue_copies', {
      text: MEMO,
      recipients: [long, `${long.slice(1)}x`, 'ok@example.com'],
      name: `${'名'.repeat(150)}.${'e'.repeat(40)}`,
    });
    const names = issued.copies.map((copy) => copy.file_name);
    for (const name of names) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toContain(issued.copies[0].copy_id);
    expect(names[2]).toMatch(/\.ok@example\.com\.e+$/);
  });
});
