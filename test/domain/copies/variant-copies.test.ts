import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { generatedProse } from '../../../packages/codec/test/variants/generated-prose.js';
import { makeFixture, makeUser, refusal, type Fixture } from '../fixture.js';
import { transplant } from './leaks.js';
import { MEMO } from './texts.js';

/**
 * Copies with visible variants (docs/TRACING.md, "Visible variants"): each copy differs from the text at variant
 * sites, then carries its marks; stripped of every mark, a copy still names its recipient, with the chance of
 * naming an innocent stated; a preview records and charges nothing; too few sites are refused with the numbers.
 */

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture({ freeCredits: 100, creditCost: 1 });
});
afterEach(() => f.close());

// about 40 independent choices: enough to name one of 8 recipients from a whole copy (23 needed)
const REPORT = generatedProse(7, 4000);
const RECIPIENTS = Array.from({ length: 8 }, (_, i) => `reader-${i}@example.com`);

async function owner() {
  const user = await makeUser(f.domain, { verified: true, plan: 'pro' });
  const { token } = await f.domain.apiTokens.create(user.id, { name: 'copies', permissions: ['encode', 'decode'] });
  return { user, token };
}

const creditsOf = async (email: string) => (await f.domain.admin.credits(email)).balance;

describe('copies with visible variants', () => {
  it('differ at the sites, then carry their marks; stripped, a copy still names its recipient', async () => {
    const { token } = await owner();
    const issued = await f.domain.accountOperations.forCaller(token)('issue_copies', {
      text: REPORT,
      recipients: RECIPIENTS,
      variants: {},
    });
    const capacity = issued.document.variants!;
    expect(capacity.positions).toBeGreaterThanOrEqual(capacity.needed);
    expect(capacity).toMatchObject({ collusion: 1, false_accusation: 1e-6, needed_for_one_leaker: 23 });
    for (const copy of issued.copies) {
      const visible = strip(copy.text, { all: true });
      const differences = copy.variants!.differences;
      expect(differences.length).toBeGreaterThan(0);
      let rebuilt = '';
      let at = 0;
      for (const d of differences) {
        expect(REPORT.slice(d.start, d.end)).toBe(d.from);
        rebuilt += REPORT.slice(at, d.start) + d.to;
        at = d.end;
      }
      expect(rebuilt + REPORT.slice(at)).toBe(visible);
    }
    expect(new Set(issued.copies.map((copy) => strip(copy.text, { all: true }))).size).toBe(RECIPIENTS.length);

    const [alice, bob] = issued.copies;
    const marked = await f.domain.accountOperations.forCaller(token)('trace', { text: alice.text });
    expect(marked.verdict).toBe('recipient');
    expect(marked.recipients.map((found) => [found.copy_id, found.named_by])).toEqual([
      [alice.copy_id, ['marks', 'variants']],
    ]);
    expect(marked.variants).toHaveLength(1);
    expect(marked.variants[0]).toMatchObject({ verdict: 'named', copies_scored: 8, false_accusation: 1e-6 });
    expect(marked.variants[0].layers).toMatchObject({ agreement: 'agree', contradictions: [] });
    expect(marked.recipients[0].evidence.variants).toMatchObject({ copy_id: alice.copy_id, disagreed: 0 });

    const stripped = await f.domain.accountOperations.forCaller(token)('trace', {
      text: strip(bob.text, { all: true }),
    });
    expect(stripped.verdict).toBe('recipient');
    expect(stripped.recipients).toMatchObject([
      { copy_id: bob.copy_id, recipient: bob.recipient, named_by: ['variants'], evidence: { vs_frames: 0 } },
    ]);
    expect(stripped.variants[0].layers.agreement).toBe('variants_only');
    expect(stripped.message).toMatch(/visible variants name reader-1@example.com .* at most 0.000001/);
  });

  it('a short passage names no one from the variants, and says how many positions it read and needed', async () => {
    const { token } = await owner();
    const [alice] = (
      await f.domain.accountOperations.forCaller(token)('issue_copies', {
        text: REPORT,
        recipients: RECIPIENTS,
        variants: {},
      })
    ).copies;
    const passage = strip(alice.text, { all: true }).split('\n\n').slice(2, 5).join('\n\n');
    const traced = await f.domain.accountOperations.forCaller(token)('trace', { text: passage });
    expect(traced.verdict).toBe('document');
    expect(traced.recipients).toEqual([]);
    expect(traced.variants[0]).toMatchObject({ verdict: 'too_few_sites', named: [], threshold: null });
    expect(traced.message).toMatch(/Visible variants of "document": The leak shows \d+ variant positions?/);
  });

  it("one copy's marks moved onto another's text: both findings are reported as a contradiction", async () => {
    const { token } = await owner();
    const [alice, bob] = (
      await f.domain.accountOperations.forCaller(token)('issue_copies', {
        text: REPORT,
        recipients: RECIPIENTS,
        variants: {},
      })
    ).copies;
    const framed = transplant(alice.text, strip(bob.text, { all: true }));
    const traced = await f.domain.accountOperations.forCaller(token)('trace', { text: framed });
    const [variants] = traced.variants;
    expect(variants.layers.agreement).toBe('contradiction');
    expect(variants.named.map((score) => score.copy_id)).toEqual([bob.copy_id]);
    expect(variants.marked.map((score) => score.copy_id)).toEqual([alice.copy_id]);
    expect(traced.message).toMatch(/The keyed marks and the visible variants disagree/);
  });

  it('too few sites for the recipients and collusion asked for: refused with the numbers, no record', async () => {
    const { user, token } = await owner();
    const before = await creditsOf(user.email);
    const refused = await refusal(() =>
      f.domain.accountOperations.forCaller(token)('issue_copies', {
        text: MEMO,
        recipients: RECIPIENTS,
        variants: { collusion: 2 },
      }),
    );
    expect(refused.code).toBe('VALIDATION');
    expect(refused.message).toMatch(/This text has \d+ variant sites .* needs about \d+/);
    expect(refused.details?.variants).toMatch(/independent choices in \d+ sites; about \d+ needed/);
    expect(await creditsOf(user.email)).toBe(before);
    expect((await f.domain.accountOperations.forCaller(token)('list_copies', {})).documents).toEqual([]);
  });

  it('a variants request is checked', async () => {
    const { token } = await owner();
    for (const variants of [{ classes: ['no-such-class'] }, { classes: [] }, { collusion: 9 }, { collusion: 1.5 }]) {
      const refused = await refusal(() =>
        f.domain.accountOperations.forCaller(token)('issue_copies', { text: REPORT, recipients: ['a'], variants }),
      );
      expect(refused.code).toBe('VALIDATION');
      expect(Object.keys(refused.details ?? {})).toEqual(['variants']);
    }
  });

  it('a preview shows the sites and each recipient’s differences, recording and charging nothing', async () => {
    const { user, token } = await owner();
    const before = await creditsOf(user.email);
    const preview = await f.domain.accountOperations.forCaller(token)('preview_copies', {
      text: REPORT,
      recipients: RECIPIENTS,
      name: 'report',
    });
    expect(preview.variants.enough).toBe(true);
    expect(preview.variants.refusal).toBeNull();
    expect(preview.sites.length).toBe(preview.variants.sites);
    for (const site of preview.sites) expect(REPORT.slice(site.start, site.end)).toBe(site.text);
    expect(preview.copies.map((copy) => copy.recipient)).toEqual(RECIPIENTS);
    for (const copy of preview.copies) {
      for (const d of copy.differences) expect(preview.sites[d.site]).toMatchObject({ start: d.start, end: d.end });
    }
    expect(await creditsOf(user.email)).toBe(before);
    expect((await f.domain.accountOperations.forCaller(token)('list_copies', {})).documents).toEqual([]);

    const issued = await f.domain.accountOperations.forCaller(token)('issue_copies', {
      text: REPORT,
      recipients: RECIPIENTS,
      variants: {},
    });
    const sites = new Set(preview.sites.map((site) => `${site.start}:${site.end}`));
    for (const copy of issued.copies)
      for (const d of copy.variants!.differences) expect(sites.has(`${d.start}:${d.end}`)).toBe(true);

    const short = await f.domain.accountOperations.forCaller(token)('preview_copies', {
      text: MEMO,
      recipients: RECIPIENTS,
      variants: { collusion: 2 },
    });
    expect(short.variants.enough).toBe(false);
    expect(short.variants.refusal).toMatch(/variant sites .* needs about/);
  });

  it("another account's trace of a stripped variant copy names no one", async () => {
    const { token } = await owner();
    const other = await owner();
    await f.domain.accountOperations.forCaller(other.token)('issue_copies', { text: MEMO, recipients: ['x'] });
    const [alice] = (
      await f.domain.accountOperations.forCaller(token)('issue_copies', {
        text: REPORT,
        recipients: RECIPIENTS,
        variants: {},
      })
    ).copies;
    const traced = await f.domain.accountOperations.forCaller(other.token)('trace', {
      text: strip(alice.text, { all: true }),
    });
    expect(traced.recipients).toEqual([]);
    expect(traced.variants).toEqual([]);
  });
});
