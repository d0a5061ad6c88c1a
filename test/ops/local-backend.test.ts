import { describe, expect, it } from 'vitest';
import { createLocalBackend } from '../../src/ops/local-backend.js';
import { accountHandlersOf } from '../../src/ops/account-handlers.js';
import { isOperationFailure } from '../../src/ops/failure.js';
import { ACCOUNT_OPERATION_NAMES, OPERATIONS } from '../../src/ops/operations.js';

// The operations that need an account (the issued copies) have no codec of their own: offline they run on a named
// account of the data folder, and without one the local backend refuses them, saying so.

describe('the local backend and the operations that need an account', () => {
  it('marks exactly the account operations as such in the table', () => {
    for (const [name, row] of Object.entries(OPERATIONS))
      expect('account' in row && row.account, name).toBe((ACCOUNT_OPERATION_NAMES as readonly string[]).includes(name));
  });

  it('refuses each without an account, as invalid input naming it', async () => {
    const backend = createLocalBackend();
    expect(backend.account).toBe(false);
    for (const name of ACCOUNT_OPERATION_NAMES) {
      const failure = await backend.run(name, { text: 't', recipients: ['a'] } as never).catch((error) => error);
      expect(isOperationFailure(failure) && failure.kind, name).toBe('invalid-input');
      expect((failure as Error).message).toMatch(new RegExp(`^${name} needs an account`));
    }
  });

  it("runs them on the account's copies given, with the wire's names", async () => {
    const calls: unknown[] = [];
    const results: Record<string, unknown> = { issue_copies: {}, trace: {}, list_copies: { documents: [] } };
    const backend = createLocalBackend(
      {},
      accountHandlersOf(async (name, input) => (calls.push([name, input]), results[name] as never)),
    );
    expect(backend.account).toBe(true);
    expect(await backend.run('list_copies', { documentId: 'AbC-3' })).toEqual({ documents: [] });
    await backend.run('issue_copies', { text: 't', recipients: ['a'], name: 'n' });
    expect(calls).toEqual([
      ['list_copies', { document_id: 'AbC-3' }],
      ['issue_copies', { text: 't', recipients: ['a'], name: 'n' }],
    ]);
    // the codec's operations still run here
    expect(await backend.run('strip', { text: 'a\uFE01b' })).toEqual({ text: 'ab' });
  });
});
