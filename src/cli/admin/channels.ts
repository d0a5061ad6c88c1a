import { revealText } from 'wm-watermark-codec/reveal';
import type { Channel } from '../../domain/index.js';
import { requireValue } from './ask.js';
import { print, table, withDomain, type AdminOptions } from './output.js';

type ChannelOptions = AdminOptions & { user?: string };

interface CreateChannelOptions extends ChannelOptions {
  signing?: boolean;
  public?: boolean;
  signerName?: string;
}

/** The name the keys are published under, and whether they are in the key set yet. */
const publicationOf = (channel: Channel): string => {
  if (!channel.keys_public) return '-';
  const name = channel.signer_name ?? channel.channel_name;
  return channel.keys_published ? name : `${name} (waiting for approval)`;
};

/** The current signing key's id, or "-" for a channel without one. */
const currentKeyOf = (channel: Channel): string => channel.signing_keys.find((key) => !key.retired_at)?.key_id ?? '-';

export async function createChannel(name: string | undefined, options: CreateChannelOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  await withDomain(options, async (domain) => {
    const channel = await domain.admin.createChannel(email, channelName, {
      signing: options.signing ?? false,
      keys_public: options.public ?? false,
      signer_name: options.signerName,
    });
    const signing = channel.signing_keys.length ? ` with signing key ${currentKeyOf(channel)}` : '';
    print(
      options,
      { message: 'Channel created', channel },
      `Created channel "${channel.channel_name}" (id ${channel.id})${signing}`,
    );
  });
}

export async function listChannels(options: ChannelOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  await withDomain(options, async (domain) => {
    const channels = await domain.admin.listChannels(email);
    const rows = channels.map((c) => [
      c.channel_name,
      c.id,
      c.is_active ? 'active' : 'inactive',
      String(c.active_tokens),
      currentKeyOf(c),
      publicationOf(c),
      c.created_at,
    ]);
    const header = ['NAME', 'ID', 'STATE', 'TOKENS', 'SIGNING KEY', 'PUBLISHED AS', 'CREATED'];
    print(options, { channels }, channels.length ? table([header, ...rows]) : 'No channels.');
  });
}

export async function deactivateChannel(name: string | undefined, options: ChannelOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  await withDomain(options, async (domain) => {
    const channel = await domain.admin.deactivateChannel(email, channelName);
    print(
      options,
      { message: 'Channel deactivated', channel },
      `Deactivated "${channel.channel_name}"; its key is kept and its tokens keep working`,
    );
  });
}

export async function newSigningKey(name: string | undefined, options: ChannelOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  await withDomain(options, async (domain) => {
    const channel = await domain.admin.newSigningKey(email, channelName);
    const [current, retired] = channel.signing_keys;
    const message = retired ? 'Signing key rotated' : 'Signing key created';
    const lines = [`${message}: "${channel.channel_name}" signs with ${current.key_id} from now on`];
    if (retired) lines.push(`${retired.key_id} is retired and stays published, so marks it made keep verifying`);
    print(options, { message, channel }, lines);
  });
}

export async function withdrawSigningKey(
  name: string | undefined,
  keyId: string | undefined,
  options: ChannelOptions,
): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  const id = await requireValue(keyId, 'the key-id argument', 'Key id');
  await withDomain(options, async (domain) => {
    const channel = await domain.admin.withdrawSigningKey(email, channelName, id);
    print(
      options,
      { message: 'Signing key withdrawn', channel },
      `Withdrew ${id} of "${channel.channel_name}": it is out of the key set, and the marks it signed no longer verify`,
    );
  });
}

export async function publishChannel(
  name: string | undefined,
  options: ChannelOptions & { signerName?: string; approve?: boolean },
  keysPublic: boolean,
): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  await withDomain(options, async (domain) => {
    let channel = await domain.admin.setPublication(email, channelName, {
      keys_public: keysPublic,
      ...(options.signerName === undefined ? {} : { signer_name: options.signerName }),
    });
    if (options.approve) channel = await domain.admin.approvePublication(email, channelName);
    const as = channel.signer_name ?? channel.channel_name;
    const published = `The keys of "${channel.channel_name}" are in /.well-known/wm-keys.json as "${as}"`;
    const waiting =
      `"${channel.channel_name}" asks for its keys to be published as "${as}"; they join the key set once ` +
      `approved (wm channels publish "${channel.channel_name}" --user ${email} --approve)`;
    print(
      options,
      { message: 'Channel updated', channel },
      keysPublic
        ? channel.keys_published
          ? published
          : waiting
        : `The keys of "${channel.channel_name}" are no longer published`,
    );
  });
}

export async function listPendingPublications(options: AdminOptions): Promise<void> {
  await withDomain(options, async (domain) => {
    const pending = await domain.admin.pendingPublications();
    // the operator decides on names as they are, invisible characters too (a joiner, a variation selector)
    const shown = (name: string) => revealText(name);
    const rows = pending.map((p) => [
      shown(p.signer_name),
      p.channel_name,
      p.owner_email,
      shown(p.owner_username),
      p.email_verified ? 'yes' : 'no (cannot be approved)',
      p.created_at,
    ]);
    const header = ['SIGNER NAME', 'CHANNEL', 'OWNER', 'USERNAME', 'VERIFIED', 'CREATED'];
    print(
      options,
      { pending },
      pending.length ? table([header, ...rows]) : 'No channel waits for its keys to be published.',
    );
  });
}
