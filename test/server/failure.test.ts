import { describe, expect, it } from 'vitest';
import { CodecError } from 'wm-watermark-codec';
import { DomainError } from '../../src/domain/index.js';
import { failureOfAnswer } from '../../src/ops/failure.js';
import { failureOf } from '../../src/server/failure.js';

// failureOf: any failure of a request in every face's shape at once (HTTP answer, kind, a person's line).

const context = { checkoutUrl: () => 'https://pay.example/checkout', now: () => new Date('2025-03-31T23:59:00Z') };

describe('failureOf', () => {
  it('gives a domain refusal its HTTP answer, its kind and its line, the line a client reads from the answer', () => {
    const broke = failureOf(new DomainError('PAYMENT_REQUIRED', 'x', { balance: 0, cost: 1 }), context);
    expect(broke).toMatchObject({
      status: 402,
      body: { error: 'Payment Required', balance: 0, checkout_url: 'https://pay.example/checkout' },
      kind: 'out-of-credits',
      unexpected: false,
    });
    expect(broke.text).toBe(
      'out of credits: Insufficient credits: your balance is 0, this operation costs 1 ' +
        '(buy credits at https://pay.example/checkout)',
    );
    const limited = failureOf(
      new DomainError('QUOTA_EXHAUSTED', 'Monthly limit reached', { resetsAt: new Date('2025-04-01T00:00:00Z') }),
      context,
    );
    expect(limited.headers).toEqual({ 'retry-after': '60' });
    expect(limited.text).toBe('Monthly limit reached (retry after 60 s, resets at 2025-04-01T00:00:00.000Z)');
    // a client that receives the answer words it alike
    for (const failure of [broke, limited]) {
      const read = failureOfAnswer(failure.status, failure.body, failure.retryAfterSeconds, 'POST /x');
      expect([read.kind, read.message]).toEqual([failure.kind, failure.text]);
    }
  });

  it('says a record that is not the caller’s as the domain does: inside the server a 404 is no foreign server', () => {
    const missing = failureOf(new DomainError('NOT_FOUND', 'You have no document with this id'), context);
    expect([missing.status, missing.kind, missing.text]).toEqual([404, 'invalid-input', missing.body.message]);
    // a client reads the answer as the same refusal: its code tells it from a route the server does not have
    expect(missing.body.code).toBe('NOT_FOUND');
    const read = failureOfAnswer(404, missing.body, undefined, 'GET /api/v2/copies');
    expect([read.kind, read.message]).toEqual([missing.kind, missing.text]);
    // without the code, over the network the same status may be a server that is none
    const { code: _code, ...unmarked } = missing.body;
    expect(failureOfAnswer(404, unmarked, undefined, 'GET /api/v2/copies')).toMatchObject({
      kind: 'not-wm-server',
      message: 'GET /api/v2/copies answered 404: not a wm server, or not this version',
    });
  });

  it('words a codec failure and input a schema refused', () => {
    const short = failureOf(
      new CodecError('CARRIER_TOO_SHORT', 'Text too short to embed watermark: 2 of 40', 40),
      context,
    );
    expect([short.status, short.kind, short.text]).toEqual([
      400,
      'invalid-input',
      'Text too short to embed watermark: 2 of 40 (required length: 40)',
    ]);
    const refused = failureOf(
      {
        validation: [{ instancePath: '', keyword: 'required', params: { missingProperty: 'secret' } }],
        validationContext: 'body',
      },
      context,
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', message: 'Invalid field: secret', details: { secret: 'is required' } },
      text: 'Invalid field: secret (secret: is required)',
    });
  });

  it('keeps anything unexpected to itself: a 500 that names nothing of it', () => {
    const failure = failureOf(new Error('secret internals'), context);
    expect(failure).toMatchObject({
      status: 500,
      body: { error: 'Internal Server Error', message: 'Unexpected server failure' },
      kind: 'server-error',
      unexpected: true,
    });
    expect(JSON.stringify(failure)).not.toContain('internals');
  });
});
