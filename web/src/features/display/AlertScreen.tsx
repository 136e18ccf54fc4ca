import type { CapAlert } from '@shared/schemas/cap-alerts';
import { dateTimeIn } from './room';

/**
 * An emergency alert in force takes over the whole screen until it ends (expires, or the next
 * poll no longer lists it): its severity as colour and in words, the headline, what to do, the
 * area and until when. Alerts come most severe first; the others are named under it.
 */
export function AlertScreen({ alerts, zone, room }: { alerts: CapAlert[]; zone: string; room: string }) {
  const [alert, ...others] = alerts;
  if (!alert) return null;
  return (
    <div className={`alert-screen alert-${alert.severity.toLowerCase()}`} role="alert">
      <p className="alert-severity">
        <span aria-hidden="true">⚠ </span>
        {alert.severity === 'Unknown' ? 'Alert' : `${alert.severity} alert`}: {alert.event}
      </p>
      <h1 className="alert-headline">{alert.headline ?? alert.event}</h1>
      {alert.instruction && <p className="alert-instruction">{alert.instruction}</p>}
      {alert.description && <p className="alert-description">{alert.description}</p>}
      <dl className="alert-facts">
        {alert.area_desc && (
          <div>
            <dt>Area</dt>
            <dd>{alert.area_desc}</dd>
          </div>
        )}
        {alert.expires && (
          <div>
            <dt>Until</dt>
            <dd>{dateTimeIn(Date.parse(alert.expires), zone)}</dd>
          </div>
        )}
        {alert.sender_name && (
          <div>
            <dt>From</dt>
            <dd>{alert.sender_name}</dd>
          </div>
        )}
        <div>
          <dt>Room</dt>
          <dd>{room}</dd>
        </div>
      </dl>
      {others.length > 0 && (
        <p className="alert-others">
          Also in force: {others.map((other) => other.headline ?? other.event).join(' · ')}
        </p>
      )}
    </div>
  );
}
