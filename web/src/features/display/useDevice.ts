import { useCallback, useEffect, useRef, useState } from 'react';
import { POLL_INTERVAL_SECONDS, PUSH_POLL_SECONDS } from '@shared/devices';
import type { DeviceState } from '@shared/schemas/devices';
import { ApiError } from '../../api/client';
import { openChannel, type Channel } from './channel';
import {
  DeviceApiError,
  readState,
  register,
  storedDevice,
  storedState,
  storeDevice,
  storeState,
} from './device';
import { serverNow } from './clock';
import { APP_VERSION } from './version';

/** The longest back-off between tries while the API fails without saying when to come back. */
export const MAX_BACKOFF_SECONDS = 120;

export interface DeviceView {
  /** The last state read (or kept from an earlier run); null before the first one. */
  state: DeviceState | null;
  /** When the API stopped answering (epoch ms); null while it answers. */
  offlineSince: number | null;
  /** Why the display cannot register (e.g. too many registrations from its address); null otherwise. */
  problem: string | null;
  /** The device's token, for check-in and book now. */
  token: string | null;
  /** Polls now (after a check-in or a booking, or when the screen is woken). */
  refresh: () => void;
}

/** One registration at a time, however often the display starts (React's StrictMode mounts twice). */
let registering: Promise<{ token: string; state: DeviceState }> | null = null;

function registerOnce(): Promise<{ token: string; state: DeviceState }> {
  registering ??= register(APP_VERSION)
    .then(({ device_id, token, code, code_expires_at }) => {
      storeDevice({ device_id, token });
      const state: DeviceState = {
        bound: false,
        code,
        code_expires_at,
        poll_interval_seconds: POLL_INTERVAL_SECONDS,
      };
      storeState({ state, etag: null, read_at: Date.now() });
      return { token, state };
    })
    .finally(() => {
      registering = null;
    });
  return registering;
}

/**
 * The display's link to the API: registers when it has no token, then polls its state with
 * If-None-Match, at once when the page is shown again, gets the focus or the network is back.
 * While the state names a push channel and the display is subscribed to it (./channel.ts), an
 * event there polls at once, and the poll comes every `PUSH_POLL_SECONDS` (±20 %); without the
 * channel (none configured, not connected yet, or dropped and reconnecting) it comes every
 * `poll_interval_seconds` of the state (+0..20 %; `FALLBACK_POLL_SECONDS` from the API). The
 * jitter keeps screens that started together from polling together. The last state is kept in
 * localStorage, so that a display that starts without a network shows it; while the API does not
 * answer, the last state stays on screen with the time it stopped answering. A 401 ('This screen must register again') drops the
 * token and the kept state and registers anew (so does API Gateway's 403 for a token it refuses).
 * Anything else — a 429 (the edge's rate limit), a 5xx, no answer at all — is "try later": the
 * token and the last state stay, and the display polls again after the answer's `Retry-After`,
 * and never sooner than its back-off (the poll interval, doubling with each failure in a row up to
 * `MAX_BACKOFF_SECONDS`). While a `Retry-After` holds, waking the screen or an event on the
 * channel does not poll early. A dropped or refused channel never drops the pairing either.
 */
export function useDevice(): DeviceView {
  const [state, setState] = useState<DeviceState | null>(() => storedState()?.state ?? null);
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(() => storedDevice()?.token ?? null);
  const poll = useRef<() => void>(() => {});

  useEffect(() => {
    let stopped = false;
    let running = false;
    let again = false;
    let restart = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let etag = storedState()?.etag ?? null;
    let seconds = storedState()?.state.poll_interval_seconds ?? POLL_INTERVAL_SECONDS;
    /** Failures in a row, and how long to wait after the last one (seconds; null after a success). */
    let failures = 0;
    let backoff: number | null = null;
    /** Until when (epoch ms) the API asked not to be called again (`Retry-After`). */
    let holdUntil = 0;
    /** The state shown (the last read, or kept), whose `push` names the channel to keep open. */
    let shown = storedState()?.state ?? null;
    let channel: Channel | null = null;
    /** What the open channel was opened with (its place and the token), to tell when it changes. */
    let channelKey: string | null = null;
    let subscribed = false;
    /** When the next poll is due (epoch ms). */
    let dueAt = 0;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      dueAt = Date.now() + ms;
      timer = setTimeout(() => void tick(), ms);
    };
    /** Seconds to the next poll on the interval, jittered. */
    const interval = () =>
      subscribed ? PUSH_POLL_SECONDS * (0.8 + 0.4 * Math.random()) : seconds * (1 + 0.2 * Math.random());
    const closeChannel = () => {
      channel?.close();
      channel = null;
      channelKey = null;
      subscribed = false;
    };
    /** Keeps open the channel the shown state names for this token, and no other. */
    const followChannel = (token: string) => {
      const push = shown?.bound ? (shown.push ?? null) : null;
      const key = push && JSON.stringify([push.url, push.host, push.channel, token]);
      if (key === channelKey) return;
      closeChannel();
      if (!push || !key) return;
      channelKey = key;
      channel = openChannel({
        push,
        token,
        // Either event reads the state at once: a change to show, or a 401 to register again.
        onNudge: () => nudge(),
        onStatus: (up) => {
          subscribed = up;
          if (up) {
            // Catch up on what changed while it was not subscribed; the poll after that is the heartbeat.
            nudge();
          } else if (!running && Date.now() >= holdUntil) {
            // Down: the next poll on the shorter interval, if that comes sooner.
            schedule(Math.min(Math.max(dueAt - Date.now(), 0), interval() * 1000));
          }
        },
      });
    };

    const tick = async () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      clearTimeout(timer);
      let token: string | null = null;
      try {
        let device = storedDevice();
        if (!device) {
          const registered = await registerOnce();
          if (stopped) return;
          device = { device_id: '', token: registered.token };
          etag = null;
          shown = registered.state;
          setToken(registered.token);
          setState(registered.state);
          setProblem(null);
        }
        token = device.token;
        const answer = await readState(device.token, etag, APP_VERSION);
        if (stopped) return;
        if (answer !== 'unchanged') {
          shown = answer.state;
          etag = answer.etag;
          seconds = answer.state.poll_interval_seconds || POLL_INTERVAL_SECONDS;
          setState(answer.state);
          storeState({ state: answer.state, etag, read_at: Date.now() });
        }
        setOfflineSince(null);
        setProblem(null);
        failures = 0;
        backoff = null;
        holdUntil = 0;
      } catch (error) {
        if (stopped) return;
        const status = error instanceof ApiError ? error.status : null;
        if (status === 401 || status === 403) {
          // The screen was deleted or given another code: start over with a new registration. (In
          // AWS, API Gateway's authorizer turns a token it does not know away with a 403.)
          storeDevice(null);
          storeState(null);
          closeChannel();
          shown = null;
          etag = null;
          setToken(null);
          setState(null);
          failures = 0;
          backoff = null;
          restart = true;
        } else {
          // Try later, keeping the token and the last state: never drop the pairing for this.
          failures += 1;
          const asked = error instanceof DeviceApiError ? error.retryAfterSeconds : null;
          backoff = Math.max(asked ?? 0, Math.min(seconds * 2 ** (failures - 1), MAX_BACKOFF_SECONDS));
          holdUntil = asked ? Date.now() + asked * 1000 : 0;
          if (status === 429 && !storedDevice()) setProblem((error as ApiError).message);
          else setOfflineSince((since) => since ?? serverNow());
        }
      } finally {
        running = false;
        if (!stopped) {
          // The state read (or kept, on a 304) names the channel to keep open.
          if (token && backoff === null && !restart) followChannel(token);
          // A wake while this poll ran polls again at once, unless the API asked to wait.
          const wait =
            again && Date.now() >= holdUntil
              ? 0
              : restart
                ? 1000
                : backoff !== null
                  ? backoff * 1000
                  : interval() * 1000;
          again = false;
          restart = false;
          schedule(wait);
        }
      }
    };

    poll.current = () => void tick();
    void tick();
    function nudge() {
      if (Date.now() >= holdUntil) void tick();
    }
    const wake = () => {
      if (document.visibilityState !== 'hidden') nudge();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);
    window.addEventListener('online', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      closeChannel();
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
      window.removeEventListener('online', wake);
    };
  }, []);

  const refresh = useCallback(() => poll.current(), []);
  return { state, offlineSince, problem, token, refresh };
}
