import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { generatedDocument } from '../../../bench/fingerprint/generated-texts.js';
import { makeFixture, makeUser, type Fixture } from '../fixture.js';
import { transplant } from './leaks.js';
import { MEMO } from './texts.js';

/**
 * A copy mark belongs to copies alone (docs/SECURITY.md, round four): no encode by any token of the account makes a
 * mark that names a recipient, and a real copy's marks moved onto another text name no one.
 */

let f: Fixture;
/** The account operations, run for an API token. */
const runAs = (token: string) => f.domain.accountOperations.forCaller(token);
beforeEach(async () => {
  f = await makeFixture({ freeCredits: 1000, creditCost: 1 });
});
afterEach(() => f.close());

async function account() {
  const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
  const channel = await f.domain.channels.create(user.id, 'memos');
  const tokens = await Promise.all([
    f.domain.apiTokens.create(user.id, { name: 'plain', permissions: ['encode', 'decode'] }),
    f.domain.apiTokens.create(user.id, {
      name: 'keyed',
      permissions: ['encode', 'decode'],
      signing_channel_id: channel.id,
    }),
    f.domain.apiTokens.create(user.id, { name: 'encoder', permissions: ['encode'], signing_channel_id: channel.id }),
  ]);
  return { user, tokens: tokens.map((made) => made.token) };
}

const UNRELATED = generatedDocument(7, 180);

describe('copy marks belong to copies alone', () => {
  it('any token encoding a copy id into any text names no one', async () => {
    const { tokens } = await account();
    const [alice] = (await runAs(tokens[0])('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    for (const token of tokens) {
      for (const text of [UNRELATED, MEMO]) {
        const forged = [
          (await f.domain.watermark.encode(token, { text, secret: alice.copy_id })).encoded,
          (await f.domain.watermark.encodeRobust(token, { text, secret: alice.copy_id })).watermarked,
        ];
        for (const leak of [...forged, forged.join('\n\n')]) {
          const traced = await runAs(tokens[0])('trace', { text: leak });
          expect(traced.recipients).toEqual([]);
          expect(traced.unconfirmed).toEqual([]);
          expect(traced.verdict).toBe(text === MEMO ? 'document' : 'not_found');
          expect(traced.message).not.toContain('alice');
        }
      }
    }
  });

  it("a real copy's marks moved onto another text are reported, naming no one", async () => {
    const { tokens } = await account();
    const [alice] = (await runAs(tokens[0])('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    const onto = strip(UNRELATED).slice(0, [...strip(alice.text)].length);
    const moved = transplant(alice.text, onto);
    expect(strip(moved)).toBe(onto);
    // the marks themselves survive the move: without the text check they would name alice
    const traced = await runAs(tokens[0])('trace', { text: moved });
    expect(traced.verdict).toBe('unconfirmed_mark');
    expect(traced.recipients).toEqual([]);
    expect(traced.unconfirmed).toEqual([
      expect.objectContaining({ recipient: null, document: expect.objectContaining({ name: 'document' }) }),
    ]);
    expect(traced.message).toMatch(/names no one/);
    expect(JSON.stringify(traced)).not.toContain('alice');
    expect(JSON.stringify(traced)).not.toContain(alice.copy_id);
  });

  it("moved onto another of the account's documents: that document, and the mark unconfirmed", async () => {
    const { tokens } = await account();
    const [alice] = (await runAs(tokens[0])('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    const other = generatedDocument(11, 400);
    await runAs(tokens[0])('issue_copies', { text: other, recipients: ['bob'], name: 'other' });
    const traced = await runAs(tokens[0])('trace', { text: transplant(alice.text, other) });
    expect(traced.verdict).toBe('document');
    expect(traced.documents[0].document.name).toBe('other');
    expect(traced.unconfirmed).toHaveLength(1);
    expect(traced.recipients).toEqual([]);
  });

  it('the marks of a real copy in its own text still name its recipient', async () => {
    const { tokens } = await account();
    const [alice] = (await runAs(tokens[1])('issue_copies', { text: MEMO, recipients: ['alice'] })).copies;
    expect((await runAs(tokens[0])('trace', { text: alice.text })).recipients[0].recipient).toBe('alice');
  });
});
