import { createHash } from 'node:crypto';
import { FALLBACK_POLL_SECONDS } from '@shared/devices';
import type { BoundDeviceState } from '@shared/schemas/devices';
import { instantToLocalDate } from '@shared/wall-time';
import type { DeviceItem } from '@core/table/entities';

/**
 * The ETag of a bound display's state from its device item alone (docs/architecture.md §7), so a
 * poll that names it answers 304 having read nothing else.
 */

/** Presigned URLs are signed at the start of a period of this length, so they stay the same text within it. */
export const URL_PERIOD_MS = 30 * 60_000;

const VERSION_TAG = 'v1';

/**
 * A device's tag: its `state_version` (bumped by every change of what its room shows), its binding,
 * the day in its venue's zone (the days listed turn at its midnight), the URL-signing period, when
 * its state next turns by itself (an alert's end) and whether that time has come, and what the
 * state says of polling and pushing (the deployment's, not the room's).
 */
export function versionTag(
  device: Pick<DeviceItem, 'account_id' | 'screen_id' | 'state_version' | 'venue_zone' | 'state_turns_at'>,
  push: BoundDeviceState['push'],
  now: number,
): string {
  const { venue_zone: zone, state_turns_at: turnsAt } = device;
  const parts = [
    device.account_id,
    device.screen_id,
    device.state_version,
    zone ? instantToLocalDate(now, zone) : null,
    Math.floor(now / URL_PERIOD_MS),
    turnsAt ?? null,
    turnsAt !== undefined && now >= turnsAt,
    push,
    FALLBACK_POLL_SECONDS,
  ];
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);
  return `${VERSION_TAG}.${digest}`;
}
