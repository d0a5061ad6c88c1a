import { STATUS_CODES } from 'node:http';
import { errorKind } from '../error-kind.js';

/** Extra top-level fields of an error body besides error/message/details (e.g. required_length, checkout_url). */
export type ErrorExtras = Record<string, unknown>;

/** The one HTTP failure type: a status, the spec's error body, and optional response headers. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly error: string;

  constructor(
    readonly statusCode: number,
    message?: string,
    readonly options: {
      error?: string;
      details?: Record<string, string> | string;
      extras?: ErrorExtras;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message ?? reasonPhrase(statusCode), { cause: options.cause });
    this.error = options.error ?? reasonPhrase(statusCode);
  }

  /** The spec's error shape: {error, message?, details?} plus any extras. */
  body(): Record<string, unknown> {
    return {
      error: this.error,
      ...(this.message && this.message !== this.error ? { message: this.message } : {}),
      ...(this.options.details !== undefined ? { details: this.options.details } : {}),
      ...this.options.extras,
    };
  }
}

export const isHttpError = errorKind(HttpError, 'HttpError');

export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}
