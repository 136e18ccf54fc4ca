import { toast } from 'sonner';
import { authRoutes } from '@shared/api/auth-routes';
import { API_BASE } from '@shared/api/contract';
import type { LoginResult } from '@shared/schemas/auth';
import type { UploadTicket } from '@shared/schemas/uploads';
import { sessionStore, type Session } from '../auth/session';

/**
 * The one fetch client of the SPA.
 *
 * - Sends `Authorization: Bearer <auth.token>` on every request.
 * - Unwraps `{ result, message? }`.
 * - On failure toasts the server's `message` (a string, or the first value of a field object);
 *   without a usable answer, the client's own message (e.g. 'Request failed with status 502');
 *   when no answer arrived at all (network failure, a cancelled request, or no answer within
 *   `REQUEST_TIMEOUT_MS`), 'Network error'. Nothing is toasted while the page is being left: the
 *   browser cancels a leaving page's requests, which is no error to show.
 * - Only a 401 ends the session. With a client session it first refreshes the token once
 *   (httpOnly cookie) and retries; when the refresh is refused it ends the session: the route
 *   guards then send the user to the matching login with 'Please log in!'. When the refresh gets
 *   no answer, the session stays and the request fails with 'Network error'.
 * - Counts requests in flight for the progress bar.
 */

export { API_BASE };
export const NETWORK_ERROR = 'Network error';
/** How long a request may wait for its whole answer: API Gateway's own limit, so a stuck request ends. */
export const REQUEST_TIMEOUT_MS = 30_000;

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
  /** Sent as JSON; a `URLSearchParams` is sent form-encoded (docs/product/client-area.md §7: the calendar code). */
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

/** Counts `work` as a request in flight for the progress bar (e.g. an upload made another way). */
export async function tracked<T>(work: () => Promise<T>): Promise<T> {
  setInFlight(inFlight + 1);
  try {
    return await work();
  } finally {
    setInFlight(inFlight - 1);
  }
}

// ---- leaving the page ----

/**
 * True from `pagehide` (the page is being unloaded: reload, a link, closing the tab) until a
 * `pageshow` (the page is shown again, e.g. from the back/forward cache). Chromium cancels the
 * page's requests right after `pagehide`, and their failures still reach the app.
 */
let leavingPage = false;
window.addEventListener('pagehide', () => {
  leavingPage = true;
});
window.addEventListener('pageshow', () => {
  leavingPage = false;
});

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

/** The body as JSON, or null when it is not JSON. Rejects when the body does not arrive. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function notify(error: ApiError, options: RequestOptions) {
  if (options.toastErrors !== false && !leavingPage) toast.error(error.message, { id: error.message });
}

/** 'Upload failed', toasted as a failed request's message is (an upload's is no API answer). */
export function uploadFailed(): ApiError {
  const error = new ApiError('Upload failed', null);
  notify(error, {});
  return error;
}

/**
 * Fetches and reads the JSON body within `REQUEST_TIMEOUT_MS`. Rejects with a 'Network error'
 * ApiError when no whole answer arrives: a network failure, a request the browser cancelled, or
 * the timeout.
 */
async function exchange(url: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('No answer within the time limit', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  try {
    const response = await fetch(url, { ...init, signal: timeout.signal });
    return { response, body: await readJson(response) };
  } catch {
    throw new ApiError(NETWORK_ERROR, null);
  } finally {
    clearTimeout(timer);
  }
}

// ---- refresh ----

/** What a refresh came to: a new token, a refusal, or no answer at all (the session then stays). */
type RefreshOutcome = 'renewed' | 'refused' | 'no-answer';

let refreshing: Promise<RefreshOutcome> | null = null;

/** Asks for a new client access token once, however many requests got a 401 at the same time. */
function refresh(expired: Session): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    try {
      const route = authRoutes['client-refresh'];
      const { response, body } = await exchange(`${API_BASE}${route.path}`, {
        method: route.method,
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) return 'refused';
      const token = (body as ApiReply<LoginResult> | null)?.result?.access_token;
      if (typeof token !== 'string' || !token) return 'refused';
      if (sessionStore.get().session?.token !== expired.token) return 'refused';
      sessionStore.set({ token, area: 'client' });
      return 'renewed';
    } catch {
      return 'no-answer';
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
  const { body: payload } = options;
  const form = payload instanceof URLSearchParams;
  if (payload !== undefined)
    headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  let body: unknown;
  try {
    ({ response, body } = await exchange(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: payload === undefined ? undefined : form ? payload : JSON.stringify(payload),
      credentials: 'same-origin',
    }));
  } catch (error) {
    // No answer: nothing says the session is over, so it stays.
    if (error instanceof ApiError) notify(error, options);
    throw error;
  }

  if (response.ok) {
    if (!body || typeof body !== 'object' || !('result' in body)) {
      const error = new ApiError('Unexpected answer from the server', response.status);
      notify(error, options);
      throw error;
    }
    return body as ApiReply<T>;
  }

  if (response.status === 401 && session) {
    if (!retried && session.area === 'client') {
      const outcome = await refresh(session);
      if (outcome === 'renewed') return send<T>(path, options, true);
      if (outcome === 'no-answer') {
        // The refresh may well succeed later: keep the session.
        const error = new ApiError(NETWORK_ERROR, null);
        notify(error, options);
        throw error;
      }
    }
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

/** The multipart form of a presigned S3 POST: the policy fields first, then `file`. */
export function presignedForm(ticket: UploadTicket, file: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file, fileName);
  return form;
}

/**
 * Posts a file to a presigned S3 POST: the policy fields first, then `file`. No bearer token
 * (the URL carries the authority). Toasts 'Upload failed' on any failure. (A slide's upload, which
 * shows its progress, goes by XMLHttpRequest instead: web/src/features/slideshows/api.ts.)
 */
export function uploadToPresignedPost(ticket: UploadTicket, file: Blob, fileName: string): Promise<void> {
  return tracked(async () => {
    const form = presignedForm(ticket, file, fileName);
    const ok = await fetch(ticket.url, { method: 'POST', body: form }).then(
      (response) => response.ok,
      () => false,
    );
    if (!ok) throw uploadFailed();
  });
}
