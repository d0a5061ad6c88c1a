/**
 * The API's paths, once: the server registers its routes at them and the dashboard calls them. Pure values, no
 * imports: the browser bundle carries this file as it is.
 */
export const API_PATHS = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  verifyEmail: '/api/auth/verify-email',
  forgotPassword: '/api/auth/forgot-password',
  resendVerification: '/api/auth/resend-verification',
  resetPassword: '/api/auth/reset-password',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  profile: '/api/v2/users/me',
  password: '/api/v2/users/password',
  tokens: '/api/v2/tokens',
  token: '/api/v2/tokens/:tokenId',
  currentToken: '/api/v2/tokens/current',
  legacyToken: '/api/v2/users/tokens/:id',
  channels: '/api/v2/channels',
  channel: '/api/v2/channels/:channelId',
  signingKeys: '/api/v2/channels/:channelId/signing-keys',
  signingKey: '/api/v2/channels/:channelId/signing-keys/:keyId',
  c2paCertificate: '/api/v2/channels/:channelId/c2pa-certificate',
  balance: '/api/v2/credits/balance',
  usage: '/api/v2/credits/usage',
  dailyUsage: '/api/v2/credits/usage/daily',
  /** the public key set of the channels that publish their signing keys (no credential) */
  keySet: '/.well-known/wm-keys.json',
  /** a watermark operation with an API token: its kebab name (encode, decode-robust, …) follows */
  watermark: '/api/watermark/',
  /** the same with the session, as one of the account's API tokens */
  tokenWatermark: '/api/v2/tokens/:tokenId/watermark/',
  /** issued copies (docs/TRACING.md) with an API token: GET lists them, POST issues; /trace follows for trace */
  copies: '/api/v2/copies',
  /** the same with the session, as one of the account's API tokens */
  tokenCopies: '/api/v2/tokens/:tokenId/copies',
} as const;

/** A path with its `:name` parameters filled in, each URI-encoded. */
export function pathWith(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name]));
}
