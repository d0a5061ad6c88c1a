import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../api/paths.js';

export const REFRESH_COOKIE = 'refreshToken';
/** The cookie only travels to the refresh endpoint (spec); clearing it must repeat this path. */
export const REFRESH_COOKIE_PATH = API_PATHS.refresh;

const ATTRIBUTES = { httpOnly: true, secure: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH } as const;

/** `lifetimeSeconds`: the refresh token's lifetime, just issued (30 days by default). */
export function setRefreshCookie(reply: FastifyReply, refreshToken: string, lifetimeSeconds: number): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...ATTRIBUTES, maxAge: lifetimeSeconds });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, ATTRIBUTES);
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
