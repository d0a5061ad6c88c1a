import { signal } from '@preact/signals';
import { ApiError, request, type RequestOptions } from './api.js';
import type { User } from './api-types.js';
import { currentPath, currentQuery, navigate } from './router.js';
import { API_PATHS } from '../../api/paths.js';

export type SessionState = 'restoring' | 'signed-in' | 'signed-out';

export const sessionState = signal<SessionState>('restoring');
export const currentUser = signal<User | null>(null);
/** Shown once on the sign-in page: why the user is there (session ended, password changed, …). */
export const signInNotice = signal<string | null>(null);
/** Shown once on the overview: what just happened (a password set through a mailed link). */
export const overviewNotice = signal<string | null>(null);

// The access token lives in this closure only: never in storage, a URL or the DOM. A reload gets a new one from the
// HttpOnly refresh cookie, which scripts cannot read.
let accessToken: string | null = null;
let renewTimer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<boolean> | null = null;
/** Where to return after signing in again. */
let returnTo: string | null = null;

const RENEW_BEFORE_EXPIRY_MS = 60_000;
const MIN_RENEW_DELAY_MS = 5_000;
const RETRY_RENEWAL_MS = 30_000;

function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function adopt(token: string): void {
  accessToken = token;
  const expiry = expiryOf(token);
  if (expiry !== undefined) scheduleRenewal(Math.max(MIN_RENEW_DELAY_MS, expiry - Date.now() - RENEW_BEFORE_EXPIRY_MS));
}

/** Renews ahead of expiry; an unreachable server is asked again later, a refusal ends the session. */
function scheduleRenewal(delay: number): void {
  clearTimeout(renewTimer);
  renewTimer = setTimeout(() => {
    renew().then(
      (ok) => ok || endSession('Your session has ended. Please sign in again.'),
      () => scheduleRenewal(RETRY_RENEWAL_MS),
    );
  }, delay);
}

function forget(): void {
  accessToken = null;
  clearTimeout(renewTimer);
  currentUser.value = null;
  sessionState.value = 'signed-out';
}

/**
 * A new access token from the refresh cookie (which the server rotates). Tabs of one browser share the cookie: a
 * lock makes them take turns, since presenting an already rotated cookie ends the session (theft detection).
 */
export function renew(): Promise<boolean> {
  renewing ??= (async () => {
    const call = () => request<{ accessToken: string }>('POST', API_PATHS.refresh);
    try {
      const body = navigator.locks ? await navigator.locks.request('wm-refresh', call) : await call();
      adopt(body.accessToken);
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
      throw error;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/** A request of the signed-in user; an expired access token is renewed once, silently. */
export async function api<T>(method: string, path: string, options: Omit<RequestOptions, 'bearer'> = {}): Promise<T> {
  if (!accessToken && !(await renew())) throw sessionEnded();
  try {
    return await request<T>(method, path, { ...options, bearer: accessToken! });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (!(await renew())) throw sessionEnded();
    return request<T>(method, path, { ...options, bearer: accessToken! });
  }
}

function sessionEnded(): ApiError {
  endSession('Your session has ended. Please sign in again.');
  return new ApiError(401, { error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' });
}

/** First load: a session from the refresh cookie, if there is one. */
export async function restoreSession(): Promise<void> {
  try {
    if (await renew()) {
      const { user } = await request<{ user: User }>('GET', API_PATHS.profile, { bearer: accessToken! });
      currentUser.value = user;
      sessionState.value = 'signed-in';
      return;
    }
  } catch {
    // unreachable server or refused session: the sign-in page says what to do
  }
  forget();
}

/** A session the server just started: the access token in memory, the user, then the page `to`. */
function begin(body: { accessToken: string; user: User }, to: string): void {
  adopt(body.accessToken);
  currentUser.value = body.user;
  sessionState.value = 'signed-in';
  signInNotice.value = null;
  navigate(to, { replace: true });
}

export async function signIn(email: string, password: string): Promise<void> {
  const body = await request<{ accessToken: string; user: User }>('POST', API_PATHS.login, {
    body: { email, password },
  });
  const target = returnTo ?? '/';
  returnTo = null;
  begin(body, target);
}

/** Sets a new password with a mailed link's token; the server ends every other session and starts this one. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const body = await request<{ accessToken: string; user: User }>('POST', API_PATHS.resetPassword, {
    body: { token, newPassword },
  });
  returnTo = null;
  overviewNotice.value = 'Your new password is set. Every other session is signed out; API tokens keep working.';
  begin(body, '/');
}

/** The access token after a password change, when the server hands out a fresh one. */
export function adoptAccessToken(token: string): void {
  adopt(token);
}

export async function signOut(notice?: string): Promise<void> {
  const token = accessToken;
  // set before the page changes: a signed-in page is replaced by sign-in as soon as the session is forgotten, and
  // the message must be there when it is drawn, not after the logout request
  signInNotice.value = notice ?? 'You are signed out.';
  forget();
  // the refresh cookie never reaches /api/auth/logout (its Path); the access token names the session to end
  await request('POST', API_PATHS.logout, { bearer: token ?? undefined }).catch(() => undefined);
  returnTo = null;
  navigate('/signin', { replace: true });
}

/** The session is gone (refresh refused): back to sign-in, with a message, returning here afterwards. */
export function endSession(notice: string): void {
  if (sessionState.value !== 'signed-in') return;
  returnTo = currentPath.value + currentQuery.value;
  forget();
  signInNotice.value = notice;
  navigate('/signin', { replace: true });
}

export function rememberReturnTo(path: string): void {
  returnTo = path;
}
