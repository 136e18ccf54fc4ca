import { toast } from 'sonner';
import type { LoginResult } from '../../../shared/schemas/auth';
import type { UploadTicket } from '../../../shared/schemas/uploads';
import { sessionStore, type Session } from '../auth/session';

/**
 * The one fetch client of the SPA.
 *
 * - Sends `Authorization: Bearer <auth.token>` on every request.
 * - Unwraps `{ result, message? }`.
 * - On failure toasts the server's `message` (a string, or the first value of a field object);
 *   without a usable answer, the client's own message (e.g. 'Request failed with status 502');
 *   when no answer arrived at all, 'Network error'.
 * - On 401 with a client session it refreshes the token once (httpOnly cookie) and retries;
 *   otherwise, or when that fails, it ends the session: the route guards then send the user to
 *   the matching login with 'Please log in!'.
 * - Counts requests in flight for the progress bar.
 */

export const API_BASE = '/api/v1';
export const NETWORK_ERROR = 'Network error';

/** A failed request; `fields` holds the server's field errors when it sent them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fields: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiReply<T> {
  result: T;
  message?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Toast the error on failure (default true). Turn off where the screen shows it its own way. */
  toastErrors?: boolean;
  /**
   * Bearer token to send instead of the session's; `null` sends none. Requests made this way
   * never end the session on 401 (e.g. login, or loading the profile before the session starts).
   */
  token?: string | null;
}

// ---- requests in flight (progress bar) ----

let inFlight = 0;
const activityListeners = new Set<() => void>();

function setInFlight(next: number) {
  inFlight = next;
  for (const listener of activityListeners) listener();
}

/** The number of requests in flight, as an external store. */
export const requestActivity = {
  get: (): number => inFlight,
  subscribe(listener: () => void): () => void {
    activityListeners.add(listener);
    return () => activityListeners.delete(listener);
  },
};

async function tracked<T>(work: () => Promise<T>): Promise<T> {
  setInFlight(inFlight + 1);
  try {
    return await work();
  } finally {
    setInFlight(inFlight - 1);
  }
}

// ---- answers ----

/** The message of a failed answer: the string, or the first value of a `{ field: message }` object. */
export function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('message' in body)) return null;
  const message = body.message;
  if (typeof message === 'string' && message) return message;
  if (message && typeof message === 'object') {
    const first = Object.values(message)[0];
    if (typeof first === 'string' && first) return first;
  }
  return null;
}

function fieldsOf(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || !('message' in body)) return null;
  const message = body.message;
  if (!message || typeof message !== 'object') return null;
  return Object.fromEntries(
    Object.entries(message).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function notify(error: ApiError, options: RequestOptions) {
  if (options.toastErrors !== false) toast.error(error.message, { id: error.message });
}

// ---- refresh ----

let refreshing: Promise<boolean> | null = null;

/** Asks for a new client access token once, however many requests got a 401 at the same time. */
function refresh(expired: Session): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(`${API_BASE}/client/auth/refresh`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) return false;
      const body = (await readJson(response)) as ApiReply<LoginResult> | null;
      const token = body?.result?.access_token;
      if (typeof token !== 'string' || !token) return false;
      if (sessionStore.get().session?.token !== expired.token) return false;
      sessionStore.set({ token, area: 'client' });
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// ---- the request ----

async function send<T>(path: string, options: RequestOptions, retried: boolean): Promise<ApiReply<T>> {
  const session = options.token === undefined ? sessionStore.get().session : null;
  const token = options.token === undefined ? session?.token : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    const error = new ApiError(NETWORK_ERROR, null);
    notify(error, options);
    throw error;
  }

  const body = await readJson(response);
  if (response.ok) {
    if (!body || typeof body !== 'object' || !('result' in body)) {
      const error = new ApiError('Unexpected answer from the server', response.status);
      notify(error, options);
      throw error;
    }
    return body as ApiReply<T>;
  }

  if (response.status === 401 && session) {
    if (!retried && session.area === 'client' && (await refresh(session)))
      return send<T>(path, options, true);
    // Only end the session this request was made with, not one that started meanwhile.
    if (sessionStore.get().session?.token === session.token) sessionStore.clear('expired');
    throw new ApiError(messageOf(body) ?? 'Unauthorized', 401);
  }

  const error = new ApiError(
    messageOf(body) ?? `Request failed with status ${response.status}`,
    response.status,
    fieldsOf(body),
  );
  notify(error, options);
  throw error;
}

/** Sends one request to the API and returns the whole reply (`result` and `message`). */
export function request<T>(path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
  return tracked(() => send<T>(path, options, false));
}

/** Short forms: `get` returns the unwrapped `result`; writes return `{ result, message }` for the toast. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }).then((reply) => reply.result),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
};

/**
 * Posts a file to a presigned S3 POST: the policy fields first, then `file`. No bearer token
 * (the URL carries the authority). Toasts 'Upload failed' on any failure.
 */
export function uploadToPresignedPost(ticket: UploadTicket, file: Blob, fileName: string): Promise<void> {
  return tracked(async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file, fileName);
    const ok = await fetch(ticket.url, { method: 'POST', body: form }).then(
      (response) => response.ok,
      () => false,
    );
    if (!ok) {
      const error = new ApiError('Upload failed', null);
      notify(error, {});
      throw error;
    }
  });
}
