/** One refresh token of a session (a family: every token descending from one login). Times: Unix ms. */
export interface RefreshTokenRow {
  id: string;
  userId: string;
  familyId: string;
  /** the account's session epoch when the family started */
  sessionEpoch: number;
  /** SHA-256 of the secret; the secret itself is never stored */
  tokenHash: string;
  expiresAt: number;
  rotatedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

export interface RefreshTokenRepository {
  insert(token: Omit<RefreshTokenRow, 'rotatedAt' | 'revokedAt'>): Promise<void>;
  byHash(tokenHash: string): Promise<RefreshTokenRow | undefined>;
  markRotated(id: string, at: number): Promise<void>;
  /** Revokes the family's tokens not revoked yet; with `userId`, only if the family is that account's. */
  revokeFamily(familyId: string, at: number, userId?: string): Promise<void>;
  /** Revokes every token of the account not revoked yet. */
  revokeAllOf(userId: string, at: number): Promise<void>;
}

/** A single-use email verification token. Times: Unix ms. */
export interface EmailVerificationRow {
  id: number;
  userId: string;
  /** SHA-256 of the secret */
  tokenHash: string;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface EmailVerificationRepository {
  insert(verification: Omit<EmailVerificationRow, 'id' | 'usedAt'>): Promise<void>;
  byHash(tokenHash: string): Promise<EmailVerificationRow | undefined>;
  markUsed(id: number, at: number): Promise<void>;
}

/** A single-use link to set a new password without the old one (forgot password). Times: Unix ms. */
export interface PasswordResetRow {
  id: number;
  userId: string;
  /** SHA-256 of the secret */
  tokenHash: string;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface PasswordResetRepository {
  insert(reset: Omit<PasswordResetRow, 'id' | 'usedAt'>): Promise<void>;
  byHash(tokenHash: string): Promise<PasswordResetRow | undefined>;
  /** Marks the link used unless it was already: true for the one call that used it. */
  use(id: number, at: number): Promise<boolean>;
  /** Marks every link of the account not used yet as used (its password changed: they must not work any more). */
  useAllOf(userId: string, at: number): Promise<void>;
}
