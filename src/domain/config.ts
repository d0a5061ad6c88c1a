import type { Plan } from './types.js';

/** The service's tunable numbers. Defaults are documented in docs/ACCOUNTS.md. */
export interface DomainConfig {
  /** access-token (JWT) lifetime */
  accessTokenTtlSeconds: number;
  /** refresh-token lifetime; every refresh issues a new token with a fresh lifetime */
  refreshTokenTtlSeconds: number;
  /** email-verification token lifetime */
  verificationTokenTtlSeconds: number;
  /** password-reset link lifetime */
  passwordResetTtlSeconds: number;
  /** recovery mails (password reset, new verification link) of one kind to one address per hour */
  recoveryMailsPerHour: number;
  /** credits charged per successful watermark operation */
  creditCost: number;
  /** credits granted to every new account */
  freeCredits: number;
  /** scrypt cost exponent: N = 2^scryptLogN (r=8, p=1). 17 is OWASP's recommendation; lower only in tests */
  scryptLogN: number;
  /** successful watermark operations per calendar month (UTC) */
  monthlyRequestsByPlan: Record<Plan, number>;
  /**
   * what one issue of copies may make, in characters: recipients × the document's visible characters (the work and
   * the size of the answer grow with both)
   */
  copiesCharactersByPlan: Record<Plan, number>;
  /** signing channels in use allowed: active ones, and deactivated ones that a live API token is still bound to */
  activeChannelsByPlan: Record<Plan, number>;
  /** password attempts (login, register, password change) per client address and minute */
  passwordAttemptsPerMinute: number;
  /** failed password checks an account takes before each further attempt on it must wait */
  accountFreeFailures: number;
  /** the longest wait between attempts on an account under attack (the wait doubles from 1 s up to this) */
  accountMaxDelaySeconds: number;
  /** requests whose password hashing runs at once in this process */
  hashConcurrency: number;
  /** requests that may wait for a hashing slot; beyond, the request is refused at once (503) */
  hashQueueLength: number;
  /**
   * Whose signing keys the public key set holds, of the channels whose owners ask for it: `approval`, those the
   * operator approved (`wm channels publish --approve`); `verified`, those of every account with a verified email
   * address. Unverified accounts never publish.
   */
  keyPublication: KeyPublication;
  /** signing keys a channel keeps at most, current and retired; beyond, a rotation is refused */
  signingKeysPerChannel: number;
  /** the shortest time between two new signing keys of one channel */
  signingKeyIntervalSeconds: number;
  /** API tokens an account may hold at once */
  apiTokensPerAccount: number;
}

export const KEY_PUBLICATIONS = ['approval', 'verified'] as const;
export type KeyPublication = (typeof KEY_PUBLICATIONS)[number];

export const OWASP_SCRYPT_LOG_N = 17;

export const DEFAULT_CONFIG: Readonly<DomainConfig> = Object.freeze({
  accessTokenTtlSeconds: 2 * 60 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  verificationTokenTtlSeconds: 24 * 60 * 60,
  passwordResetTtlSeconds: 60 * 60,
  recoveryMailsPerHour: 3,
  creditCost: 1,
  freeCredits: 100,
  scryptLogN: OWASP_SCRYPT_LOG_N,
  monthlyRequestsByPlan: { free: 1_000, starter: 10_000, pro: 100_000 },
  // e.g. a 20,000-character memo to 10, 100 or 500 recipients (docs/PERFORMANCE.md, "Issuing copies")
  copiesCharactersByPlan: { free: 200_000, starter: 2_000_000, pro: 10_000_000 },
  activeChannelsByPlan: { free: 0, starter: 3, pro: 20 },
  passwordAttemptsPerMinute: 10,
  accountFreeFailures: 5,
  accountMaxDelaySeconds: 60,
  // two scrypt hashes at OWASP cost hold 256 MiB and two of libuv's four threads; more would not finish sooner
  // on a small machine and would starve file and DNS work
  hashConcurrency: 2,
  hashQueueLength: 16,
  keyPublication: 'approval',
  // enough for years of yearly rotations and a few emergencies; a key set of every channel stays small
  signingKeysPerChannel: 10,
  signingKeyIntervalSeconds: 10 * 60,
  apiTokensPerAccount: 100,
});

/** Lowest cost accepted at all (tests use it); anything lower would make the stored hashes worthless. */
const MIN_SCRYPT_LOG_N = 10;

export function resolveConfig(overrides: Partial<DomainConfig> = {}): DomainConfig {
  const config: DomainConfig = {
    ...DEFAULT_CONFIG,
    ...stripUndefined(overrides),
    monthlyRequestsByPlan: { ...DEFAULT_CONFIG.monthlyRequestsByPlan, ...overrides.monthlyRequestsByPlan },
    copiesCharactersByPlan: { ...DEFAULT_CONFIG.copiesCharactersByPlan, ...overrides.copiesCharactersByPlan },
    activeChannelsByPlan: { ...DEFAULT_CONFIG.activeChannelsByPlan, ...overrides.activeChannelsByPlan },
  };
  requireWhole('accessTokenTtlSeconds', config.accessTokenTtlSeconds, 1);
  requireWhole('refreshTokenTtlSeconds', config.refreshTokenTtlSeconds, 1);
  requireWhole('verificationTokenTtlSeconds', config.verificationTokenTtlSeconds, 1);
  requireWhole('passwordResetTtlSeconds', config.passwordResetTtlSeconds, 1);
  requireWhole('recoveryMailsPerHour', config.recoveryMailsPerHour, 1);
  requireWhole('creditCost', config.creditCost, 0);
  requireWhole('freeCredits', config.freeCredits, 0);
  requireWhole('scryptLogN', config.scryptLogN, MIN_SCRYPT_LOG_N);
  if (config.scryptLogN > 20) throw new RangeError('scryptLogN must be at most 20');
  requireWhole('passwordAttemptsPerMinute', config.passwordAttemptsPerMinute, 1);
  requireWhole('accountFreeFailures', config.accountFreeFailures, 1);
  requireWhole('accountMaxDelaySeconds', config.accountMaxDelaySeconds, 1);
  requireWhole('hashConcurrency', config.hashConcurrency, 1);
  requireWhole('hashQueueLength', config.hashQueueLength, 0);
  if (!KEY_PUBLICATIONS.includes(config.keyPublication)) {
    throw new RangeError(`keyPublication must be one of ${KEY_PUBLICATIONS.join(', ')}, got ${config.keyPublication}`);
  }
  requireWhole('signingKeysPerChannel', config.signingKeysPerChannel, 1);
  requireWhole('signingKeyIntervalSeconds', config.signingKeyIntervalSeconds, 0);
  requireWhole('apiTokensPerAccount', config.apiTokensPerAccount, 1);
  return config;
}

/**
 * Reads the test-only scrypt override WM_SCRYPT_LN (documented as never for production), and WM_KEY_PUBLICATION,
 * so that the admin commands tell whether a channel's keys are published as a server configured by it does.
 * Other numbers are options of the faces (`wm serve --credit-cost`, ...), not of the environment here.
 */
export function configFromEnv(env: NodeJS.ProcessEnv): Partial<DomainConfig> {
  const config: Partial<DomainConfig> = {};
  const publication = env.WM_KEY_PUBLICATION;
  if (publication) config.keyPublication = publication as KeyPublication;
  const ln = env.WM_SCRYPT_LN;
  if (ln === undefined || ln === '') return config;
  const value = Number(ln);
  if (!Number.isInteger(value)) throw new RangeError(`WM_SCRYPT_LN must be an integer, got "${ln}"`);
  return { ...config, scryptLogN: value };
}

function requireWhole(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${value}`);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
