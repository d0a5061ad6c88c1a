import type { Permission } from '../../domain/index.js';
import { CliError, EXIT } from '../errors.js';
import { requireValue } from './ask.js';
import { print, table, withDomain, type AdminOptions } from './output.js';

export interface CreateTokenOptions extends AdminOptions {
  user?: string;
  name?: string;
  permissions?: string;
  channel?: string;
  /** sign marks with the channel's signing key */
  sign?: boolean;
  /** commander's --no-encrypt: false */
  encrypt?: boolean;
}

export async function createToken(options: CreateTokenOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const name = await requireValue(options.name, '--name', 'Token name');
  const permissions = parsePermissions(
    await requireValue(options.permissions, '--permissions', 'Permissions (encode,decode)'),
  );
  await withDomain(options, async (domain) => {
    const { channel, sign, encrypt } = options;
    const token = await domain.admin.createToken(email, { name, permissions, channelName: channel, sign, encrypt });
    if (!options.json) {
      const modes = [token.encrypt && 'keyed', token.sign && 'signing'].filter(Boolean).join(' and ');
      const keyed = channel ? `, ${modes || 'bound'} with channel "${channel}"` : '';
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
      [t.encrypt && 'encrypts', t.sign && 'signs'].filter(Boolean).join(', ') || '-',
      t.last_used_at ?? 'never',
    ]);
    const header = ['ID', 'NAME', 'PREFIX', 'PERMISSIONS', 'CHANNEL', 'MARKS', 'LAST USED'];
    print(options, tokens, tokens.length ? table([header, ...rows]) : 'No tokens.');
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
