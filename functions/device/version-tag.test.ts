import { URL_PERIOD_MS, versionTag } from './version-tag';

/**
 * A bound display's tag from its device item alone (docs/architecture.md §7): it holds while
 * nothing it names changes, and turns with the state version, the venue's day, the URL-signing
 * period, an alert's end and the push channel. Instants are fixed: the clock is a parameter.
 */

const device = {
  account_id: '01ACCOUNT',
  screen_id: '01SCREEN',
  state_version: 4,
  venue_zone: 'Europe/London',
  state_turns_at: undefined as number | undefined,
};
const push = {
  url: 'wss://events.example/event/realtime',
  host: 'api.example',
  channel: '/displays/01DEVICE',
};
// 10:00 in London on a summer day (UTC+1), at the start of a URL period.
const TEN = Date.parse('2026-07-15T09:00:00Z');
const MINUTE = 60_000;

describe('versionTag', () => {
  it('holds within a URL period while the version, day and channel stay', () => {
    expect(versionTag(device, push, TEN)).toBe(versionTag(device, push, TEN + URL_PERIOD_MS - 1));
    expect(versionTag(device, push, TEN)).toMatch(/^v1\.[\w-]{27}$/);
  });

  it('turns when the state version is bumped, or the device is bound elsewhere', () => {
    const tag = versionTag(device, push, TEN);
    expect(versionTag({ ...device, state_version: 5 }, push, TEN)).not.toBe(tag);
    expect(versionTag({ ...device, screen_id: '01OTHER' }, push, TEN)).not.toBe(tag);
  });

  it("turns at the venue's midnight, within a URL period", () => {
    // Kathmandu is UTC+5:45: its midnight falls mid-period (18:15 UTC), so only its day turns the tag.
    const kathmandu = { ...device, venue_zone: 'Asia/Kathmandu' };
    const before = Date.parse('2026-07-15T18:14:00Z'); // 23:59 there
    const after = before + 2 * MINUTE; // 00:01 there
    expect(Math.floor(before / URL_PERIOD_MS)).toBe(Math.floor(after / URL_PERIOD_MS));
    expect(versionTag(kathmandu, push, before)).not.toBe(versionTag(kathmandu, push, after));
    // In London it is 19:14 and 19:16: the same day, the same tag.
    expect(versionTag(device, push, before)).toBe(versionTag(device, push, after));
  });

  it('turns with the URL-signing period, so presigned URLs are signed again', () => {
    expect(versionTag(device, push, TEN + URL_PERIOD_MS - 1)).not.toBe(
      versionTag(device, push, TEN + URL_PERIOD_MS),
    );
  });

  it('turns when an alert in force ends, and the next state (its end noted) has a tag of its own', () => {
    const ends = TEN + 10 * MINUTE;
    const showing = { ...device, state_turns_at: ends };
    const tag = versionTag(showing, push, TEN);
    expect(versionTag(showing, push, ends - 1)).toBe(tag);
    expect(versionTag(showing, push, ends)).not.toBe(tag);
    // Read again after its end: no alert ends any more, and the tag is not the one before.
    expect(versionTag(device, push, ends)).not.toBe(tag);
    expect(versionTag(device, push, ends)).not.toBe(versionTag(showing, push, ends));
  });

  it('turns when the push channel is configured or changes', () => {
    const tag = versionTag(device, push, TEN);
    expect(versionTag(device, null, TEN)).not.toBe(tag);
    expect(versionTag(device, { ...push, url: 'wss://other.example/event/realtime' }, TEN)).not.toBe(tag);
  });
});
