import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { resetEnvCache } from '@core/env';
import { runPulls } from '../../functions/calendars/pull';
import { runPushes } from '../../functions/calendars/push';
import { demoUsers } from '../../infra/local/seed';
import { seriousViolations } from '../support/axe';
import { signedInClientPage, useBrowser } from '../support/browser';
import { aCalendar, control, eventsAt } from '../support/calendars';
import { call, signIn } from '../support/e2e-api';

useBrowser();

/**
 * Linked calendars in Chromium against the running system: the owner links a Google account to
 * one venue and a Microsoft account to another through the 400 × 400 popup, picks a calendar for a
 * space of each, books in Spaces and finds the event in the Google calendar, sees an event made in
 * the Microsoft calendar on the booking calendar, and removes an account through the spec's
 * confirmation. Google and Microsoft are the local stand-ins (their sign-in is the local OpenID
 * provider's page); the push and pull jobs run in this process, as the schedule would run them.
 */

Object.assign(process.env, inject('emulatorEnv'));
resetEnvCache();

async function freshAccount(suffix: string) {
  const admin = await signIn('admin', demoUsers.admin);
  const packages = await call('GET', '/admin/packages', admin);
  const enterprise = packages.find((p: { name: string }) => p.name === 'Enterprise');
  const owner = { email: `lina.${suffix}@linked.test`, password: 'Linked123' };
  await call('POST', '/admin/account', admin, {
    name: `Linked ${suffix}`,
    city: 'Leeds',
    package_id: enterprise.id,
    package_start_date: '2026-01-01',
    package_end_date: '2030-12-31',
    admin_first_name: 'Lina',
    admin_last_name: 'Link',
    admin_email: owner.email,
    admin_password: owner.password,
  });
  const token = await signIn('client', owner);
  const place = async (name: string) => {
    const venue = await call('POST', '/client/newvenue', token, { name, timezone: 'Europe/London' });
    const space = await call('POST', `/client/newspace/${venue.id}`, token, { title: `${name} Atrium` });
    return { venue: venue.id as string, space: space.id as string, name };
  };
  return { owner, token, quay: await place(`Quay ${suffix}`), mill: await place(`Mill ${suffix}`) };
}

async function openVenues(page: Page, list?: 'SPACES') {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Venues' }).click();
  await page.waitForURL('**/c/venues');
  if (list)
    await page.getByRole('navigation', { name: 'Venues area' }).getByRole('link', { name: list }).click();
}

/** The venue's panel, opened from its card. */
async function venuePanel(page: Page, name: string) {
  await openVenues(page);
  await page.getByRole('article', { name }).getByRole('button', { name, exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Edit venue' });
  await panel.getByRole('heading', { name: 'Linked calendars' }).waitFor();
  return panel;
}

/** Presses the provider's button, signs in as `email` in the popup; it closes by itself. */
async function linkThroughPopup(
  page: Page,
  panel: ReturnType<Page['getByRole']>,
  provider: string,
  email: string,
) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    panel.getByRole('button', { name: `Link ${provider} calendar` }).click(),
  ]);
  await popup.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([400, 400]);
  await popup.getByLabel('Email', { exact: true }).fill(email);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Sign in' }).click()]);
  await page.getByText('Calendar account linked').first().waitFor();
  await panel.getByText(email).waitFor();
}

/** The space's form: sync on, the calendar picked, saved. */
async function syncSpace(page: Page, title: string, calendar: string) {
  await openVenues(page, 'SPACES');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const form = page
    .getByRole('form', { name: 'Edit Space' })
    .or(page.getByRole('dialog', { name: 'Edit Space' }));
  await form.getByRole('switch', { name: 'Sync third-party calendar' }).setChecked(true, { force: true });
  await form.getByLabel('Calendar', { exact: true }).selectOption({ label: calendar });
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Space updated').first().waitFor();
  const panel = page.getByRole('dialog', { name: 'Edit Space' });
  await panel.getByText(calendar).first().waitFor();
  await panel.getByRole('button', { name: 'Close' }).click();
}

describe('linked calendars', () => {
  it('links Google and Microsoft accounts through the popup, syncs both ways, and removes an account after the confirmation', async () => {
    const suffix = Date.now().toString(36);
    const { owner, quay, mill } = await freshAccount(suffix);
    const googlePerson = `rooms.${suffix}@gmail.test`;
    const graphPerson = `rooms.${suffix}@outlook.test`;
    const googleCalendar = await aCalendar('google', googlePerson, 'Quay rooms');
    const graphCalendar = await aCalendar('microsoft', graphPerson, 'Mill rooms');

    const page = await signedInClientPage(owner);
    const quayPanel = await venuePanel(page, quay.name);
    expect(await seriousViolations(page)).toEqual([]);
    await linkThroughPopup(page, quayPanel, 'Google', googlePerson);
    await quayPanel.getByRole('button', { name: 'Close' }).click();
    const millPanel = await venuePanel(page, mill.name);
    await linkThroughPopup(page, millPanel, 'Microsoft', graphPerson);
    await millPanel.getByRole('button', { name: 'Close' }).click();

    await syncSpace(page, `${quay.name} Atrium`, 'Quay rooms');
    await syncSpace(page, `${mill.name} Atrium`, 'Mill rooms');

    // A booking made in Spaces reaches the Google calendar once the push job runs.
    await page.goto('/c/booking?openAddEvent');
    const form = page.getByRole('form', { name: 'Add new event' });
    await form.getByLabel(/^Venue/).selectOption({ label: quay.name });
    await form.getByLabel(/^Space/).selectOption({ label: `${quay.name} Atrium` });
    await form.getByLabel(/^Title/).fill('Harbour board');
    await form.getByLabel(/^Start date/).fill('2026-12-14');
    await form.getByLabel('Start time').selectOption('10:00');
    await form.getByLabel('End time').selectOption('11:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Success', { exact: true }).first().waitFor();
    await runPushes();
    const pushed = await eventsAt('google', googleCalendar);
    expect(pushed.map((event) => [event.summary, (event.start as { dateTime: string }).dateTime])).toEqual([
      ['Harbour board', expect.stringMatching(/^2026-12-14T10:00:00/)],
    ]);

    // A meeting booked in Outlook shows on the booking calendar, marked, once the pull job runs.
    const made = await control(
      'microsoft',
      'POST',
      `/calendars/${encodeURIComponent(graphCalendar)}/events`,
      {
        subject: 'Booked in Outlook',
        start: { dateTime: '2026-12-15T14:00:00', timeZone: 'Europe/London' },
        end: { dateTime: '2026-12-15T15:00:00', timeZone: 'Europe/London' },
      },
    );
    expect(made.status).toBe(201);
    await runPulls();
    await page.goto('/c/booking');
    const controls = page.getByRole('group', { name: 'Calendar controls' });
    await controls.getByLabel('Venue').selectOption({ label: mill.name });
    await controls.getByLabel('Date').fill('2026-12-15');
    await page.getByRole('heading', { name: 'December 2026' }).waitFor();
    const external = page.getByRole('button', { name: /Booked in Outlook/ });
    await external.first().waitFor();
    await external.first().click();
    const details = page.getByRole('dialog', { name: 'Event details' });
    await details.getByText(/Change it there/).waitFor();
    expect(await details.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    // Removing the Google account asks first; No keeps it, Yes removes it.
    const again = await venuePanel(page, quay.name);
    await again.getByRole('button', { name: `Remove ${googlePerson}` }).click();
    const question = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: /Remove/ }));
    await question
      .getByText('By removing the linked account no newly created bookings will be synced. Proceed?')
      .waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await again.getByText(googlePerson).waitFor();
    await again.getByRole('button', { name: `Remove ${googlePerson}` }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Third-party account removed').first().waitFor();
    await again.getByText('No calendar account linked yet.').waitFor();
    await page.context().close();
  });
});
