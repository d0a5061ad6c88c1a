import type { WmClient } from './client.js';

// The account calls of the remote CLI (`wm login`, `wm whoami`, `wm logout`), typed after the interface's fields.

export interface RemoteUser {
  id: string;
  email: string;
  username: string;
  plan: string;
}

export interface RemoteTokenMetadata {
  id: string;
  name: string;
  permissions: string[];
  token_prefix: string;
  signing_channel_id: string | null;
  /** absent from servers older than signed marks */
  sign?: boolean;
  encrypt?: boolean;
  created_at: string;
  last_used_at: string | null;
}

export interface RemoteCreditBalance {
  balance: number;
  plan: string;
  subscription_status: string;
  renews_at: string | null;
}

export interface RemoteQuota {
  requests_made: number;
  requests_limit: number;
  requests_remaining: number;
  resets_at: string;
}

/** `GET /api/v2/tokens/current`: the presented API token, its account, balance and quota. */
export interface TokenSelf {
  token: RemoteTokenMetadata;
  user: RemoteUser;
  credits: RemoteCreditBalance;
  quota: RemoteQuota;
}

/** Signs in; only the access token is kept (the refresh cookie is never read). */
export async function signIn(
  client: WmClient,
  email: string,
  password: string,
): Promise<{ accessToken: string; user: RemoteUser }> {
  return client.post('/api/auth/login', { email, password }, null);
}

/** Ends the session the access token was issued for (the server's logout accepts the Bearer token alone). */
export async function endSession(client: WmClient, accessToken: string): Promise<void> {
  await client.post('/api/auth/logout', undefined, accessToken);
}

export async function createApiToken(
  client: WmClient,
  accessToken: string,
  input: { name: string; permissions: string[]; signing_channel_id: string | null; sign?: boolean },
): Promise<RemoteTokenMetadata & { token: string }> {
  return client.post('/api/v2/tokens', input, accessToken);
}

/** The id of the active signing channel NAME of the signed-in account, or undefined. */
export async function findChannelId(client: WmClient, accessToken: string, name: string): Promise<string | undefined> {
  const { channels } = await client.get<{ channels: { id: string; channel_name: string; is_active: boolean }[] }>(
    '/api/v2/channels',
    accessToken,
  );
  return channels.find((channel) => channel.channel_name === name && channel.is_active)?.id;
}

export const describeToken = (client: WmClient): Promise<TokenSelf> => client.get('/api/v2/tokens/current');

/** Revokes the client's own API token. */
export const revokeOwnToken = (client: WmClient): Promise<void> => client.delete('/api/v2/tokens/current');
