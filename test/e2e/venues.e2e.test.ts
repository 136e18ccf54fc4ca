import type { Page } from 'playwright-core';
import { demoUsers } from '../../infra/local/seed';
import { signedInClientPage, useBrowser } from '../support/browser';
import { call, signIn } from '../support/e2e-api';

useBrowser();

/**
 * A fresh account (the Enterprise package: no venue or space limit) with its owner, a Venue
 * Manager and an Event Coordinator, and two screen licences bought through the admin API, as a
 * super admin adds them.
 */
async function freshAccount(suffix: string) {
  const admin = await signIn('admin', demoUsers.admin);
  const packages = await call('GET', '/admin/packages', admin);
  const enterprise = packages.find((p: { name: string }) => p.name === 'Enterprise');
  const password = 'Harbour123';
  const owner = { email: `hana.${suffix}@harbour.test`, password };
  const account = await call('POST', '/admin/account', admin, {
    name: `Harbour ${suffix}`,
    city: 'Brighton',
    package_id: enterprise.id,
    package_start_date: '2026-01-01',
    package_end_date: '2030-12-31',
    admin_first_name: 'Hana',
    admin_last_name: 'Harbour',
    admin_email: owner.email,
    admin_password: password,
  });
  await call('POST', `/admin/account/${account.id}/license`, admin, {
    no_of_licence: 2,
    purchase_date: '2026-01-01',
    expiration_date: '2030-12-31',
  });
  const ownerToken = await signIn('client', owner);
  const person = (first: string, last: string, role: string) => ({
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${suffix}@harbour.test`,
    password,
    user_role: role,
  });
  const manager = person('Mia', 'Manager', 'Venue Manager');
  const coordinator = person('Cole', 'Coordinator', 'Event Coordinator');
  await call('POST', '/client/newuser', ownerToken, manager);
  await call('POST', '/client/newuser', ownerToken, coordinator);
  // A venue the manager is not given.
  await call('POST', '/client/newvenue', ownerToken, { name: `Depot ${suffix}`, timezone: 'UTC' });
  return { owner, manager, coordinator };
}

/** The names of the cards the Venues area shows. */
async function cardNames(page: Page): Promise<string[]> {
  return (await page.getByRole('article').getByRole('heading').allTextContents()).map((name) => name.trim());
}

async function openVenues(page: Page, list?: 'SPACES' | 'SCREENS') {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Venues' }).click();
  await page.waitForURL('**/c/venues');
  if (list)
    await page.getByRole('navigation', { name: 'Venues area' }).getByRole('link', { name: list }).click();
}

/** Turns an Amplify switch (a visually hidden checkbox under its track) as a person does. */
async function turn(page: Page, name: string, on: boolean, scope = page.locator('body')) {
  await scope.getByRole('switch', { name }).setChecked(on, { force: true });
}

describe('the Venues area', () => {
  it('lets the owner set up a venue, a space and a screen that takes a licence; the manager sees their venue only', async () => {
    const suffix = Date.now().toString(36);
    const { owner, manager, coordinator } = await freshAccount(suffix);
    const venueName = `Pier ${suffix}`;
    const page = await signedInClientPage(owner);
    await openVenues(page);

    // A venue in Europe/London (new venues start in America/New_York).
    await page.getByRole('button', { name: 'Add venue' }).click();
    const venueForm = page.getByRole('form', { name: 'Add new venue' });
    expect(await venueForm.getByLabel('Time zone').inputValue()).toBe('America/New_York');
    await venueForm.getByLabel('Name', { exact: true }).fill(venueName);
    await venueForm.getByLabel('City').fill('Brighton');
    await venueForm.getByLabel('Time zone').selectOption('Europe/London');
    await venueForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Venue created').waitFor();

    // Its manager, Approved.
    const venuePanel = page.getByRole('dialog', { name: 'Edit venue' });
    await venuePanel.getByText('Europe/London').waitFor();
    await venuePanel
      .getByLabel('Add venue manager')
      .selectOption({ label: `Mia Manager (${manager.email})` });
    await venuePanel.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Venue manager assigned').waitFor();
    const permission = venuePanel.getByRole('switch', { name: 'Permission of Mia Manager' });
    await expect.poll(() => permission.isChecked()).toBe(true);
    await venuePanel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('article', { name: venueName }).waitFor();

    // A space with check-in, and its coordinator.
    await openVenues(page, 'SPACES');
    await page.getByRole('button', { name: 'Add space' }).click();
    const spaceForm = page.getByRole('form', { name: 'Add new space' });
    await spaceForm.getByLabel('Venue', { exact: true }).selectOption({ label: venueName });
    await spaceForm.getByLabel('Title').fill('Boathouse');
    await spaceForm.getByLabel('Capacity').fill('40');
    await spaceForm.getByLabel('Availability start').selectOption('08:00');
    await spaceForm.getByLabel('Availability end').selectOption('20:00');
    await turn(page, 'Event check-in', true, spaceForm);
    await spaceForm.getByLabel('Minutes before').fill('15');
    await spaceForm.getByLabel('Minutes after').fill('10');
    await spaceForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Space created').waitFor();
    const spacePanel = page.getByRole('dialog', { name: 'Edit Space' });
    await spacePanel.getByText('From 15 min before to 10 min after the start').waitFor();
    await spacePanel
      .getByLabel('Add event coordinator')
      .selectOption({ label: `Cole Coordinator (${coordinator.email})` });
    await spacePanel.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Event Coordinator added').waitFor();
    await expect
      .poll(() => spacePanel.getByRole('switch', { name: 'Permission of Cole Coordinator' }).isChecked())
      .toBe(true);
    await spacePanel.getByRole('button', { name: 'Close' }).click();

    // A screen by its code takes one of the two licences: 'available / active' goes from 2 / 2 to 1 / 2.
    await openVenues(page, 'SCREENS');
    await page.getByRole('button', { name: 'Add screen' }).click();
    let screenForm = page.getByRole('form', { name: 'Add new screen' });
    await screenForm.getByText('2 / 2').waitFor();
    const code = `E2E${suffix}`.slice(0, 20).toUpperCase();
    await screenForm.getByLabel('Screen ID number').fill(code);
    await screenForm.getByLabel('Venue', { exact: true }).selectOption({ label: venueName });
    // Choosing the venue chose its first space.
    await expect.poll(() => screenForm.getByLabel('Space', { exact: true }).inputValue()).not.toBe('');
    await screenForm.getByLabel('Name', { exact: true }).fill('Boathouse door');
    await screenForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Screen created').waitFor();
    await page.getByRole('dialog', { name: 'Edit screen' }).getByText(code).waitFor();
    await page.getByRole('dialog', { name: 'Edit screen' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add screen' }).click();
    screenForm = page.getByRole('form', { name: 'Add new screen' });
    await screenForm.getByText('1 / 2').waitFor();
    await screenForm.getByRole('button', { name: 'Cancel' }).click();

    // Who hears when it goes offline.
    await page.getByRole('button', { name: 'Offline notifications of Boathouse door' }).click();
    const offline = page.getByRole('form', { name: 'Screen Offline Notifications' });
    await offline.getByLabel('Recipients').fill(`ops.${suffix}@harbour.test, desk.${suffix}@harbour.test`);
    await offline.getByLabel('Frequency').selectOption('Once a day');
    await offline.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated offline notification settings').waitFor();
    await page.getByRole('article', { name: 'Boathouse door' }).waitFor();

    // The header's totals follow: two venues, one space, one screen.
    const totals = page.getByLabel('Account totals');
    await expect.poll(() => totals.textContent()).toContain('Venues2');
    await expect.poll(() => totals.textContent()).toContain('Screens1');
    await page.context().close();

    // The manager sees the venue they were given, not the other one.
    const managerPage = await signedInClientPage(manager);
    await openVenues(managerPage);
    await managerPage.getByRole('article', { name: venueName }).waitFor();
    expect(await cardNames(managerPage)).toEqual([venueName]);
    expect(await managerPage.getByRole('button', { name: 'Add venue' }).count()).toBe(0);
    await managerPage.context().close();

    // The coordinator lands on their space, with nothing to add.
    const coordinatorPage = await signedInClientPage(coordinator);
    await openVenues(coordinatorPage);
    await coordinatorPage.getByRole('article', { name: 'Boathouse' }).waitFor();
    expect(
      await coordinatorPage.getByRole('navigation', { name: 'Venues area' }).getByRole('button').count(),
    ).toBe(0);
    await coordinatorPage.context().close();
  });
});
