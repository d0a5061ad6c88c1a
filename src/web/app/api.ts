import type { ErrorBody } from './api-types.js';

/** A failed request: the status and the API's `{error, message, details}`; status 0 when the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message ?? body.error);
  }

  /** The per-field messages of `details`, when it names fields. */
  get fields(): Record<string, string> {
    return typeof this.body.details === 'object' && this.body.details ? this.body.details : {};
  }
}

export interface RequestOptions {
  body?: unknown;
  /** `Authorization: Bearer …` */
  bearer?: string;
  signal?: AbortSignal;
}

/** One JSON request to the API of this origin; never follows redirects to elsewhere, never sends the token in a URL. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      redirect: 'error',
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {
      error: 'Network error',
      message: 'The server could not be reached. Check your connection and try again.',
    });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const body = (
      parsed && typeof parsed === 'object' ? parsed : { error: response.statusText || `HTTP ${response.status}` }
    ) as ErrorBody;
    throw new ApiError(response.status, body);
  }
  return parsed as T;
}
