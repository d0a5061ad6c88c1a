import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';

const ALGORITHM = 'HS256';
const ISSUER = 'wm';
const AUDIENCE = 'wm-api';

export interface IssuedAccessToken {
  accessToken: string;
  accessExpiresAt: Date;
}

/**
 * `sessionId`: the refresh-token family the access token belongs to (`sid` claim), so logout can end it.
 * `sessionEpoch`: the user's session epoch (`ver` claim); a password change raises it, which ends the token. A
 * counter rather than a time: `iat` has whole seconds, so "issued before the change" cannot be told from it.
 */
export async function issueAccessToken(
  context: DomainContext,
  userId: string,
  sessionId: string | undefined,
  sessionEpoch: number,
): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor(context.now().getTime() / 1000);
  const expiresAt = issuedAt + context.config.accessTokenTtlSeconds;
  const accessToken = await new SignJWT({ ...(sessionId ? { sid: sessionId } : {}), ver: sessionEpoch })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(context.keys.jwt);
  return { accessToken, accessExpiresAt: new Date(expiresAt * 1000) };
}

/**
 * Verifies signature (HS256 only — `alg` is pinned, so `none` or RS/HS confusion is refused), issuer, audience, expiry.
 */
export async function verifyAccessToken(
  context: DomainContext,
  token: string,
): Promise<{ userId: string; tokenId: string; expiresAt: Date; sessionId?: string; sessionEpoch: number }> {
  try {
    const { payload } = await jwtVerify(token, context.keys.jwt, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      currentDate: context.now(),
    });
    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    // tokens issued before the claim existed were issued under epoch 0, as every account started there
    const sessionEpoch = typeof payload.ver === 'number' ? payload.ver : 0;
    const expiresAt = new Date(payload.exp! * 1000);
    return { userId: payload.sub!, tokenId: payload.jti!, expiresAt, sessionId, sessionEpoch };
  } catch (error) {
    if (error instanceof errors.JOSEError) {
      const expired = error instanceof errors.JWTExpired;
      throw new DomainError(
        'UNAUTHENTICATED',
        expired ? 'The access token has expired' : 'The access token is invalid',
      );
    }
    throw error;
  }
}
