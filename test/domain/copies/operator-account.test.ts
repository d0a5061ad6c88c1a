import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_EMAIL } from '../../../src/domain/operator-account.js';
import { makeFixture, refusal, type Fixture } from '../fixture.js';
import { MEMO } from './texts.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

const emails = async () => (await f.domain.admin.listUsers()).map((user) => user.email);

describe("the data folder's operator account (offline copies without --user)", () => {
  it('reading where it was never made creates nothing and answers as an account that issued nothing', async () => {
    const { run, created } = await f.domain.admin.operatorOperations({ create: false });
    expect(created).toBe(false);
    expect(await run('list_copies', {})).toEqual({ documents: [] });
    expect((await refusal(() => run('list_copies', { document_id: 'doc_1' }))).code).toBe('NOT_FOUND');
    const traced = await run('trace', { text: MEMO });
    expect(traced).toMatchObject({ verdict: 'not_found', recipients: [], documents: [], unconfirmed: [] });
    expect(traced.leak.characters).toBe([...MEMO].length);
    expect((await refusal(() => run('trace', { text: '' }))).code).toBe('VALIDATION');
    await expect(run('issue_copies', { text: MEMO, recipients: ['a'] })).rejects.toThrow(/opened data folder/);
    expect(await emails()).toEqual([]);
  });

  it('the first issue makes it once (verified, free plan), even when two start at the same time', async () => {
    const both = await Promise.all([
      f.domain.admin.operatorOperations({ create: true }),
      f.domain.admin.operatorOperations({ create: true }),
    ]);
    expect(both.filter((made) => made.created)).toHaveLength(1);
    expect(await emails()).toEqual([OPERATOR_EMAIL]);
    expect(await f.domain.admin.showUser(OPERATOR_EMAIL)).toMatchObject({ email_verified: true, plan: 'free' });
    const issued = await both[0].run('issue_copies', { text: MEMO, recipients: ['alice', 'bob'] });
    // the other runner, and a later one that makes nothing, are the same account's
    const later = await f.domain.admin.operatorOperations({ create: false });
    expect(later.created).toBe(false);
    for (const run of [both[1].run, later.run]) {
      const traced = await run('trace', { text: issued.copies[1].text });
      expect(traced.recipients.map((found) => found.recipient)).toEqual(['bob']);
    }
  });
});
