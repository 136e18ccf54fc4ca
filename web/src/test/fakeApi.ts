import { API_BASE } from '../api/client';

/**
 * A fake of the API at the fetch boundary. Answers are registered per "METHOD /path" (the
 * path after /api/v1); anything else answers 404. Every call is recorded with its body (parsed
 * JSON, or a form's URLSearchParams), its content type and bearer token.
 */

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Answer nothing: fetch rejects as on a network failure. */
  networkError?: boolean;
  /** Hold the answer until this promise settles. */
  until?: Promise<unknown>;
  /** Answer nothing: fetch rejects with an AbortError, as when the browser cancels the request. */
  aborted?: boolean;
  /** Never answer: fetch rejects only when the request's signal aborts (e.g. its timeout). */
  hang?: boolean;
  /** Response headers besides Content-Type (e.g. an ETag). */
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  /** The Content-Type the request was sent with, if any. */
  contentType: string | null;
  token: string | null;
  /** The query parameters of an API call (the path leaves them out). */
  query: Record<string, string>;
}

type Responder = FakeAnswer | ((call: FakeCall) => FakeAnswer);

export function fakeApi() {
  const answers = new Map<string, Responder[]>();
  const calls: FakeCall[] = [];

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const external = !url.pathname.startsWith(API_BASE);
    const path = external ? url.href : url.pathname.slice(API_BASE.length);
    const headers = new Headers(init.headers);
    const auth = headers.get('Authorization');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null);
    const call: FakeCall = {
      method,
      path,
      body,
      contentType: headers.get('Content-Type'),
      token: auth?.replace(/^Bearer /, '') ?? null,
      query: external ? {} : Object.fromEntries(url.searchParams),
    };
    calls.push(call);

    const queue = answers.get(`${method} ${path}`);
    // The last answer of a queue repeats; earlier ones are used once each.
    const responder = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const answer =
      typeof responder === 'function'
        ? responder(call)
        : (responder ?? { status: 404, body: { message: `No fake for ${method} ${path}` } });
    // As the real fetch: the request's signal aborting rejects it with the signal's reason.
    const signal = init.signal;
    const abortedBySignal = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    abortedBySignal.catch(() => undefined);
    if (answer.hang) await abortedBySignal;
    if (answer.until) await answer.until;
    if (answer.aborted) throw new DOMException('The user aborted a request.', 'AbortError');
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const text =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(answer.status === 204 || answer.status === 304 ? null : text, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchFake);

  const api = {
    calls,
    /** Answers `METHOD path` (several calls queue answers; the last one repeats). */
    on(method: string, path: string, ...responders: Responder[]) {
      answers.set(`${method} ${path}`, responders);
      return api;
    },
    /** Answers `{ result, message? }` with 200. */
    ok(method: string, path: string, result: unknown, message?: string) {
      return api.on(method, path, { body: message === undefined ? { result } : { result, message } });
    },
    /** The calls made to `METHOD path`. */
    callsTo(method: string, path: string): FakeCall[] {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
  return api;
}

export type FakeApi = ReturnType<typeof fakeApi>;
