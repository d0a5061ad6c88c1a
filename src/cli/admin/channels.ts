import { requireValue } from './ask.js';
import { print, table, withDomain, type AdminOptions } from './output.js';

type ChannelOptions = AdminOptions & { user?: string };

export async function createChannel(name: string | undefined, options: ChannelOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  await withDomain(options, async (domain) => {
    const channel = await domain.admin.createChannel(email, channelName);
    print(
      options,
      { message: 'Signing channel created', channel },
      `Created signing channel "${channel.channel_name}" (id ${channel.id})`,
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
      c.created_at,
    ]);
    print(
      options,
      { channels },
      channels.length ? table([['NAME', 'ID', 'STATE', 'TOKENS', 'CREATED'], ...rows]) : 'No signing channels.',
    );
  });
}

export async function deactivateChannel(name: string | undefined, options: ChannelOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  await withDomain(options, async (domain) => {
    const channel = await domain.admin.deactivateChannel(email, channelName);
    print(
      options,
      { message: 'Signing channel deactivated', channel },
      `Deactivated "${channel.channel_name}"; its key is kept and its tokens keep working`,
    );
  });
}
