import { errorKind } from '../error-kind.js';

/** The spec's error body: `{error, message?, details?}` plus extras such as `required_length` or `balance`. */
export interface ErrorBody {
  error: string;
  message?: string;
  details?: Record<string, string> | string;
  [extra: string]: unknown;
}

/**
 * The `code` of a wm server's 503 for work it stopped at its limits (its time budget, a worker's memory): the same
 * request would be stopped again, so a client does not retry it.
 */
export const WORK_LIMIT_CODE = 'WORK_LIMIT';

/** A wm server answered with an error status and the spec's error body. */
export class ServerAnswerError extends Error {
  override readonly name = 'ServerAnswerError';

  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** seconds from `Retry-After`, when the answer had one */
    readonly retryAfterSeconds: number | undefined,
    /** "POST http://host/api/watermark/encode" */
    readonly request: string,
  ) {
    super(body.message ?? body.error);
  }
}

/** The server could not be reached, or did not answer in time; the request may or may not have been processed. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';

  constructor(
    readonly kind: 'unreachable' | 'timeout',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Something answered, but not as a wm server does (HTML, another JSON shape, an unknown route). */
export class NotWmServerError extends Error {
  override readonly name = 'NotWmServerError';
}

export type ClientError = ServerAnswerError | ConnectionError | NotWmServerError;

export const isServerAnswerError = errorKind(ServerAnswerError, 'ServerAnswerError');
export const isConnectionError = errorKind(ConnectionError, 'ConnectionError');
export const isNotWmServerError = errorKind(NotWmServerError, 'NotWmServerError');

export const isClientError = (error: unknown): error is ClientError =>
  isServerAnswerError(error) || isConnectionError(error) || isNotWmServerError(error);

/** The server address given is not an http(s) URL. */
export class ServerUrlError extends Error {
  override readonly name = 'ServerUrlError';
}

export const isServerUrlError = errorKind(ServerUrlError, 'ServerUrlError');
