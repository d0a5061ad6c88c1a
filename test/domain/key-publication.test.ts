import { afterEach, describe, expect, it } from 'vitest';
import type { DomainConfig } from '../../src/domain/index.js';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';

let f: Fixture;
afterEach(() => f.close());

const start = async (config: Partial<DomainConfig> = {}) => {
  f = await makeFixture(config);
};

/** A starter account, verified unless told, with a signing channel named `name`. */
async function channelOf(name: string, options: { verified?: boolean } = {}) {
  const user = await makeUser(f.domain, { verified: options.verified ?? true, plan: 'starter' });
  const channel = await f.domain.channels.create(user.id, name, { signing: true });
  return { user, channel };
}

const publishedNames = async () => (await f.domain.publicKeys.keySet()).keys.map((key) => [key.name, key.account]);

describe('a signer name belongs to one channel of the server, under confusable matching', () => {
  it('refuses a name like one another channel publishes under, whoever asks; the first keeps it', async () => {
    await start();
    const ada = await channelOf('news');
    await f.domain.channels.updatePublication(ada.user.id, ada.channel.id, {
      keys_public: true,
      signer_name: 'Ada News',
    });
    // the last in small capitals, as "small caps" text generators write it
    for (const lookalike of [
      'Ada News',
      'ADA NEWS',
      '\u0410da News',
      'Ada \u039dews',
      'Ａｄａ Ｎｅｗｓ',
      'ᴀᴅᴀ ɴᴇᴡꜱ',
      'Ada News.',
      '(Ada News)',
    ]) {
      const mallory = await channelOf('news');
      // asking for publication under it is refused; so is creating a public channel under it
      const asked = await refusal(() =>
        f.domain.channels.updatePublication(mallory.user.id, mallory.channel.id, {
          keys_public: true,
          signer_name: lookalike,
        }),
      );
      expect([asked.code, asked.details]).toEqual(['CONFLICT', { signer_name: expect.stringContaining('taken') }]);
      const created = await refusal(() =>
        f.domain.channels.create(mallory.user.id, 'other', { keys_public: true, signer_name: lookalike }),
      );
      expect(created.code).toBe('CONFLICT');
      expect(created.details).toHaveProperty('signer_name');
    }
    // "vv" is no "w" to UTS #39: another name
    const other = await channelOf('news');
    await f.domain.channels.updatePublication(other.user.id, other.channel.id, {
      keys_public: true,
      signer_name: 'Ada Nevvs',
    });
    // a name with a blank-looking character is no name at all
    const blank = await channelOf('blank');
    const refused = await refusal(() =>
      f.domain.channels.updatePublication(blank.user.id, blank.channel.id, {
        keys_public: true,
        signer_name: 'Ada\u00a0News',
      }),
    );
    expect(refused.code).toBe('VALIDATION');
  });

  it('holds a name only while the channel asks for publication; the default name is the channel name', async () => {
    await start();
    const ada = await channelOf('news');
    const bob = await channelOf('news');
    // two private channels of one name: nobody claims it
    await f.domain.channels.updatePublication(ada.user.id, ada.channel.id, { keys_public: true });
    const taken = await refusal(() =>
      f.domain.channels.updatePublication(bob.user.id, bob.channel.id, { keys_public: true }),
    );
    expect(taken.code).toBe('CONFLICT');
    await f.domain.channels.updatePublication(ada.user.id, ada.channel.id, { keys_public: false });
    await f.domain.channels.updatePublication(bob.user.id, bob.channel.id, { keys_public: true });
    // the owner may rename its own claim to a variant of it
    await f.domain.channels.updatePublication(bob.user.id, bob.channel.id, { signer_name: 'NEWS' });
  });
});

describe('publication is the operator’s decision', () => {
  it('asking is not publishing: the operator approves, sees the pending list, and a rename asks again', async () => {
    await start();
    const { user, channel } = await channelOf('press');
    const asked = await f.domain.channels.updatePublication(user.id, channel.id, {
      keys_public: true,
      signer_name: 'Example News',
    });
    expect(asked).toMatchObject({ keys_public: true, keys_published: false });
    expect(await publishedNames()).toEqual([]);
    expect(await f.domain.admin.pendingPublications()).toEqual([
      expect.objectContaining({
        channel_id: channel.id,
        signer_name: 'Example News',
        owner_email: user.email,
        email_verified: true,
      }),
    ]);
    const approved = await f.domain.admin.approvePublication(user.email, 'press');
    expect(approved.keys_published).toBe(true);
    const username = (await f.domain.accounts.getProfile(user.id)).user.username;
    expect(await publishedNames()).toEqual([['Example News', username]]);
    expect(await f.domain.admin.pendingPublications()).toEqual([]);

    await f.domain.channels.updatePublication(user.id, channel.id, { signer_name: 'Example Wire' });
    expect(await publishedNames()).toEqual([]);
    // a pause asks again too
    await f.domain.admin.approvePublication(user.email, 'press');
    await f.domain.channels.updatePublication(user.id, channel.id, { keys_public: false });
    await f.domain.channels.updatePublication(user.id, channel.id, { keys_public: true });
    expect(await publishedNames()).toEqual([]);
  });

  it('an unverified account never publishes, not even approved, nor where verified ones are trusted', async () => {
    for (const keyPublication of ['approval', 'verified'] as const) {
      await start({ keyPublication });
      const { user, channel } = await channelOf('press', { verified: false });
      await f.domain.channels.updatePublication(user.id, channel.id, { keys_public: true });
      const refused = await refusal(() => f.domain.admin.approvePublication(user.email, 'press'));
      expect([refused.code, refused.details]).toEqual(['CONFLICT', { email: 'not verified' }]);
      expect(await publishedNames()).toEqual([]);
      await f.domain.admin.verifyUser(user.email);
      expect((await publishedNames()).length).toBe(keyPublication === 'verified' ? 1 : 0);
      await f.close();
    }
    await start();
  });

  it('a new username asks again: the key set names each key’s account, which the operator approved', async () => {
    await start();
    const { user, channel } = await channelOf('press');
    await f.domain.channels.updatePublication(user.id, channel.id, { keys_public: true, signer_name: 'Example News' });
    await f.domain.admin.approvePublication(user.email, 'press');
    await f.domain.accounts.updateProfile(user.id, { firstName: 'Ada' });
    expect(await publishedNames()).toHaveLength(1);
    await f.domain.accounts.updateProfile(user.id, { username: 'Bank of England' });
    expect(await publishedNames()).toEqual([]);
    expect((await f.domain.admin.pendingPublications()).map((p) => p.owner_username)).toEqual(['Bank of England']);
  });

  it('a channel that does not ask cannot be approved', async () => {
    await start();
    const { user } = await channelOf('press');
    expect((await refusal(() => f.domain.admin.approvePublication(user.email, 'press'))).code).toBe('CONFLICT');
  });
});

describe('key rotation is bounded', () => {
  it('one rotation per interval per channel (the first is free), and a number of keys kept', async () => {
    await start({ signingKeyIntervalSeconds: 600, signingKeysPerChannel: 3 });
    const { user, channel } = await channelOf('press');
    await f.domain.channels.addSigningKey(user.id, channel.id);
    const early = await refusal(() => f.domain.channels.addSigningKey(user.id, channel.id));
    expect(early.code).toBe('TOO_MANY_ATTEMPTS');
    expect(early.retryAt).toEqual(new Date(f.clock.now.getTime() + 600_000));
    f.clock.advance(600);
    await f.domain.channels.addSigningKey(user.id, channel.id);
    f.clock.advance(600);
    const full = await refusal(() => f.domain.channels.addSigningKey(user.id, channel.id));
    expect([full.code, full.details]).toEqual(['CONFLICT', { signing_keys: 'at most 3 per channel' }]);
    // withdrawing a retired key makes room
    const [, retired] = (await f.domain.channels.list(user.id))[0].signing_keys;
    await f.domain.channels.withdrawSigningKey(user.id, channel.id, retired.key_id);
    expect((await f.domain.channels.addSigningKey(user.id, channel.id)).signing_keys).toHaveLength(3);
    // the operator replaces a key at once, without waiting for the interval
    const oldest = (await f.domain.channels.list(user.id))[0].signing_keys[2];
    await f.domain.channels.withdrawSigningKey(user.id, channel.id, oldest.key_id);
    expect(await refusal(() => f.domain.channels.addSigningKey(user.id, channel.id))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });
    expect((await f.domain.admin.newSigningKey(user.email, 'press')).signing_keys).toHaveLength(3);
  });

  it('concurrent rotations cannot pass the bounds together', async () => {
    await start({ signingKeyIntervalSeconds: 0, signingKeysPerChannel: 4 });
    const { user, channel } = await channelOf('press');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => f.domain.channels.addSigningKey(user.id, channel.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await f.domain.channels.list(user.id))[0].signing_keys).toHaveLength(4);
  });
});

describe('usernames follow the same rule', () => {
  it('a username like another account’s is refused at registration and in a profile update', async () => {
    await start();
    await f.domain.accounts.register({ email: 'ada@example.com', username: 'Ada News', password: PASSWORD });
    for (const lookalike of ['ada news', '\u0410DA NEWS', 'Ada \u039dews']) {
      const registered = await refusal(() =>
        f.domain.accounts.register({ email: 'm@example.com', username: lookalike, password: PASSWORD }),
      );
      expect([registered.code, registered.details]).toEqual(['CONFLICT', { username: expect.any(String) }]);
      const admin = await refusal(() =>
        f.domain.admin.createUser({ email: 'm@example.com', username: lookalike, password: PASSWORD }),
      );
      expect(admin.code).toBe('CONFLICT');
    }
    const mallory = await makeUser(f.domain);
    const renamed = await refusal(() => f.domain.accounts.updateProfile(mallory.id, { username: 'ADA NEWS' }));
    expect([renamed.code, renamed.details]).toEqual(['CONFLICT', { username: expect.any(String) }]);
    // a taken email is still told as such
    const email = await refusal(() =>
      f.domain.accounts.register({ email: 'ada@example.com', username: 'fresh', password: PASSWORD }),
    );
    expect(email.code).toBe('EMAIL_TAKEN');
  });
});

describe('names of an older release', () => {
  it('claim their keys at start; a later confusable channel stops asking, a later username stays', async () => {
    await start();
    const first = await channelOf('news');
    const second = await channelOf('NEWS');
    await f.domain.channels.updatePublication(first.user.id, first.channel.id, { keys_public: true });
    await f.domain.admin.approvePublication(first.user.email, 'news');
    // as an older release left them: confusable usernames and published names, no keys
    await f.sql('UPDATE users SET username_key = NULL, username_key_cased = NULL');
    await f.sql('UPDATE users SET username = ? WHERE id = ?', 'Twin', first.user.id);
    await f.sql('UPDATE users SET username = ? WHERE id = ?', 'TWIN', second.user.id);
    await f.sql('UPDATE channels SET signer_key = NULL, signer_key_cased = NULL');
    await f.sql('UPDATE channels SET keys_public = (1 = 1) WHERE id = ?', second.channel.id);

    const claimed = await f.domain.admin.claimMissingNames();
    expect(claimed.withdrawnChannels).toEqual([second.channel.id]);
    expect(claimed.signerNames).toBe(1);
    expect(claimed.usernames).toBe(1);
    expect((await f.domain.channels.list(second.user.id))[0].keys_public).toBe(false);
    expect((await publishedNames()).map(([name]) => name)).toEqual(['news']);
    // nobody new takes either twin's name; running it again changes nothing
    const refused = await refusal(() =>
      f.domain.accounts.register({ email: 't@example.com', username: 'twin', password: PASSWORD }),
    );
    expect(refused.code).toBe('CONFLICT');
    expect(await f.domain.admin.claimMissingNames()).toEqual({ usernames: 0, signerNames: 0, withdrawnChannels: [] });
  });
});
