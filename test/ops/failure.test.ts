import { describe, expect, it } from 'vitest';
import { UNREADABLE_MESSAGES, failureOfAnswer } from '../../src/ops/failure.js';

describe("a server's 422 answer", () => {
  it('is "no watermark" for the message of this server and of servers before its rewording', () => {
    for (const message of [
      UNREADABLE_MESSAGES.NO_WATERMARK,
      'No watermark found in text (no zero-width characters)',
      'No watermark found in text (no zero-width characters); a C2PA manifest is present',
    ]) {
      expect(failureOfAnswer(422, { error: 'Unprocessable Entity', message }).kind, message).toBe('no-watermark');
    }
  });

  it('is an integrity failure for the other 422 messages', () => {
    for (const message of [UNREADABLE_MESSAGES.CORRUPTED, UNREADABLE_MESSAGES.DECRYPTION_FAILED]) {
      expect(failureOfAnswer(422, { error: 'Unprocessable Entity', message }).kind, message).toBe('integrity');
    }
  });
});

describe("a server's 404 or 405 answer", () => {
  const request = 'GET http://host/api/v2/copies?document_id=7';

  it('is the refusal its body says when a wm server marks it as the domain’s (NOT_FOUND)', () => {
    const body = { error: 'Not Found', message: 'You have no document with this id', code: 'NOT_FOUND' };
    expect(failureOfAnswer(404, body, undefined, request)).toMatchObject({
      kind: 'invalid-input',
      message: 'You have no document with this id',
      status: 404,
    });
  });

  it('is no wm server (or not this version) without the mark: a route wm does not have, another program', () => {
    for (const [status, body] of [
      [404, { error: 'Not Found', message: 'Route GET /x/api/v2/copies not found' }],
      [404, { error: 'Not Found', message: 'You have no document with this id' }],
      [404, { error: 'Not Found', code: 'SOMETHING_ELSE' }],
      [405, { error: 'Method Not Allowed', code: 'NOT_FOUND' }],
    ] as const) {
      expect(failureOfAnswer(status, body, undefined, request), JSON.stringify(body)).toMatchObject({
        kind: 'not-wm-server',
        message: `${request} answered ${status}: not a wm server, or not this version`,
      });
    }
  });
});
