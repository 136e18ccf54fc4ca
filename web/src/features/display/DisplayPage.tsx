import { useEffect } from 'react';
import { AlertScreen } from './AlertScreen';
import { deviceZone, useNow } from './clock';
import { CodeScreen } from './CodeScreen';
import { alertsInForce, dateTimeIn, localDate, timeIn } from './room';
import { RoomScreen } from './RoomScreen';
import { useDevice } from './useDevice';
import { useReloadOnNewVersion } from './version';
import './display.css';

/** How often the room's status, time left and alerts are worked out again between polls. */
const TICK_MS = 5_000;

/** Asks the screen to stay on while the display shows (where the browser can). */
function useWakeLock() {
  useEffect(() => {
    let lock: WakeLockSentinel | undefined;
    const request = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          lock = sentinel;
        },
        () => {},
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => {});
    };
  }, []);
}

/**
 * The room-display app at /display (docs/architecture.md §7), for the screen on the wall outside a room: full
 * screen in either orientation, no sign-in. It registers and shows its activation code until an
 * account's screen takes it, then shows the room (RoomScreen), an alert in force over everything
 * (AlertScreen), or that the screen is inactive. It keeps showing the last state it read while the
 * network is gone, saying since when, and reloads itself when a new version is deployed.
 */
export function DisplayPage() {
  const { state, offlineSince, problem, token, refresh } = useDevice();
  const now = useNow(TICK_MS);
  useReloadOnNewVersion();
  useWakeLock();

  const zone = state?.bound && state.venue ? state.venue.timezone : deviceZone();
  let screen;
  let kind: string;
  if (!state) {
    kind = 'starting';
    screen = (
      <div className="message-screen">
        <h1>Room display</h1>
        <p>{problem ?? (offlineSince ? 'Waiting for the network…' : 'Starting…')}</p>
      </div>
    );
  } else if (!state.bound) {
    kind = 'code';
    screen = <CodeScreen code={state.code} expiresAt={state.code_expires_at} zone={zone} />;
  } else if (!state.active) {
    kind = 'inactive';
    screen = (
      <div className="message-screen">
        <h1>This screen is inactive</h1>
        {state.space && <p>{state.space.title}</p>}
      </div>
    );
  } else {
    const alerts = alertsInForce(state.alerts, now);
    const room = state.space?.title ?? state.screen.name ?? 'Room';
    kind = alerts.length ? 'alert' : 'room';
    screen = alerts.length ? (
      <AlertScreen alerts={alerts} zone={zone} room={room} />
    ) : (
      <RoomScreen state={state} now={now} token={token} refresh={refresh} />
    );
  }

  return (
    <main className={`display display-${kind}`}>
      {screen}
      {offlineSince !== null && (
        <p className="display-offline" role="status">
          Offline since{' '}
          {localDate(offlineSince, zone) === localDate(now, zone)
            ? timeIn(offlineSince, zone)
            : dateTimeIn(offlineSince, zone)}
          . Showing the last information received.
        </p>
      )}
    </main>
  );
}
