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
