import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import type { IssuedCopy } from '../../../src/domain/copies/types.js';
import { generatedDocument } from '../../../bench/fingerprint/generated-texts.js';
import { makeFixture, makeUser, type Fixture } from '../fixture.js';
import { damages, finished, finishes, leakOf, transplant } from './leaks.js';

/**
 * Never a wrong recipient (docs/TRACING.md): copies of several documents leak damaged — cropped, quoted, cut,
 * spliced with another copy, stripped of every invisible character — and every answer must be a recipient whose
 * copy is in the leak, the right document with "recipient unknown", or nothing. `npm run test:copies` runs many
 * more cases (WM_COPIES_RUNS).
 */

const RUNS = Number(process.env.WM_COPIES_RUNS ?? 150);
const DOCUMENTS = 4;
const RECIPIENTS = 13;

interface Issued extends IssuedCopy {
  documentId: string;
}

let f: Fixture;
/** The account operations, run for an API token. */
const runAs = (token: string) => f.domain.accountOperations.forCaller(token);
let ours: { token: string; tokens: string[]; copies: Issued[] };
let theirs: { token: string; tokens: string[]; copies: Issued[] };

async function issuer(seeds: number[], recipients: number) {
  const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
  const channel = await f.domain.channels.create(user.id, 'copies');
  const { token } = await f.domain.apiTokens.create(user.id, {
    name: 'copies',
    permissions: ['encode', 'decode'],
    signing_channel_id: channel.id,
  });
  // every other kind of token of the account: a forger inside it may hold any
  const others = await Promise.all([
    f.domain.apiTokens.create(user.id, { name: 'plain', permissions: ['encode'] }),
    f.domain.apiTokens.create(user.id, { name: 'sealing', permissions: ['encode'], signing_channel_id: channel.id }),
  ]);
  const copies: Issued[] = [];
  for (const seed of seeds) {
    const issued = await runAs(token)('issue_copies', {
      text: generatedDocument(seed, 450),
      recipients: Array.from({ length: recipients }, (_, i) => `reader-${seed}-${i}@example.com`),
      name: `document ${seed}`,
    });
    copies.push(...issued.copies.map((copy) => ({ ...copy, documentId: issued.document.id })));
  }
  return { token, tokens: [token, ...others.map((made) => made.token)], copies };
}

beforeAll(async () => {
  f = await makeFixture({ freeCredits: 1_000_000, creditCost: 0 });
  ours = await issuer(
    Array.from({ length: DOCUMENTS }, (_, i) => 100 + i),
    RECIPIENTS,
  );
  theirs = await issuer([900, 901], 3);
}, 120_000);
afterAll(() => f.close());

const visibleLength = (text: string) => [...strip(text, { all: true })].length;

describe('tracing never names a wrong recipient', () => {
  it(`issues ${DOCUMENTS * RECIPIENTS} copies, each different, each naming only its own recipient`, async () => {
    expect(ours.copies).toHaveLength(DOCUMENTS * RECIPIENTS);
    expect(new Set(ours.copies.map((copy) => copy.copy_id)).size).toBe(ours.copies.length);
    for (const copy of ours.copies.filter((_, i) => i % 5 === 0)) {
      const traced = await runAs(ours.token)('trace', { text: copy.text });
      expect(traced.recipients.map((found) => found.copy_id)).toEqual([copy.copy_id]);
    }
  });

  it('damaged leaks: the right recipient(s), the right document with the recipient unknown, or nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          foreign: fc.boolean(),
          copy: fc.nat(),
          other: fc.nat(),
          damage: damages,
          finish: finishes,
        }),
        async ({ foreign, copy: c, other: o, damage, finish }) => {
          const copy = foreign ? theirs.copies[c % theirs.copies.length] : ours.copies[c % ours.copies.length];
          const other = ours.copies[o % ours.copies.length];
          const leak = leakOf(copy.text, other.text, damage);
          const text = finished(leak.text, finish);
          fc.pre(text.length > 0);
          const contributors = [...(foreign ? [] : [copy]), ...(leak.usesOther ? [other] : [])];
          const traced = await runAs(ours.token)('trace', { text });

          const named = traced.recipients.map((found) => found.copy_id);
          const allowed = new Set(contributors.map((contributor) => contributor.copy_id));
          expect(
            named.every((id) => allowed.has(id)),
            `named ${named.join(', ')}`,
          ).toBe(true);
          for (const found of traced.recipients) {
            expect(found.recipient).toBe(
              contributors.find((contributor) => contributor.copy_id === found.copy_id)!.recipient,
            );
          }
          const documents = new Set(contributors.map((contributor) => contributor.documentId));
          for (const match of traced.documents) expect(documents.has(match.document.id)).toBe(true);
          if (contributors.length === 0) expect(['not_found', 'too_short']).toContain(traced.verdict);
          if (traced.verdict !== 'recipient') expect(traced.recipients).toEqual([]);

          // what must be told, not only what must not be
          const wholeText = damage.kind === 'whole' || damage.kind === 'shuffled paragraphs';
          if (!foreign && wholeText && finish !== 'strip all') expect(named).toEqual([copy.copy_id]);
          if (!foreign && wholeText && finish === 'strip all') {
            expect(traced.verdict).toBe('document');
            expect(traced.documents[0].document.id).toBe(copy.documentId);
          }
          if (damage.kind === 'splice' && finish !== 'strip all' && !foreign && copy.copy_id !== other.copy_id) {
            const points = [...copy.text];
            const at = Math.floor(damage.at * points.length);
            const head = visibleLength(points.slice(0, at).join(''));
            const tail = visibleLength([...other.text].slice(at).join(''));
            if (head >= 1000 && tail >= 1000) expect(new Set(named)).toEqual(allowed);
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('forgeries name no one: any token of the account, any secret (a copy id too), any text; marks moved', async () => {
    const secrets = fc.oneof(
      fc.nat().map((i) => ours.copies[i % ours.copies.length].copy_id),
      fc.string({ minLength: 1, maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          token: fc.nat(),
          secret: secrets,
          onto: fc.nat(),
          from: fc.nat(),
          how: fc.constantFrom('encode', 'encode-robust', 'moved marks', 'moved marks + forged'),
          damage: damages,
        }),
        async ({ token: t, secret, onto: o, from, how, damage }) => {
          const target = ours.copies[o % ours.copies.length];
          const source = ours.copies[from % ours.copies.length];
          // another document's text, or an unrelated one: the source's own document would be its copy indeed
          const onto = source.documentId === target.documentId ? generatedDocument(o, 300) : strip(target.text);
          const token = ours.tokens[t % ours.tokens.length];
          const forge = async (text: string) =>
            how === 'encode-robust'
              ? (await f.domain.watermark.encodeRobust(token, { text, secret })).watermarked
              : (await f.domain.watermark.encode(token, { text, secret })).encoded;
          let forged: string;
          if (how === 'moved marks') forged = transplant(source.text, onto);
          else if (how === 'moved marks + forged') forged = transplant(source.text, await forge(onto));
          else forged = await forge(onto);
          const text = leakOf(forged, forged, damage).text;
          fc.pre(text.length > 0);
          const traced = await runAs(ours.token)('trace', { text });
          expect(traced.recipients, traced.message).toEqual([]);
          expect(traced.verdict).not.toBe('recipient');
        },
      ),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  }, 600_000);
});
