import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NameTakenError, type NewUser, type Store } from '../../src/store/index.js';
import { makeFixture, type Fixture } from '../domain/fixture.js';

/**
 * The store port's contract, on the database of this vitest project (SQLite, and again on PostgreSQL): what each
 * repository answers, how conflicts are answered, and what units of work and savepoints keep. The domain's suites
 * exercise the same calls through the rules; this file pins the adapters' behaviour itself.
 */

let f: Fixture;
let store: Store;
beforeEach(async () => {
  f = await makeFixture();
  store = f.store;
});
afterEach(() => f.close());

const T0 = Date.UTC(2025, 2, 10, 12);
let counter = 0;
const newUser = (changes: Partial<NewUser> = {}): NewUser => ({
  id: randomUUID(),
  email: `port${++counter}@example.com`,
  username: `port${counter}`,
  usernameKeys: { key: `port${counter}`, keyCased: `port${counter}` },
  firstName: null,
  lastName: null,
  passwordHash: '$scrypt$ln=10,r=8,p=1$c2FsdA$aGFzaA',
  emailVerifiedAt: null,
  plan: 'free',
  createdAt: T0,
  ...changes,
});
const insertUser = async (changes: Partial<NewUser> = {}) => (await store.users.insert(newUser(changes)))!;

describe('users', () => {
  it('inserts with balance 0 and epoch 0, refuses a taken email with undefined, finds by id and email', async () => {
    const user = await insertUser({ plan: 'pro' });
    expect(user).toMatchObject({ balance: 0, sessionEpoch: 0, plan: 'pro', subscriptionStatus: 'active' });
    expect(user.updatedAt).toBe(T0);
    expect(await store.users.insert(newUser({ email: user.email }))).toBeUndefined();
    expect(await store.users.byId(user.id)).toEqual(user);
    expect(await store.users.byEmail(user.email)).toEqual(user);
    expect(await store.users.byId('nobody')).toBeUndefined();
  });

  it('lists oldest first, then by email', async () => {
    const b = await insertUser({ email: 'b@x.co', createdAt: T0 });
    const a = await insertUser({ email: 'a@x.co', createdAt: T0 });
    const old = await insertUser({ email: 'z@x.co', createdAt: T0 - 1 });
    expect((await store.users.list()).map((u) => u.id)).toEqual([old.id, a.id, b.id]);
  });

  it('updates, replaces password hashes (conditionally), raises the epoch, adds credits up to a maximum', async () => {
    const user = await insertUser();
    const updated = await store.users.update(user.id, { username: 'renamed', suspendedAt: 5 }, T0 + 1);
    expect(updated).toMatchObject({ username: 'renamed', suspendedAt: 5, updatedAt: T0 + 1 });
    expect(await store.users.update('nobody', { username: 'x' }, T0)).toBeUndefined();
    expect(await store.users.replacePasswordHash(user.id, 'new', { expected: 'not it' })).toBe(false);
    expect(await store.users.replacePasswordHash(user.id, 'new', { expected: user.passwordHash, updatedAt: 9 })).toBe(
      true,
    );
    expect(await store.users.byId(user.id)).toMatchObject({ passwordHash: 'new', updatedAt: 9 });
    expect(await store.users.raiseSessionEpoch(user.id, T0)).toBe(1);
    expect(await store.users.sessionEpoch(user.id)).toBe(1);
    expect(await store.users.raiseSessionEpoch('nobody', T0)).toBeUndefined();
    expect(await store.users.addCredits(user.id, 10, 100)).toBe(10);
    expect(await store.users.addCredits(user.id, 91, 100)).toBeUndefined();
    expect(await store.users.addCredits(user.id, Number.MAX_SAFE_INTEGER - 10, Number.MAX_SAFE_INTEGER)).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect((await store.users.byId(user.id))!.balance).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('deletes an account with everything it owns', async () => {
    const user = await insertUser();
    await store.ledger.append(user.id, {
      operation: 'grant',
      credits: 5,
      balanceAfter: 5,
      tokenId: null,
      createdAt: T0,
    });
    const channel = await store.channels.insert({
      id: randomUUID(),
      userId: user.id,
      name: 'c',
      sealedKey: randomBytes(60),
      keysPublic: false,
      signerName: null,
      signerKeys: null,
      createdAt: T0,
    });
    await store.apiTokens.insert(token(user.id, { channelId: channel!.id }));
    expect(await store.users.delete(user.id)).toBe(true);
    expect(await store.users.delete(user.id)).toBe(false);
    expect(await store.channels.byId(channel!.id)).toBeUndefined();
    expect(await store.ledger.history(user.id, { limit: 10 })).toEqual([]);
    expect(await store.apiTokens.listOf(user.id)).toEqual([]);
  });
});

describe('copies', () => {
  const document = (ownerId: string, name: string) =>
    store.copies.insertDocument({
      ownerId,
      name,
      characters: 100,
      fingerprintVersion: 1,
      fingerprint: Int32Array.of(1, -2, 3),
      createdAt: T0,
    });
  const copy = (documentId: number, id: string, position: number) => ({
    id,
    documentId,
    position,
    recipient: `r-${id}`,
    channelId: null,
    marks: '{}',
    createdAt: T0,
  });

  it("keep a document's variant record byte for byte, and answer only its owner, copy ids in issue order", async () => {
    const [alice, bob] = [await insertUser(), await insertUser()];
    const memo = await document(alice.id, 'memo');
    const plain = await document(alice.id, 'plain');
    const theirs = await document(bob.id, 'theirs');
    await store.copies.insertCopies([copy(memo.id, 'm2', 2), copy(memo.id, 'm0', 0), copy(memo.id, 'm1', 1)]);
    await store.copies.insertCopies([copy(plain.id, 'p0', 0), copy(theirs.id, 't0', 0)]);
    const variants = {
      documentId: memo.id,
      salt: randomBytes(16),
      record: Uint8Array.of(1, 2, 0, 255, 128),
      classes: '["spellings"]',
      sites: 12,
      positions: 9,
    };
    await store.copies.insertVariants(variants);
    await store.copies.insertVariants({ ...variants, documentId: theirs.id });

    const found = await store.copies.variantsOf(alice.id, [memo.id, plain.id, theirs.id]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ documentId: memo.id, classes: '["spellings"]', sites: 12, positions: 9 });
    expect(Buffer.from(found[0].salt)).toEqual(Buffer.from(variants.salt));
    expect(Buffer.from(found[0].record)).toEqual(Buffer.from(variants.record));
    expect(await store.copies.variantsOf(alice.id, [])).toEqual([]);
    expect(await store.copies.copyIdsOf(alice.id, [plain.id, memo.id, theirs.id])).toEqual([
      { id: 'm0', documentId: memo.id },
      { id: 'm1', documentId: memo.id },
      { id: 'm2', documentId: memo.id },
      { id: 'p0', documentId: plain.id },
    ]);
    expect(await store.copies.copyIdsOf(bob.id, [memo.id])).toEqual([]);
  });

  it("deletes a document with its copies, variants and hashes, and only its owner's", async () => {
    const [alice, bob] = [await insertUser(), await insertUser()];
    const memo = await document(alice.id, 'memo');
    const kept = await document(alice.id, 'kept');
    await store.copies.insertCopies([copy(memo.id, 'd0', 0), copy(memo.id, 'd1', 1), copy(kept.id, 'k0', 0)]);
    const variants = { salt: randomBytes(16), record: Uint8Array.of(1), classes: '[]', sites: 0, positions: 0 };
    await store.copies.insertVariants({ ...variants, documentId: memo.id });
    const hashes = Int32Array.of(1, -2, 3);

    expect(await store.transaction((tx) => tx.copies.deleteDocument(bob.id, memo.id))).toBe(false);
    expect(await store.copies.documentOf(alice.id, memo.id)).toBeDefined();
    expect(await store.transaction((tx) => tx.copies.deleteDocument(alice.id, memo.id))).toBe(true);
    expect(await store.copies.deleteDocument(alice.id, memo.id)).toBe(false);

    expect(await store.copies.documentOf(alice.id, memo.id)).toBeUndefined();
    expect(await store.copies.copiesOf(alice.id, ['d0', 'd1', 'k0'])).toMatchObject([{ id: 'k0' }]);
    expect(await store.copies.variantsOf(alice.id, [memo.id])).toEqual([]);
    // the other document keeps its fingerprint's index rows, which it shares with the one deleted
    const sharing = await store.copies.documentsSharing(alice.id, 1, hashes);
    expect(sharing.map(({ document, shared }) => [document.id, shared])).toEqual([[kept.id, 3]]);
    expect((await store.copies.documentsOf(alice.id, 10)).map(({ name }) => name)).toEqual(['kept']);
  });

  it('a document has one variant record, and it goes with its owner', async () => {
    const user = await insertUser();
    const memo = await document(user.id, 'memo');
    const variants = {
      documentId: memo.id,
      salt: randomBytes(16),
      record: Uint8Array.of(1),
      classes: '[]',
      sites: 0,
      positions: 0,
    };
    await store.copies.insertVariants(variants);
    await expect(store.copies.insertVariants(variants)).rejects.toThrow();
    expect(await store.users.delete(user.id)).toBe(true);
    expect(await store.copies.variantsOf(user.id, [memo.id])).toEqual([]);
  });
});

const token = (userId: string, changes: { channelId?: string | null; createdAt?: number } = {}) => ({
  id: randomUUID(),
  userId,
  name: 'token',
  tokenHash: randomBytes(32).toString('hex'),
  tokenPrefix: 'wm_abc',
  permissions: ['encode', 'decode'],
  channelId: changes.channelId ?? null,
  sign: false,
  encrypt: true,
  createdAt: changes.createdAt ?? T0,
});

describe('name keys', () => {
  it('no two accounts hold one username key: insert undefined, update NameTakenError, backfill false', async () => {
    const keys = { key: 'ada', keyCased: 'Ada' };
    const ada = await insertUser({ usernameKeys: keys });
    expect(await store.users.insert(newUser({ usernameKeys: { key: 'ada', keyCased: 'other' } }))).toBeUndefined();
    expect(await store.users.insert(newUser({ usernameKeys: { key: 'other', keyCased: 'Ada' } }))).toBeUndefined();
    const bob = await insertUser();
    await expect(store.users.update(bob.id, { username: 'x', usernameKeys: keys }, T0)).rejects.toThrow(NameTakenError);
    // the account's own keys again: no conflict with itself
    expect(await store.users.update(ada.id, { username: 'ADA', usernameKeys: keys }, T0)).toMatchObject({
      username: 'ADA',
    });
    await f.sql('UPDATE users SET username_key = NULL, username_key_cased = NULL WHERE id = ?', bob.id);
    expect(await store.users.withoutUsernameKeys(10)).toEqual([{ id: bob.id, username: bob.username }]);
    expect(await store.users.setUsernameKeys(bob.id, keys)).toBe(false);
    expect(await store.users.setUsernameKeys(bob.id, { key: 'bob', keyCased: 'bob' })).toBe(true);
    expect(await store.users.withoutUsernameKeys(10)).toEqual([]);
  });

  it('no two channels claim one signer-name key: insert undefined, setPublication false', async () => {
    const user = await insertUser();
    const channel = (name: string, signerKeys: { key: string; keyCased: string } | null) =>
      store.channels.insert({
        id: randomUUID(),
        userId: user.id,
        name,
        sealedKey: randomBytes(60),
        keysPublic: signerKeys !== null,
        signerName: null,
        signerKeys,
        createdAt: T0,
      });
    const claim = { key: 'news', keyCased: 'news' };
    expect(await channel('news', claim)).toBeDefined();
    expect(await channel('other', claim)).toBeUndefined();
    const other = (await channel('other', null))!;
    const publication = { keysPublic: true, signerName: 'NEWS', publicationApprovedAt: null };
    expect(await store.channels.setPublication(other.id, { ...publication, signerKeys: claim })).toBe(false);
    expect((await store.channels.byId(other.id))!.keysPublic).toBe(false);
    expect(
      await store.channels.setPublication(other.id, { ...publication, signerKeys: { key: 'x', keyCased: 'x' } }),
    ).toBe(true);
    expect((await store.channels.awaitingApproval()).map((c) => c.id).sort()).toHaveLength(2);
  });
});

describe('sessions', () => {
  it('rotates and revokes refresh tokens by family, and uses verifications once', async () => {
    const user = await insertUser();
    const refresh = {
      id: randomUUID(),
      userId: user.id,
      familyId: 'family',
      sessionEpoch: 0,
      tokenHash: 'hash-1',
      expiresAt: T0 + 1000,
      createdAt: T0,
    };
    await store.refreshTokens.insert(refresh);
    await store.refreshTokens.insert({ ...refresh, id: randomUUID(), tokenHash: 'hash-2' });
    await store.refreshTokens.markRotated(refresh.id, T0 + 1);
    expect(await store.refreshTokens.byHash('hash-1')).toMatchObject({ rotatedAt: T0 + 1, revokedAt: null });
    await store.refreshTokens.revokeFamily('family', T0 + 2, 'someone else');
    expect((await store.refreshTokens.byHash('hash-2'))!.revokedAt).toBeNull();
    await store.refreshTokens.revokeFamily('family', T0 + 2, user.id);
    await store.refreshTokens.revokeAllOf(user.id, T0 + 3);
    expect((await store.refreshTokens.byHash('hash-2'))!.revokedAt).toBe(T0 + 2);

    await store.emailVerifications.insert({ userId: user.id, tokenHash: 'v', expiresAt: T0 + 5, createdAt: T0 });
    const verification = (await store.emailVerifications.byHash('v'))!;
    expect(verification).toMatchObject({ userId: user.id, usedAt: null });
    await store.emailVerifications.markUsed(verification.id, T0 + 1);
    expect((await store.emailVerifications.byHash('v'))!.usedAt).toBe(T0 + 1);
  });

  it('uses a password-reset link once, and every unused link of an account at once', async () => {
    const user = await insertUser();
    const other = await insertUser();
    for (const [userId, tokenHash] of [
      [user.id, 'r1'],
      [user.id, 'r2'],
      [user.id, 'r3'],
      [other.id, 'o1'],
    ]) {
      await store.passwordResets.insert({ userId, tokenHash, expiresAt: T0 + 5, createdAt: T0 });
    }
    const first = (await store.passwordResets.byHash('r1'))!;
    expect(first).toMatchObject({ userId: user.id, usedAt: null, expiresAt: T0 + 5, createdAt: T0 });
    expect(await store.passwordResets.use(first.id, T0 + 1)).toBe(true);
    expect(await store.passwordResets.use(first.id, T0 + 2)).toBe(false);
    expect((await store.passwordResets.byHash('r1'))!.usedAt).toBe(T0 + 1);
    await store.passwordResets.useAllOf(user.id, T0 + 3);
    expect((await store.passwordResets.byHash('r1'))!.usedAt).toBe(T0 + 1);
    expect((await store.passwordResets.byHash('r2'))!.usedAt).toBe(T0 + 3);
    expect((await store.passwordResets.byHash('r3'))!.usedAt).toBe(T0 + 3);
    expect((await store.passwordResets.byHash('o1'))!.usedAt).toBeNull();
    expect(await store.passwordResets.byHash('nothing')).toBeUndefined();
  });
});

describe('channels and API tokens', () => {
  it('keep sealed keys byte for byte, refuse a duplicate name, list in insertion order within a ms', async () => {
    const user = await insertUser();
    const sealed = randomBytes(60);
    const ids = [randomUUID(), randomUUID(), randomUUID()].sort().reverse();
    for (const [n, id] of ids.entries()) {
      await store.channels.insert({
        id,
        userId: user.id,
        name: `c${n}`,
        sealedKey: n === 0 ? sealed : randomBytes(60),
        keysPublic: false,
        signerName: null,
        signerKeys: null,
        createdAt: T0,
      });
    }
    expect(
      await store.channels.insert({
        id: randomUUID(),
        userId: user.id,
        name: 'c0',
        sealedKey: sealed,
        keysPublic: false,
        signerName: null,
        signerKeys: null,
        createdAt: T0,
      }),
    ).toBeUndefined();
    const first = (await store.channels.byId(ids[0]))!;
    expect(Buffer.from(first.sealedKey).equals(sealed)).toBe(true);
    expect(first).toMatchObject({ isActive: true, deactivatedAt: null, name: 'c0' });
    expect((await store.channels.listOf(user.id)).map((c) => c.id)).toEqual(ids);
    expect((await store.channels.newestSealedKeys(2)).map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(await store.channels.ofUser('someone else', ids[0])).toBeUndefined();
    expect((await store.channels.byName(user.id, 'c1'))!.id).toBe(ids[1]);

    // a deactivated channel counts while a token is bound to it
    await store.channels.deactivate(ids[0], T0 + 1);
    expect(await store.channels.countInUse(user.id)).toBe(2);
    const bound = await store.apiTokens.insert(token(user.id, { channelId: ids[0] }));
    expect(await store.channels.countInUse(user.id)).toBe(3);
    expect((await store.channels.listOf(user.id))[0]).toMatchObject({ boundTokens: 1, isActive: false });
    await store.channels.replaceSealedKey(ids[1], Buffer.from('replaced'));
    expect(Buffer.from((await store.channels.byId(ids[1]))!.sealedKey).toString()).toBe('replaced');
    expect((await store.channels.sealedKeys()).length).toBe(3);

    const tokens = [bound, await store.apiTokens.insert(token(user.id)), await store.apiTokens.insert(token(user.id))];
    expect((await store.apiTokens.listOf(user.id)).map((t) => t.id)).toEqual(tokens.map((t) => t.id));
    expect(await store.apiTokens.byHash(tokens[1].tokenHash)).toEqual({ ...tokens[1], lastUsedAt: null });
    expect(await store.apiTokens.delete(tokens[1].id)).toBe(true);
    expect(await store.apiTokens.byId(tokens[1].id)).toBeUndefined();
  });

  it('read a caller with its account and the period count in one call', async () => {
    const user = await insertUser({ plan: 'starter', emailVerifiedAt: T0 });
    const created = await store.apiTokens.insert(token(user.id));
    expect(await store.apiTokens.callerByHash(created.tokenHash, T0)).toEqual({
      tokenId: created.id,
      permissions: ['encode', 'decode'],
      channelId: null,
      sign: false,
      encrypt: true,
      userId: user.id,
      plan: 'starter',
      balance: 0,
      emailVerifiedAt: T0,
      suspendedAt: null,
      suspensionReason: null,
      requestsMade: 0,
    });
    await store.transaction(async (tx) => {
      await tx.charges.chargeableAccount(user.id, T0);
      await tx.charges.recordCharges(user.id, { periodStart: T0, debit: 0, requests: 2, entries: [] });
    });
    expect((await store.apiTokens.callerByHash(created.tokenHash, T0))!.requestsMade).toBe(2);
    expect(await store.apiTokens.callerByHash('unknown', T0)).toBeUndefined();
  });
});

describe('ledger and charges', () => {
  it('records charges in order with one debit and one count, and pages the history newest first', async () => {
    const user = await insertUser();
    await store.users.addCredits(user.id, 10, 100);
    const tokenRow = await store.apiTokens.insert(token(user.id));
    await store.transaction(async (tx) => {
      expect(await tx.charges.chargeableAccount(user.id, T0)).toEqual({ balance: 10, requestsMade: 0 });
      expect(await tx.charges.chargeableAccount('nobody', T0)).toBeUndefined();
      await tx.charges.recordCharges(user.id, {
        periodStart: T0,
        debit: 3,
        requests: 3,
        entries: [9, 8, 7].map((balanceAfter) => ({
          operation: 'encode',
          credits: -1,
          balanceAfter,
          tokenId: tokenRow.id,
          createdAt: T0 + 10 - balanceAfter,
        })),
      });
      await tx.charges.markTokensUsed([tokenRow.id], T0 + 5);
    });
    expect((await store.users.byId(user.id))!.balance).toBe(7);
    expect(await store.ledger.requestsMade(user.id, T0)).toBe(3);
    expect((await store.apiTokens.byId(tokenRow.id))!.lastUsedAt).toBe(T0 + 5);
    const history = await store.ledger.history(user.id, { limit: 2 });
    expect(history.map((row) => row.balanceAfter)).toEqual([7, 8]);
    expect(history[0].id).toBeGreaterThan(history[1].id);
    const older = await store.ledger.history(user.id, { limit: 10, before: history[1].id });
    expect(older.map((row) => row.balanceAfter)).toEqual([9]);
    const day = 86_400_000;
    expect(await store.ledger.dailyTotals(user.id, { from: T0 - day, dayMs: day, operations: ['encode'] })).toEqual([
      { day: 1, operations: 3, credits: 3 },
    ]);
  });

  it('a balance never goes below zero: the database refuses the debit', async () => {
    const user = await insertUser();
    const overdraft = store.transaction((tx) =>
      tx.charges.recordCharges(user.id, { periodStart: T0, debit: 1, requests: 1, entries: [] }),
    );
    await expect(overdraft).rejects.toThrow();
    expect((await store.users.byId(user.id))!.balance).toBe(0);
  });
});

describe('units of work', () => {
  it('keep all or nothing, and a failed savepoint undoes only its own writes', async () => {
    const kept = newUser();
    const undone = newUser();
    const lost = newUser();
    await store.transaction(async (tx) => {
      await tx.users.insert(kept);
      await expect(
        tx.savepoint(async (inner) => {
          await inner.users.insert(undone);
          throw new Error('undo me');
        }),
      ).rejects.toThrow('undo me');
    });
    await expect(
      store.transaction(async (tx) => {
        await tx.users.insert(lost);
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    expect(await store.users.byId(kept.id)).toBeDefined();
    expect(await store.users.byId(undone.id)).toBeUndefined();
    expect(await store.users.byId(lost.id)).toBeUndefined();
  });

  it('behave as if they ran one after another: concurrent read-then-write units lose no update', async () => {
    const user = await insertUser();
    // PostgreSQL: a second store, as another instance; SQLite: one process keeps one connection (a second one in
    // the same thread would block it while waiting for the write lock), which queues the units itself
    const other = f.database === 'postgres' ? await f.reopen() : { store };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other.store : store).transaction(async (tx) => {
          const { balance } = (await tx.users.byId(user.id))!;
          await tx.ledger.append(user.id, {
            operation: 'grant',
            credits: 1,
            balanceAfter: balance + 1,
            tokenId: null,
            createdAt: T0,
          });
          await tx.users.addCredits(user.id, 1, Number.MAX_SAFE_INTEGER);
        }),
      ),
    );
    const history = await store.ledger.history(user.id, { limit: 100 });
    expect(history.map((row) => row.balanceAfter).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('answer ping and describe what they hold', async () => {
    await insertUser();
    await expect(store.ping()).resolves.toBeUndefined();
    const description = await store.describe();
    expect(description.counts).toEqual({ users: 1, apiTokens: 0, channels: 0 });
    expect(description.migrationsApplied).toBeGreaterThan(0);
    expect(description.engine.name).toBe(f.database === 'postgres' ? 'postgresql' : 'sqlite');
  });
});
