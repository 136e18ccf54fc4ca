import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { resetEnvCache } from '@core/env';
import { runCapPoll } from '../../functions/cap/poll';
import { demoUsers } from '../../infra/local/seed';
import { anAlertFeed } from '../support/alert-feed';
import { boxOf, dragWithMouse, signedInClientPage, useBrowser } from '../support/browser';
import { call, signIn } from '../support/e2e-api';

useBrowser();

/**
 * What a room screen shows besides the schedule (issue 11): a slideshow built in the browser from
 * three uploaded files, reordered by dragging, one slide deleted after 'Delete this slide?', saved;
 * and an alert feed served on this machine, polled by the CAP job (run here, as its schedule would),
 * listed in the space's CAP panel.
 */

const media = path.resolve(import.meta.dirname, '../fixtures/media');

// The CAP job runs in this process, against the system's emulators.
Object.assign(process.env, inject('emulatorEnv'));
resetEnvCache();

/** A fresh account (Enterprise) with a venue and a space, and its owner. */
async function anOwnerWithASpace(suffix: string) {
  const admin = await signIn('admin', demoUsers.admin);
  const packages = await call('GET', '/admin/packages', admin);
  const enterprise = packages.find((p: { name: string }) => p.name === 'Enterprise');
  const owner = { email: `sol.${suffix}@screens.test`, password: 'Screens123' };
  await call('POST', '/admin/account', admin, {
    name: `Screens ${suffix}`,
    city: 'Leeds',
    package_id: enterprise.id,
    package_start_date: '2026-01-01',
    package_end_date: '2030-12-31',
    admin_first_name: 'Sol',
    admin_last_name: 'Screens',
    admin_email: owner.email,
    admin_password: owner.password,
  });
  const token = await signIn('client', owner);
  const venue = await call('POST', '/client/newvenue', token, {
    name: `Hall ${suffix}`,
    timezone: 'Europe/London',
  });
  const space = await call('POST', `/client/newspace/${venue.id}`, token, { title: `Lobby ${suffix}` });
  return { owner, token, space: space as { id: string; title: string } };
}

async function openSpaces(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Venues' }).click();
  await page.waitForURL('**/c/venues');
  await page.getByRole('navigation', { name: 'Venues area' }).getByRole('link', { name: 'SPACES' }).click();
}

/** Drags a tile's Move handle onto the first third of another tile, in small steps, as a hand would. */
async function drag(handle: Locator, target: Locator) {
  await dragWithMouse(handle, async () => {
    const to = await boxOf(target);
    return { x: to.x + to.width / 3, y: to.y + to.height / 2 };
  });
}

describe('screen content', () => {
  it('builds a slideshow of three uploads, reorders it by dragging, deletes one slide and saves', async () => {
    const suffix = Date.now().toString(36);
    const { owner, token, space } = await anOwnerWithASpace(suffix);
    // Tall enough that the panel shows every tile, as a desktop does.
    const page = await signedInClientPage(owner, { viewport: { width: 1280, height: 1400 } });
    await openSpaces(page);
    await page.getByRole('button', { name: `Slideshows of ${space.title}: No slideshow` }).click();
    const panel = page.getByRole('dialog', { name: `Slideshow | ${space.title}` });
    await panel.getByRole('button', { name: 'Add new' }).click();
    const form = panel.getByRole('form', { name: 'New slideshow' });
    await form.getByLabel('Name').fill('Welcome');
    await form.getByLabel('Transition').selectOption({ label: 'Fade' });
    await form.getByRole('switch', { name: 'Active' }).setChecked(true, { force: true });

    await form
      .getByLabel('Slide files')
      .setInputFiles(['slide.png', 'slide.jpg', 'clip-3.5s.mp4'].map((name) => path.join(media, name)));
    const tiles = form
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Move slide/ }) });
    await expect.poll(() => tiles.count()).toBe(3);
    await expect.poll(() => form.getByText(/Uploading/).count(), { timeout: 20_000 }).toBe(0);
    expect(await tiles.allInnerTexts()).toEqual([
      expect.stringContaining('1. Image'),
      expect.stringContaining('2. Image'),
      expect.stringContaining('3. Video'),
    ]);

    // The video to the front.
    await drag(form.getByRole('button', { name: 'Move slide 3' }), tiles.nth(0));
    await expect.poll(async () => (await tiles.nth(0).innerText()).includes('1. Video')).toBe(true);

    // The JPEG (now second of the images, third slide) goes, after the question.
    // dnd-kit swallows the clicks of the 50 ms after a drop (so the drop is not a click).
    await page.waitForTimeout(100);
    await form.getByRole('button', { name: 'Delete slide 3' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete slide' });
    await question.getByText('Delete this slide?').waitFor();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => tiles.count()).toBe(2);

    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Slideshow saved').waitFor();

    const [saved] = await call('GET', `/client/slideshows/${space.id}`, token);
    expect(saved).toMatchObject({ name: 'Welcome', transition: 'fade', slideshow_status: 1 });
    expect(
      saved.slides.map((s: { file_format: string; duration_ms: number | null }) => [
        s.file_format,
        s.duration_ms,
      ]),
    ).toEqual([
      ['mp4', 3500],
      ['png', null],
    ]);
    // The list shows it, and the space card says it plays.
    await panel.getByText('Welcome').waitFor();
    await page.getByRole('button', { name: `Slideshows of ${space.title}: Slideshow on` }).waitFor();
  });

  it('lists the alert of a feed served here once the CAP job has read it', async () => {
    const suffix = Date.now().toString(36);
    const { owner, space } = await anOwnerWithASpace(suffix);
    const { url, server } = await anAlertFeed(suffix);
    try {
      const page = await signedInClientPage(owner);
      await openSpaces(page);
      await page.getByRole('button', { name: `Alerts of ${space.title}` }).click();
      const panel = page.getByRole('dialog', { name: `CAP Alert | ${space.title}` });
      const form = panel.getByRole('form', { name: 'Alert feeds' });
      await form.getByRole('button', { name: 'Add URL' }).click();
      await form.getByLabel('Feed URL 1', { exact: true }).fill(url);
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Alert settings saved').waitFor();
      // The switch saves at once; it shows the status the answer gives.
      await form.getByText('Status: Inactive').click();
      await form.getByText('Status: Active').waitFor();
      await panel.getByText('Not checked yet').waitFor();

      const report = await runCapPoll();
      expect(report).toMatchObject({ read: 1, failed: 0 });
      // The panel reads again on its own every minute; a new visit reads at once.
      await page.reload();
      await openSpaces(page);
      await page.getByRole('button', { name: `Alerts of ${space.title}` }).click();
      await panel.getByText('Evacuate the east wing').waitFor();
      await panel.getByText(/Severity: Extreme/).waitFor();
      await panel.getByText('Leave by the west stairs.').waitFor();
      await panel.getByText(/Last checked/).waitFor();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
