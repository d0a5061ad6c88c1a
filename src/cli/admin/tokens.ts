import type { Permission } from '../../domain/index.js';
import { CliError, EXIT } from '../errors.js';
import { requireValue } from './ask.js';
import { print, table, withDomain, type AdminOptions } from './output.js';

export interface CreateTokenOptions extends AdminOptions {
  user?: string;
  name?: string;
  permissions?: string;
  channel?: string;
}

export async function createToken(options: CreateTokenOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const name = await requireValue(options.name, '--name', 'Token name');
  const permissions = parsePermissions(
    await requireValue(options.permissions, '--permissions', 'Permissions (encode,decode)'),
  );
  await withDomain(options, async (domain) => {
    const token = await domain.admin.createToken(email, { name, permissions, channelName: options.channel });
    if (!options.json) {
      const keyed = options.channel ? `, keyed with channel "${options.channel}"` : '';
      process.stderr.write(
        `Created token "${token.name}" (id ${token.id}${keyed}). Store the secret now: it is never shown again.\n`,
      );
    }
    print(options, token, token.token);
  });
}

export async function listTokens(options: AdminOptions & { user?: string }): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  await withDomain(options, async (domain) => {
    const tokens = await domain.admin.listTokens(email);
    const rows = tokens.map((t) => [
      t.id,
      t.name,
      t.token_prefix + '…',
      t.permissions.join(','),
      t.signing_channel_id ?? '-',
      t.last_used_at ?? 'never',
    ]);
    print(
      options,
      tokens,
      tokens.length ? table([['ID', 'NAME', 'PREFIX', 'PERMISSIONS', 'CHANNEL', 'LAST USED'], ...rows]) : 'No tokens.',
    );
  });
}

export async function revokeToken(id: string | undefined, options: AdminOptions): Promise<void> {
  const tokenId = await requireValue(id, 'the id argument', 'Token id');
  await withDomain(options, async (domain) => {
    const revoked = await domain.admin.revokeToken(tokenId);
    print(options, { message: 'Token revoked', id: revoked.id }, `Revoked token ${revoked.id}`);
  });
}

/** "encode,decode" → ['encode', 'decode']; the domain checks the values. */
function parsePermissions(list: string): Permission[] {
  const permissions = list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (permissions.length === 0) throw new CliError(EXIT.USAGE, '--permissions needs encode, decode or encode,decode');
  return permissions as Permission[];
}
