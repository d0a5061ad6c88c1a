import { inReportOrder, type C2paReport } from 'wm-watermark-codec/c2pa-report';
import type { CodecError } from 'wm-watermark-codec/errors';
import type { RawRun } from 'wm-watermark-codec/types';
import {
  isConnectionError,
  isNotWmServerError,
  isServerAnswerError,
  isServerUrlError,
  type ErrorBody,
} from '../client/errors.js';
import { errorKind } from '../error-kind.js';

/**
 * The 422 messages: the server answers with them, and clients tell the cases apart by them. The interface's wording
 * for "no watermark" named zero-width characters; wm's marks are variation selectors, so the parenthesis says that
 * (clients match the part before it, NO_WATERMARK_PREFIX, which every wm server has sent).
 */
export const UNREADABLE_MESSAGES = {
  NO_WATERMARK: 'No watermark found in text (no hidden variation selectors)',
  CORRUPTED: 'Watermark data corrupted (integrity check fails)',
  DECRYPTION_FAILED: 'decryption failed (wrong channel or corrupted)',
} as const;

export const NO_WATERMARK_PREFIX = 'No watermark found in text';

/**
 * The `code` of a wm server's 404 that is the domain's refusal (the record is none of the caller's). A 404 or 405
 * without it is a route the server does not have: another program's, or another version of wm's (and so is a 404
 * of an older wm server that did not mark its refusals yet).
 */
export const NOT_FOUND_CODE = 'NOT_FOUND';

/** What the NO_WATERMARK message goes on with when the text carries a C2PA manifest (its `c2pa` is in the body). */
export const C2PA_PRESENT = '; a C2PA manifest is present';

/**
 * What went wrong, as far as a face needs to know to choose an exit code: the codec's outcomes
 * (invalid input, no watermark, integrity) and what only a server can say or a network can do.
 */
export type FailureKind =
  | 'invalid-input'
  | 'no-watermark'
  | 'integrity'
  /** a keyed token, and the watermarks found are not keyed */
  | 'unkeyed'
  | 'unauthorised'
  | 'out-of-credits'
  | 'limited'
  | 'unreachable'
  | 'not-wm-server'
  | 'server-error';

/** A failed operation of a server (or of the way to it), with the message a person needs. */
export class OperationFailure extends Error {
  override readonly name = 'OperationFailure';
  /** the codec's error code (CORRUPTED, UNKEYED, …), when the server named it */
  readonly code?: string;
  /** the C2PA manifest of the text, when a server's 422 reported one */
  readonly c2pa?: C2paReport;
  /** the unframed selector runs of the text, when a server's 422 reported them */
  readonly rawRuns?: RawRun[];

  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    /** what a server's 422 says beside its message */
    unreadable: Unreadable = {},
  ) {
    super(message);
    this.code = unreadable.code;
    this.c2pa = unreadable.c2pa;
    this.rawRuns = unreadable.rawRuns;
  }
}

/** What a server's 422 says beside its message. */
export interface Unreadable {
  code?: string;
  c2pa?: C2paReport;
  rawRuns?: RawRun[];
}

export const isOperationFailure = errorKind(OperationFailure, 'OperationFailure');

/** A codec failure's message for a person, as every face words it: too short a carrier says the length needed. */
export const codecFailureMessage = (error: CodecError): string =>
  error.code === 'CARRIER_TOO_SHORT' && error.requiredLength !== undefined
    ? `${error.message} (required length: ${error.requiredLength})`
    : error.message;

function detailsText(body: ErrorBody): string | undefined {
  if (typeof body.details === 'string') return body.details;
  return body.details?.text ?? body.details?.pattern;
}

/** "Invalid body" plus each field's message, unless the message says them already. */
function withFieldDetails(body: ErrorBody): string {
  const message = body.message ?? body.error;
  if (!body.details || typeof body.details === 'string') return body.details ? `${message}: ${body.details}` : message;
  const fields = Object.entries(body.details).filter(([, problem]) => !message.includes(problem));
  return fields.length === 0
    ? message
    : `${message} (${fields.map(([field, problem]) => `${field}: ${problem}`).join('; ')})`;
}

const retryHint = (retryAfterSeconds: number | undefined, body: ErrorBody): string => {
  const parts = [];
  if (retryAfterSeconds !== undefined) parts.push(`retry after ${retryAfterSeconds} s`);
  if (typeof body.resets_at === 'string') parts.push(`resets at ${body.resets_at}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
};

/**
 * A failure as the API states it, whichever side of the network it is read on: the status, the spec's error body
 * (`{error, message?, details?}` and its extras) and the seconds to wait before retrying. Inside `wm serve` it is
 * made from the error itself (src/server/failure.ts); a client reads it from a server's answer. Its kind and its
 * words for a person come from it alone, so a tool error of /mcp, of `wm mcp --server` and a `wm … --server` line
 * say the same.
 */
export interface ApiFailure {
  status: number;
  body: ErrorBody;
  retryAfterSeconds?: number;
}

/**
 * The kind of failure a status stands for when the answer says nothing more: every status but a 422 (whose kind is
 * in its body) inside wm serve, and over the network once a 404 or 405 is known to be wm's own.
 */
export function kindOfStatus(status: number): FailureKind {
  if (status === 400 || status === 413) return 'invalid-input';
  if (status === 401 || status === 403) return 'unauthorised';
  if (status === 402) return 'out-of-credits';
  if (status === 429) return 'limited';
  if (status >= 500) return 'server-error';
  return 'invalid-input';
}

/**
 * What kind of failure it is. `remote`: the answer came over the network, where a 404 or 405 means the address is
 * not a wm server's route (or not this version's) unless its `code` says it is the domain's refusal of a record
 * that is not the caller's, as a 404 inside wm serve always is.
 */
export function failureKindOf({ status, body }: ApiFailure, remote: boolean): FailureKind {
  if (status === 422) {
    const message = body.message ?? body.error;
    return body.code === 'UNKEYED' ? 'unkeyed' : message.startsWith(NO_WATERMARK_PREFIX) ? 'no-watermark' : 'integrity';
  }
  if (remote && (status === 405 || (status === 404 && body.code !== NOT_FOUND_CODE))) return 'not-wm-server';
  return kindOfStatus(status);
}

/**
 * The failure in one line for a person, worded as the local codec words the same outcome where there is one (so
 * `wm decode --server` prints what `wm decode` prints); `request` names what was asked of a server that is none.
 */
export function failureTextOf(failure: ApiFailure, kind: FailureKind, request?: string): string {
  const { status, body, retryAfterSeconds } = failure;
  const message = body.message ?? body.error;
  if (status === 400 || status === 413) {
    const particular = detailsText(body);
    if (typeof body.required_length === 'number') {
      return `${particular ?? message} (required length: ${body.required_length})`;
    }
    return particular ?? withFieldDetails(body);
  }
  if (status === 422) return detailsText(body) ?? message;
  if (status === 401) return `not authorised: ${message}`;
  if (status === 403) return `not allowed: ${message}`;
  if (status === 402) {
    const checkout = typeof body.checkout_url === 'string' ? ` (buy credits at ${body.checkout_url})` : '';
    return `out of credits: ${message}${checkout}`;
  }
  if (status === 429) return `${message}${retryHint(retryAfterSeconds, body)}`;
  if (kind === 'not-wm-server') {
    return `${request ?? 'the request'} answered ${status}: not a wm server, or not this version`;
  }
  if (status >= 500) return `server error ${status}: ${message}`;
  return withFieldDetails(body);
}

/** What a server's 422 says beside its message. */
function unreadableOf(body: ErrorBody): Unreadable {
  const c2pa = typeof body.c2pa === 'object' && body.c2pa !== null ? (body.c2pa as C2paReport) : undefined;
  const rawRuns = Array.isArray(body.raw_runs) ? (body.raw_runs as RawRun[]) : undefined;
  const code = typeof body.code === 'string' ? body.code : undefined;
  return { code, c2pa: c2pa && inReportOrder(c2pa), rawRuns };
}

/** The meaning of a wm server's error answer (`request`: "POST http://host/api/…", for the words of a 404). */
export function failureOfAnswer(
  status: number,
  body: ErrorBody,
  retryAfterSeconds?: number,
  request?: string,
): OperationFailure {
  const failure = { status, body, retryAfterSeconds };
  const kind = failureKindOf(failure, true);
  const text = failureTextOf(failure, kind, request);
  return new OperationFailure(kind, text, status, status === 422 ? unreadableOf(body) : {});
}

/** Any failure of the HTTP client as an OperationFailure; other errors are returned unchanged. */
export function failureOfClientError(error: unknown): unknown {
  if (isServerAnswerError(error))
    return failureOfAnswer(error.status, error.body, error.retryAfterSeconds, error.request);
  if (isConnectionError(error)) return new OperationFailure('unreachable', error.message);
  if (isNotWmServerError(error)) return new OperationFailure('not-wm-server', error.message);
  if (isServerUrlError(error)) return new OperationFailure('invalid-input', error.message);
  return error;
}
