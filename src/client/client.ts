import { VERSION } from '../version.js';
import {
  ConnectionError,
  NotWmServerError,
  ServerAnswerError,
  ServerUrlError,
  WORK_LIMIT_CODE,
  type ErrorBody,
} from './errors.js';

export interface WmClientOptions {
  /** the server's base URL, e.g. http://127.0.0.1:8080 (a path prefix is kept) */
  server: string;
  /** the API token sent when a request names no other credential */
  token?: string;
  /** per attempt; default 30 s */
  timeoutMs?: number;
  /** the longest `Retry-After` of a 429 that is waited out (once); longer ones fail at once. Default 10 s. */
  maxRetryAfterSeconds?: number;
  /** the pause before the one retry of a 5xx answer; default 500 ms */
  retryDelayMs?: number;
}

export interface RequestOptions {
  body?: unknown;
  /** the `Authorization: Bearer` credential: an access token, or null for none; default the client's token */
  credential?: string | null;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRY_AFTER_S = 10;
const DEFAULT_RETRY_DELAY_MS = 500;

/** The base URL without trailing slashes; refuses anything but http(s). */
export function normaliseServerUrl(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new ServerUrlError(`not a server URL: ${JSON.stringify(server)} (expected e.g. http://127.0.0.1:8080)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ServerUrlError(`not an http(s) server URL: ${JSON.stringify(server)}`);
  }
  if (url.search || url.hash)
    throw new ServerUrlError(`a server URL has no query or fragment: ${JSON.stringify(server)}`);
  return url.href.replace(/\/+$/, '');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterOf(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';

/** "connect ECONNREFUSED 127.0.0.1:9" from undici's "fetch failed" and its cause. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.message ?? cause?.code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The HTTP client of a wm server, shared by the remote CLI, `wm mcp --server` and their tests. Every request has a
 * timeout. Retries only where the interface says retrying is safe: once after a 5xx (failed requests are not
 * charged) but not after work the server stopped at its limits (WORK_LIMIT_CODE: it would stop it again), and once
 * after the `Retry-After` of a 429 when that wait is short; never after a timeout or a lost connection, since the
 * server may have done (and charged) the work.
 */
export class WmClient {
  readonly server: string;
  private readonly token: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterSeconds: number;
  private readonly retryDelayMs: number;

  constructor(options: WmClientOptions) {
    this.server = normaliseServerUrl(options.server);
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_S;
    this.retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  }

  async post<T>(path: string, body: unknown, credential?: string | null): Promise<T> {
    return (await this.request<T>('POST', path, { body, credential })).body;
  }

  async get<T>(path: string, credential?: string | null): Promise<T> {
    return (await this.request<T>('GET', path, { credential })).body;
  }

  async delete(path: string, credential?: string | null): Promise<void> {
    await this.request('DELETE', path, { credential });
  }

  /** One request, retried at most once as described above; throws the errors of ./errors.ts. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const label = `${method} ${this.server}${path}`;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.attempt(method, path, options, label);
      if (answer.status < 400) return answer as Answer<T>;
      const retryAfter = retryAfterOf(answer.headers);
      const error = new ServerAnswerError(answer.status, answer.body as ErrorBody, retryAfter, label);
      if (attempt > 0 || (answer.body as ErrorBody).code === WORK_LIMIT_CODE) throw error;
      if (answer.status >= 500) await sleep(Math.max(this.retryDelayMs, (retryAfter ?? 0) * 1000));
      else if (answer.status === 429 && retryAfter !== undefined && retryAfter <= this.maxRetryAfterSeconds)
        await sleep(retryAfter * 1000);
      else throw error;
    }
  }

  private async attempt(
    method: string,
    path: string,
    options: RequestOptions,
    label: string,
  ): Promise<Answer<unknown>> {
    const credential = options.credential === undefined ? this.token : options.credential;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': `wm/${VERSION}` };
    if (credential) headers.authorization = `Bearer ${credential}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.server + path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new ConnectionError('timeout', `${label}: no answer within ${this.timeoutMs / 1000} s`, { cause: error });
      }
      throw new ConnectionError('unreachable', `cannot reach ${this.server}: ${reasonOf(error)}`, { cause: error });
    }
    if (response.status === 204) return { status: 204, headers: response.headers, body: undefined };
    const body = parseJson(text);
    const wmShaped =
      body !== undefined && (response.ok ? typeof body === 'object' && body !== null : isErrorBody(body));
    if (!wmShaped) {
      const type = response.headers.get('content-type')?.split(';')[0] ?? 'no content type';
      throw new NotWmServerError(
        `${this.server} does not answer like a wm server (${label}: ${response.status}, ${type})`,
      );
    }
    return { status: response.status, headers: response.headers, body };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
