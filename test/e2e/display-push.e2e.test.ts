import type { Page } from 'playwright-core';
import { FALLBACK_POLL_SECONDS } from '@shared/devices';
import { pageAt, useBrowser } from '../support/browser';
import { call } from '../support/e2e-api';
import { anAccountWithARoom } from '../support/e2e-room';
import { aZoneAtMidday, wallTimeIn } from '../support/now';

useBrowser();

/**
 * A room display on its push channel (docs/architecture.md §7), in Chromium against the running
 * system: the channel's local emulator, the table's stream handed to the same handler as in AWS,
 * and the API publishing to the device's channel. A booking made for the room shows on the
 * display within 5 s, long before its next poll (every 5 minutes while subscribed, every minute
 * without). With the channel down (the page's socket to it closed at once, by the browser's
 * WebSocket routing: the harness cannot stop the emulator) it still shows by polling.
 */

/** Resolves when the page's channel answers a subscription with `subscribe_success`. */
function subscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"subscribe_success"')) resolve();
      });
    });
  });
}

/**
 * A display in Chromium that an account's screen took, showing the room: its code is typed in as
 * the screen's, and the display is told to poll (as when it gets the focus) to learn of it.
 */
async function aBoundDisplay(page: Page, suffix: string, zone: string) {
  const { token, venue, space } = await anAccountWithARoom(suffix, zone);
  await page.getByRole('heading', { name: 'Set up this screen' }).waitFor();
  const code = (await page.getByTestId('activation-code').innerText()).trim();
  await call('POST', '/client/screen', token, {
    screen_id_no: code,
    venue: venue.id,
    space: space.id,
    name: 'Door screen',
  });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByRole('heading', { level: 1, name: space.title }).waitFor();
  return { token, venue, space };
}

/** Books the room from five to thirty-five minutes from now (it is about midday there). */
const book = (token: string, venue: { id: string }, space: { id: string }, title: string, zone: string) =>
  call('POST', '/client/booking', token, {
    title,
    venue: venue.id,
    space: space.id,
    start_date: wallTimeIn(5, zone),
    end_date: wallTimeIn(35, zone),
  });

describe('a room display on its push channel', () => {
  it('shows a booking made for its room within 5 s, without waiting for a poll', async () => {
    const suffix = `${Date.now().toString(36)}p`;
    const zone = aZoneAtMidday();
    const display = await pageAt('/display');
    const onChannel = subscribed(display);
    const { token, venue, space } = await aBoundDisplay(display, suffix, zone);
    const state = await display.evaluate(() => JSON.parse(localStorage.getItem('display.state')!));
    expect(state.state.push, 'the state names the push channel').toMatchObject({
      url: expect.stringMatching(/^wss?:\/\/.+\/event\/realtime$/),
      channel: expect.stringMatching(/^\/displays\/[0-9A-Z]{26}$/),
    });
    await onChannel;

    // Its next poll is minutes away (it polled on subscribing): what shows within 5 s came by the channel.
    const booked = Date.now();
    await book(token, venue, space, 'Chapter meeting', zone);
    await display
      .getByRole('region', { name: 'Room status' })
      .getByText('Next: Chapter meeting')
      .waitFor({ timeout: 5_000 });
    expect(Date.now() - booked).toBeLessThan(5_000);
    await display.context().close();
  });

  it('with its channel down, still shows a booking by polling', async () => {
    const suffix = `${Date.now().toString(36)}f`;
    const zone = aZoneAtMidday();
    const display = await pageAt('/display');
    // Every socket the page opens to the channel is closed at once: the channel is down.
    let tries = 0;
    await display.routeWebSocket(/\/event\/realtime/, (socket) => {
      tries += 1;
      socket.close({ code: 1006, reason: 'down' });
    });
    const { token, venue, space } = await aBoundDisplay(display, suffix, zone);

    await book(token, venue, space, 'Cloister meeting', zone);
    // The next poll comes within a minute and its jitter (a fifth), and the booking with it.
    await display
      .getByRole('region', { name: 'Room status' })
      .getByText('Next: Cloister meeting')
      .waitFor({ timeout: FALLBACK_POLL_SECONDS * 1.2 * 1000 + 5_000 });
    // The display did try its channel, and was refused every time.
    const state = await display.evaluate(() => JSON.parse(localStorage.getItem('display.state')!));
    expect(state.state.push, 'the state names the push channel').toMatchObject({ url: expect.any(String) });
    expect(tries).toBeGreaterThan(0);
    await display.context().close();
  }, 120_000);
});
