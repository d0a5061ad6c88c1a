import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/server/mail/index.js';
import {
  PASSWORD,
  bearer,
  cookieOf,
  makeServer,
  signUp,
  tokenFromMail,
  withServer,
  type TestServer,
} from './harness.js';

let server: TestServer;
beforeEach(async () => {
  server = await makeServer();
});
afterEach(async () => {
  await server.close();
});

const NEW_PASSWORD = 'A brand new one 77';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload, headers });
/** The mails sent once everything queued by the requests so far is done. */
async function mailsAfterwards(of: TestServer = server): Promise<MailMessage[]> {
  await of.app.mailQueue.settled();
  return of.mails;
}
function resetTokenFromMail(mail: MailMessage): string {
  const match = /http:\/\/wm\.test\/reset-password#token=(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}
const answer = (response: LightMyRequestResponse) => [response.statusCode, response.json()];

describe('POST /api/auth/forgot-password', () => {
  it('answers alike for registered and unknown addresses; mails a single-use link to the registered', async () => {
    const user = await signUp(server);
    const mailsBefore = (await mailsAfterwards()).length;
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.statusCode).toBe(202);
    expect(known.json().message).toMatch(/^If an account uses this address, a link/);
    const mails = (await mailsAfterwards()).slice(mailsBefore);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[user.email, 'Set a new password for wm']]);
    expect(mails[0].text).toMatch(/expires at \d{4}-\d\d-\d\dT/);
    const token = resetTokenFromMail(mails[0]);

    const reset = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      message: expect.stringMatching(/^Password set\. Every other session is signed out/),
      accessToken: expect.any(String),
      user: expect.objectContaining({ id: user.id, email: user.email }),
    });
    const cookie = cookieOf(reset)!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth/refresh' });

    // every other session ended: the old access token and refresh cookie are refused; the new ones work
    const me = (token: string) => server.app.inject({ url: '/api/v2/users/me', headers: bearer(token) });
    expect((await me(user.accessToken)).statusCode).toBe(401);
    const refresh = (value: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: value } });
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await me(reset.json().accessToken)).statusCode).toBe(200);
    expect((await refresh(cookie.value)).statusCode).toBe(200);
    const login = (password: string) => post('/api/auth/login', { email: user.email, password });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'Yet another one 88' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ details: { token: 'invalid, already used or expired' } });
  });

  it('limits requests per address mailed (429, Retry-After), alike for registered and unknown ones', async () => {
    const user = await signUp(server);
    for (const email of [user.email, 'nobody@example.com']) {
      for (let n = 0; n < 3; n++) expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
      const refused = await post('/api/auth/forgot-password', { email });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1200');
      expect(refused.json().message).toMatch(/^Too many requests for mail to this address/);
    }
  });

  it('counts against the client address like login', async () => {
    await withServer({ domain: { passwordAttemptsPerMinute: 2 } }, async (limited) => {
      const ask = (email: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect((await ask('a@example.com')).statusCode).toBe(202);
      expect((await ask('b@example.com')).statusCode).toBe(202);
      const refused = await ask('c@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many password attempts from your address/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  it('refuses a malformed address as a field error, and a missing one', async () => {
    const malformed = await post('/api/auth/forgot-password', { email: 'not an address' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().details)).toEqual(['email']);
    expect((await post('/api/auth/forgot-password', {})).statusCode).toBe(400);
  });

  it('answers 202 even when the mail cannot be sent, and logs why', async () => {
    const logged: string[] = [];
    const logStream = { write: (line: string) => void logged.push(line) } as unknown as NodeJS.WritableStream;
    const failing = {
      send: async () => {
        throw new Error('SMTP down');
      },
      close: async () => {},
    };
    await withServer({ mailer: failing, logStream }, async (broken) => {
      await signUp(broken, { email: 'lost@example.com', verified: false }).catch(() => undefined);
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'lost@example.com' },
      });
      expect(response.statusCode).toBe(202);
      await broken.app.mailQueue.settled();
      expect(logged.join('')).toMatch(/"message":"SMTP down".*"msg":"password-reset mail could not be sent"/);
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('names the field of a new password the policy refuses, and keeps the link usable', async () => {
    const user = await signUp(server);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = resetTokenFromMail((await mailsAfterwards()).at(-1)!);
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().details)).toEqual(['newPassword']);
    expect(cookieOf(weak)).toBeUndefined();
    expect((await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('verifies an address that was not verified yet', async () => {
    const user = await signUp(server, { verified: false });
    await post('/api/auth/forgot-password', { email: user.email });
    const token = resetTokenFromMail((await mailsAfterwards()).at(-1)!);
    await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect((await server.fixture.domain.admin.showUser(user.email)).email_verified).toBe(true);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link only to an account waiting for verification; answers alike for every address', async () => {
    const waiting = await signUp(server, { verified: false });
    const verified = await signUp(server);
    const before = (await mailsAfterwards()).length;
    const answers = [];
    for (const email of [waiting.email, verified.email, 'nobody@example.com']) {
      answers.push(answer(await post('/api/auth/resend-verification', { email })));
    }
    expect(answers[0][0]).toBe(202);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const mails = (await mailsAfterwards()).slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([waiting.email]);
    const opened = await server.app.inject({
      url: `/api/auth/verify-email?token=${encodeURIComponent(tokenFromMail(mails[0]))}`,
      headers: { accept: 'application/json' },
    });
    expect(opened.json()).toEqual({ message: 'Email address verified; watermark operations are now allowed' });
  });

  it('is limited per address mailed like forgot-password, each with a count of its own', async () => {
    const email = 'someone@example.com';
    for (let n = 0; n < 3; n++) expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(202);
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(429);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
  });
});
