import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { resetEnvCache } from '@core/env';
import { runCapPoll } from '../../functions/cap/poll';
import { runScreenOffline, SILENT_AFTER_MS } from '../../functions/screens/offline';
import { readMailbox, type SentMail } from '../../infra/local/emulators/ses';
import { anAlertFeed } from '../support/alert-feed';
import { seriousViolations } from '../support/axe';
import { pageAt, useBrowser } from '../support/browser';
import { call } from '../support/e2e-api';
import { anAccountWithARoom } from '../support/e2e-room';
import { aZoneAtMidday, wallTimeIn } from '../support/now';

useBrowser();

/**
 * The room display at /display (docs/architecture.md §7) in Chromium against the running system: a new screen
 * shows its activation code; an account's screen takes the code, and the display shows the room
 * and its booking; a person checks in on the PIN pad (a wrong PIN first); an alert read from a
 * feed served here takes the whole screen; when the display stops, the screen's recipients get an
 * e-mail that it is offline. axe-core finds no serious violation on each of them.
 */

// The CAP job runs in this process, against the system's emulators.
Object.assign(process.env, inject('emulatorEnv'));
resetEnvCache();

/** Makes the display poll now rather than at its next 15 s, as it does when it gets the focus. */
const pollNow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

describe('room display', () => {
  it('shows its code, then the room that took it; checks in with a PIN; gives the screen to an alert', async () => {
    const suffix = Date.now().toString(36);
    // A booking in five minutes is among today's, within the room's hours: it is about midday there.
    const zone = aZoneAtMidday();
    const { token, venue, space } = await anAccountWithARoom(suffix, zone);

    // A new screen: its code, large.
    const display = await pageAt('/display', { viewport: { width: 1280, height: 800 } });
    await display.getByRole('heading', { name: 'Set up this screen' }).waitFor();
    const code = (await display.getByTestId('activation-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{6}$/);
    expect(await seriousViolations(display)).toEqual([]);
    // Its token is kept for the next start.
    const kept = await display.evaluate(() => localStorage.getItem('display.device'));
    expect(JSON.parse(kept!)).toMatchObject({ token: expect.stringMatching(/^[0-9A-Z]{26}\./) });

    // The account adds a screen with that code, and a booking in five minutes.
    const screen = await call('POST', '/client/screen', token, {
      screen_id_no: code,
      venue: venue.id,
      space: space.id,
      name: 'Door screen',
    });
    await call('POST', '/client/booking', token, {
      title: 'Design review',
      venue: venue.id,
      space: space.id,
      start_date: wallTimeIn(5, zone),
      end_date: wallTimeIn(35, zone),
    });
    await pollNow(display);
    await display.getByRole('heading', { level: 1, name: space.title }).waitFor();
    const status = display.getByRole('region', { name: 'Room status' });
    await status.getByText('Starting soon').waitFor();
    await status.getByText('Next: Design review').waitFor();
    await display.getByRole('region', { name: 'Today' }).getByText('Design review').waitFor();
    expect(await seriousViolations(display)).toEqual([]);

    // Check in on the PIN pad: a wrong PIN is refused on the pad, the owner's is taken.
    const { pin_number: pin } = (await call('GET', '/client/me', token)) as { pin_number: string };
    const wrong = pin === '0000' ? '1111' : '0000';
    await status.getByRole('button', { name: 'Check in' }).click();
    const pad = display.getByRole('dialog', { name: 'Check in: Design review' });
    const keys = pad.getByRole('group', { name: 'PIN keys' });
    expect(await seriousViolations(display)).toEqual([]);
    const type = async (digits: string) => {
      for (const digit of digits) await keys.getByRole('button', { name: digit, exact: true }).click();
    };
    await type(wrong);
    await pad.getByRole('alert').getByText('PIN not recognised').waitFor();
    await type(pin);
    await pad.getByText('Checked in by Dee Display').waitFor();
    await pad.getByRole('button', { name: 'Close' }).click();
    await status.getByText('Design review: checked in').waitFor();
    expect(await status.getByRole('button', { name: 'Check in' }).count()).toBe(0);

    // An alert in force takes over the whole screen.
    const feed = await anAlertFeed(suffix);
    try {
      await call('POST', `/client/capAlertURL/${space.id}`, token, {
        cap_alert_urls: [{ url: feed.url }],
        cap_alert_status: 'Active',
      });
      // (Other tests' feeds may be gone by now: only this one is looked at.)
      await runCapPoll();
      await pollNow(display);
      const alert = display.getByRole('alert').filter({ hasText: 'Evacuate the east wing' });
      await alert.getByRole('heading', { level: 1, name: 'Evacuate the east wing' }).waitFor();
      await alert.getByText('Extreme alert: Fire').waitFor();
      await alert.getByText('Leave by the west stairs.').waitFor();
      expect(await display.getByRole('region', { name: 'Room status' }).count()).toBe(0);
      expect(await seriousViolations(display)).toEqual([]);
    } finally {
      // The feed goes: the space stops watching it, so later runs of the job do not try it.
      await call('POST', `/client/capAlertURL/${space.id}`, token, {
        cap_alert_urls: [{ url: feed.url }],
        cap_alert_status: 'Inactive',
      });
      await new Promise<void>((resolve) => feed.server.close(() => resolve()));
    }

    // The display stops (its context closes): once it has been silent for 12 minutes, the offline
    // job turns the screen Offline and e-mails its recipients as it happens. The job runs here at
    // the instant a minute after that.
    await call('PUT', `/client/screen/${screen.id}/offlineNotification`, token, {
      offline_notification_recipient: `facilities.${suffix}@display.test`,
      offline_notification_frequency: 'As it happens',
    });
    await display.context().close();
    await runScreenOffline(Date.now() + SILENT_AFTER_MS + 60_000);
    const mailbox = inject('mailboxUrl');
    let mail: SentMail | undefined;
    await expect
      .poll(
        async () =>
          (mail = (await readMailbox(mailbox)).find((m) =>
            m.to.includes(`facilities.${suffix}@display.test`),
          )),
      )
      .toBeDefined();
    expect(mail!.subject).toBe('Screen offline: Door screen');
    expect(mail!.text).toContain(
      `Door screen (${space.title}, Minster ${suffix}) has not been heard from since`,
    );
    const listed = (await call('GET', '/client/allscreens', token)) as Array<{
      id: string;
      device_status: string;
    }>;
    expect(listed.find((s) => s.id === screen.id)?.device_status).toBe('Offline');
  });
});
