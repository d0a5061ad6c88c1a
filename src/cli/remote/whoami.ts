import { describeToken } from '../../client/account.js';
import { fields, print } from '../admin/output.js';
import type { RemoteOptions } from './options.js';
import { clientFor, resolveRemoteTarget } from './target.js';

export interface WhoamiOptions extends RemoteOptions {
  json?: boolean;
}

/** Who the API token is: server, account, token, balance and quota, as the server says now. */
export async function runWhoami(options: WhoamiOptions): Promise<void> {
  const explicit = options.server !== undefined || Boolean(process.env.WM_SERVER);
  const target = await resolveRemoteTarget({ ...options, remote: options.remote || !explicit });
  const self = await describeToken(clientFor(target));
  const { token, user, credits, quota } = self;
  print(
    options,
    { server: target.server, ...self },
    fields([
      ['server', target.server],
      ['account', `${user.email} (${user.username}, plan ${user.plan})`],
      [
        'token',
        `${token.name} (${[...token.permissions, ...(token.signing_channel_id ? ['channel-bound'] : [])].join(', ')})`,
      ],
      ['balance', `${credits.balance} credits (${credits.subscription_status})`],
      [
        'monthly limit',
        `${quota.requests_made} of ${quota.requests_limit} watermark operations used, resets ${quota.resets_at}`,
      ],
    ]),
  );
}
