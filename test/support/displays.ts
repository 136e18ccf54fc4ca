import { anAccount, call } from './api';
import { addLicences, aSpace, aVenue } from './places';

/** Room displays in the API tests: a registered device, and a screen of an account that took its code. */

/** A registered display: its id, token and code. */
export async function aDisplay() {
  const answer = await call('POST', '/device/register', { body: { app_version: '1.0.0' } });
  expect(answer.status).toBe(200);
  return answer.body.result as { device_id: string; token: string; code: string };
}

/** A display's poll of its state. */
export const poll = (token: string, headers: Record<string, string> = {}, query = '') =>
  call('GET', `/device/state${query}`, { token, headers });

/**
 * An account with a venue 'Harbour Hall' (Europe/London, or `timezone`) and its space 'Boardroom'
 * (with check-in when asked), licences, and a screen 'Lobby screen' there that took `code`. A scene
 * that books the room around now sets `timezone` to `aZoneAtMidday()` (test/support/now.ts).
 */
export async function aScreenFor(
  code: string,
  options: { checkIn?: { before_event: number; after_event: number }; timezone?: string } = {},
) {
  const account = await anAccount();
  const venue = await aVenue(account.accountId, { name: 'Harbour Hall', timezone: options.timezone });
  const space = await aSpace(account.accountId, venue, { title: 'Boardroom', checkIn: options.checkIn });
  const place = { venue, space };
  await addLicences(account.accountId, 2);
  const token = account.users['Account Admin']!.token;
  const screen = await call('POST', '/client/screen', {
    token,
    body: { screen_id_no: code, venue, space, name: 'Lobby screen' },
  });
  expect(screen.status, JSON.stringify(screen.body)).toBe(200);
  return { account, place, token, screen: screen.body.result as { id: string } };
}
