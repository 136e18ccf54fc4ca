import { listTimezones } from './timezones';
import { isValidTimeZone } from './wall-time';

describe('listTimezones', () => {
  it("offers today's IANA names, sorted, each one usable", () => {
    const zones = listTimezones();
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'America/New_York', 'UTC']));
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).toEqual([...zones].sort());
    expect(zones.every(isValidTimeZone)).toBe(true);
  });

  it('refuses a zone that does not exist', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
