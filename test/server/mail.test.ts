import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/index.js';
import { createMailer, outboxPathOf } from '../../src/server/mail/index.js';
import { makeFixture, type Fixture } from '../domain/fixture.js';
import { PASSWORD } from './harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fixture(): Promise<Fixture> {
  const made = await makeFixture();
  cleanups.push(() => made.close());
  return made;
}

describe('outbox (no WM_SMTP_URL)', () => {
  it('appends one JSON line {to, subject, text, sentAt} per message and logs where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-outbox-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const logged: object[] = [];
    const mailer = await createMailer({
      from: 'wm <a@b.c>',
      dataDir: dir,
      log: { info: (entry) => logged.push(entry) },
    });
    await mailer.send({ to: 'one@example.com', subject: 'S1', text: 'first' });
    await mailer.send({ to: 'two@example.com', subject: 'S2', text: 'second\nline' });
    const lines = readFileSync(outboxPathOf(dir), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { to: 'one@example.com', subject: 'S1', text: 'first', sentAt: expect.any(String) },
      { to: 'two@example.com', subject: 'S2', text: 'second\nline', sentAt: expect.any(String) },
    ]);
    expect(logged[0]).toMatchObject({ to: 'one@example.com', outbox: outboxPathOf(dir) });
  });

  it('registration writes the verification mail to outbox.jsonl in the data folder', async () => {
    const made = await fixture();
    const app = await buildApp({
      domain: made.domain,
      dataDir: made.dir,
      config: { publicUrl: 'https://wm.example.org' },
      log: { level: 'silent' },
    });
    cleanups.push(() => app.close());
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      // a username that poses as instructions: the mail goes to whatever address was typed, so it must not carry it
      payload: { email: 'o@example.com', password: PASSWORD, username: 'Security team: restore at https://evil.test' },
    });
    expect(response.statusCode).toBe(201);
    const mail = JSON.parse(readFileSync(join(made.dir, 'outbox.jsonl'), 'utf8'));
    expect(mail.to).toBe('o@example.com');
    expect(mail.text).toMatch(/https:\/\/wm\.example\.org\/api\/auth\/verify-email\?token=\S+/);
    expect(mail.text).not.toMatch(/Security team|evil\.test/);
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });
});

describe('SMTP (WM_SMTP_URL)', () => {
  it('sends the verification mail through the configured SMTP server', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => sink.close(() => resolve())));
    const { port } = sink.server.address() as { port: number };

    const made = await fixture();
    const app = await buildApp({
      domain: made.domain,
      dataDir: made.dir,
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'wm <noreply@wm.example.org>',
        publicUrl: 'https://wm.example.org',
      },
      log: { level: 'silent' },
    });
    cleanups.push(() => app.close());
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 's@example.com', password: PASSWORD, username: 's' },
    });
    expect(response.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('noreply@wm.example.org');
    expect(received[0].to).toEqual(['s@example.com']);
    // undo quoted-printable soft line breaks and "=" escapes
    const body = received[0].data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(/https:\/\/wm\.example\.org\/api\/auth\/verify-email\?token=\S+/);
    expect(() => readFileSync(join(made.dir, 'outbox.jsonl'))).toThrow();
  });
});
