import { deviceRoutes } from '@shared/api/device-routes';
import type { DeviceBookNow, DeviceCheckIn, DeviceRegistered, DeviceState } from '@shared/schemas/devices';
import { correctClock, serverNow } from './clock';
import { pathOf, type ApiRoute, type PathArgs, type RouteInput, type RouteResult } from '../../api/call';
import { API_BASE, ApiError, messageOf, NETWORK_ERROR, REQUEST_TIMEOUT_MS } from '../../api/client';

/**
 * The room display's own way to the API (`/api/v1/device`, docs/architecture.md §7) and what it keeps on the
 * device. Not the SPA's fetch client: a display sends its device token, not a session's, reads
 * the state conditionally (ETag, 304), shows failures on its own screen rather than as toasts, and
 * polls without the progress bar. Its errors are the client's `ApiError`s (status null: no answer),
 * carrying the answer's `Retry-After`.
 */

/** localStorage: the device's id and secret token, kept until the API says to register again. */
export const DEVICE_KEY = 'display.device';
/** localStorage: the last state read, its ETag and when it was read, so that a display starts offline. */
export const STATE_KEY = 'display.state';

export interface DeviceCredentials {
  device_id: string;
  token: string;
}

export interface CachedState {
  state: DeviceState;
  etag: string | null;
  /** When it was read (epoch ms). */
  read_at: number;
}

function readJson<T>(key: string, valid: (value: unknown) => boolean): T | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return valid(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the display works on, and registers again after a restart.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

export const storedDevice = () =>
  readJson<DeviceCredentials>(DEVICE_KEY, (v) => isObject(v) && typeof v.token === 'string');
export const storeDevice = (device: DeviceCredentials | null) => writeJson(DEVICE_KEY, device);
export const storedState = () =>
  readJson<CachedState>(STATE_KEY, (v) => isObject(v) && isObject(v.state) && typeof v.read_at === 'number');
export const storeState = (cached: CachedState | null) => writeJson(STATE_KEY, cached);

/** The longest a display waits on a `Retry-After`, whatever an answer asks (an hour). */
const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * A failed request of the display; `retryAfterSeconds` is how long the answer's `Retry-After` asked
 * it to wait (the edge's rate limit on device paths answers 429 with one, the API's 503 too).
 */
export class DeviceApiError extends ApiError {
  constructor(
    message: string,
    status: number | null,
    fields: Record<string, string> | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message, status, fields);
  }
}

/** A `Retry-After` in seconds (a number of seconds, or an HTTP date), or null when there is none. */
function retryAfterOf(value: string | null): number | null {
  if (!value) return null;
  const seconds = /^\s*\d+\s*$/.test(value)
    ? Number(value)
    : Math.ceil((Date.parse(value) - serverNow()) / 1000);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_SECONDS) : null;
}

async function exchange(path: string, init: RequestInit & { token?: string; etag?: string | null }) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.etag) headers['If-None-Match'] = init.etag;
  let response: Response;
  let body: unknown = null;
  // (Not AbortSignal.timeout: older Android WebViews lack it.)
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      cache: 'no-store',
      signal: timeout.signal,
    });
    correctClock(response.headers.get('Date'));
    if (response.status !== 304) body = await response.json().catch(() => null);
  } catch {
    throw new DeviceApiError(NETWORK_ERROR, null, null, null);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok && response.status !== 304) {
    throw new DeviceApiError(
      messageOf(body) ?? `Request failed with status ${response.status}`,
      response.status,
      isObject(body) && isObject(body.message) ? (body.message as Record<string, string>) : null,
      retryAfterOf(response.headers.get('Retry-After')),
    );
  }
  return { response, body: body as { result: unknown; message?: string } | null };
}

/** One call of a device route: its path, its method, its body as JSON; the answer typed by its schema. */
async function call<R extends ApiRoute>(
  route: R,
  input: RouteInput<R>,
  init: { token?: string; etag?: string | null } = {},
) {
  const { body } = input as { body?: unknown };
  const { response, body: answer } = await exchange(pathOf(route, ...([input] as PathArgs<R>)), {
    ...init,
    method: route.method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { response, body: answer as { result: RouteResult<R>; message?: string } | null };
}

/** POST /device/register */
export async function register(appVersion: string): Promise<DeviceRegistered> {
  const { body } = await call(deviceRoutes['register-device'], { body: { app_version: appVersion } });
  return body!.result;
}

/** GET /device/state: the new state and its ETag, or 'unchanged' (304). */
export async function readState(
  token: string,
  etag: string | null,
  appVersion: string,
): Promise<{ state: DeviceState; etag: string | null } | 'unchanged'> {
  const { response, body } = await call(
    deviceRoutes['get-device-state'],
    { query: { app_version: appVersion } },
    { token, etag },
  );
  if (response.status === 304) return 'unchanged';
  return { state: body!.result, etag: response.headers.get('ETag') };
}

/** POST /device/checkin: the answer's message ('Checked in by …'). */
export async function checkIn(token: string, input: DeviceCheckIn): Promise<string> {
  const { body } = await call(deviceRoutes['check-in'], { body: input }, { token });
  return body?.message ?? `Checked in by ${body!.result.checked_in_by}`;
}

/** POST /device/booknow: the answer's message ('Booked by …'). */
export async function bookNow(token: string, input: DeviceBookNow): Promise<string> {
  const { body } = await call(deviceRoutes['book-now'], { body: input }, { token });
  return body?.message ?? `Booked by ${body!.result.booked_by}`;
}
