import type { Page } from 'playwright-core';
import { demoUsers } from '../../infra/local/seed';
import { pageAt, signIn, useBrowser } from '../support/browser';

useBrowser();

const packageName = 'Platform E2E Gold';
const bannerTitle = 'Platform E2E maintenance';

/** A date a year from now, as a date field takes it. */
function nextYear(): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() + 1);
  return day.toISOString().slice(0, 10);
}

/** Opens the row menu of `row` in the table and chooses `item`. */
async function rowMenu(page: Page, row: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${row}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Loads `path` and waits until the login banners have been answered. */
async function openLogin(page: Page, path: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/v1/banners/login')),
    page.goto(path),
  ]);
  await page.getByRole('button', { name: 'Login' }).waitFor();
}

describe('the platform admin area', () => {
  it('creates a package and a login banner, which a guest sees and dismisses for good; the log lists the package', async () => {
    const page = await pageAt('/admin/login?redirect=/admin/configuration/packages');
    await signIn(page, demoUsers.admin);
    await page.waitForURL('**/admin/configuration/packages');

    // A package: name, roles, a limit; the flags keep their default Yes.
    await page.getByRole('button', { name: 'Add Package' }).click();
    const packagePanel = page.getByRole('dialog', { name: 'Add Package' });
    await packagePanel.getByRole('button', { name: 'Save' }).click();
    await packagePanel.getByText('Field is required').first().waitFor();
    await packagePanel.getByLabel('Name').fill(packageName);
    // Amplify draws its own box over the (visually hidden) checkbox: people click the label.
    await packagePanel.getByText('Account Admin', { exact: true }).click();
    await packagePanel.getByText('Venue Manager', { exact: true }).click();
    expect(await packagePanel.getByRole('checkbox', { name: 'Venue Manager' }).isChecked()).toBe(true);
    await packagePanel.getByLabel('Venue limit').selectOption('3');
    await packagePanel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Package created').waitFor();
    const packageRow = page.getByRole('row').filter({ hasText: packageName });
    await packageRow.getByText('Account Admin, Venue Manager').waitFor();
    await packageRow.getByText('Venues 3', { exact: true }).waitFor();

    // A banner on the login pages, for every package.
    await page.getByRole('tab', { name: 'Banner Announcements' }).click();
    await page.waitForURL('**/admin/configuration/banners');
    await page.getByRole('button', { name: 'Add Banner Announcement' }).click();
    const bannerPanel = page.getByRole('dialog', { name: 'Add Banner Announcement' });
    await bannerPanel.getByLabel('Title').fill(bannerTitle);
    await bannerPanel.getByLabel('Message').fill('Spaces is down for maintenance on Sunday from 6 to 8.');
    await bannerPanel.getByLabel('Expiration date').fill(nextYear());
    await bannerPanel.getByText('Show on the login pages', { exact: true }).click();
    await bannerPanel.getByLabel('Position').selectOption('bottom-left');
    await bannerPanel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Banner created').waitFor();
    await page.getByRole('cell', { name: bannerTitle, exact: true }).waitFor();

    // Signed out, the admin login shows it too.
    await page.getByRole('button', { name: 'User menu of Sam Admin' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.getByRole('article', { name: bannerTitle }).waitFor();

    // The client login: shown below the form, dismissed, and still dismissed after a reload.
    await openLogin(page, '/login');
    const banner = page.getByRole('article', { name: bannerTitle });
    await banner.getByText('Spaces is down for maintenance on Sunday from 6 to 8.').waitFor();
    const bannerBox = (await banner.boundingBox())!;
    const formBox = (await page.getByRole('button', { name: 'Login' }).boundingBox())!;
    expect(bannerBox.y).toBeGreaterThan(formBox.y + formBox.height);
    await page.getByRole('button', { name: `Dismiss ${bannerTitle}` }).click();
    await banner.waitFor({ state: 'detached' });
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/v1/banners/login')),
      page.reload(),
    ]);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('article', { name: bannerTitle }).count()).toBe(0);

    // The admin's activity log lists the package's creation.
    await openLogin(page, '/admin/login?redirect=/admin/users');
    await signIn(page, demoUsers.admin);
    await page.waitForURL('**/admin/users');
    await rowMenu(page, 'Sam Admin', 'Activity Log');
    await page.waitForURL('**/admin/users/*/activity-log');
    await page.getByRole('heading', { name: 'Activity log', level: 1 }).waitFor();
    await page.getByLabel('Category').selectOption('Package');
    const entry = page.getByRole('row').filter({ hasText: packageName });
    await entry.getByRole('cell', { name: 'Package', exact: true }).waitFor();
    await entry.getByRole('cell', { name: 'Sam Admin', exact: true }).waitFor();
    await page.context().close();
  });
});
