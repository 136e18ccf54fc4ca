import type { Page } from 'playwright-core';
import { demoUsers } from '../../infra/local/seed';
import { pageAt, signIn, storedToken, useBrowser } from '../support/browser';

useBrowser();

/** A date `days` from today, as the date fields take it. */
function day(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The licence numbers shown in the licences table, in order. */
async function licenceNumbers(page: Page): Promise<string[]> {
  const cells = page.getByRole('table', { name: 'Licenses' }).getByRole('row').locator('td:first-child');
  return (await cells.allTextContents()).map((text) => text.trim());
}

async function rowMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('admin: accounts, licences and impersonation', () => {
  it('creates an account with its admin, manages its licences, and acts as its admin', async () => {
    const suffix = Date.now().toString(36);
    const accountName = `Riverside ${suffix}`;
    const admin = { first: 'Rita', last: 'River', email: `rita.${suffix}@riverside.test` };

    const page = await pageAt('/admin/login?redirect=/admin/accounts');
    await signIn(page, demoUsers.admin);
    await page.waitForURL('**/admin/accounts');
    // The list has loaded (other tests' accounts may push the demo account off its first page).
    await page.getByRole('button', { name: 'Add account' }).waitFor();

    // The account and its first Account Admin.
    await page.getByRole('button', { name: 'Add account' }).click();
    const panel = page.getByRole('dialog', { name: 'Add account' });
    await panel.getByRole('option', { name: 'Enterprise' }).waitFor({ state: 'attached' });
    await panel.getByLabel('Account name').fill(accountName);
    await panel.getByLabel('Package', { exact: true }).selectOption({ label: 'Enterprise' });
    await panel.getByLabel('Package start date').fill(day(0));
    await panel.getByLabel('Package end date').fill(day(365));
    await panel.getByLabel('City').fill('Portland');
    await panel.getByLabel('First name').fill(admin.first);
    await panel.getByLabel('Last name').fill(admin.last);
    await panel.getByLabel('E-mail').fill(admin.email);
    await panel.getByLabel('Password', { exact: true }).fill('River1234');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account created').waitFor();
    await page.getByRole('cell', { name: accountName, exact: true }).waitFor();
    await panel.waitFor({ state: 'detached' });

    // Three licences, then one fewer after the confirmation.
    await rowMenu(page, accountName, 'Screen Licences');
    await page.waitForURL('**/licenses');
    await page.getByText('No licenses found').waitFor();
    await page.getByRole('button', { name: 'Add license' }).click();
    const add = page.getByRole('dialog', { name: 'Add licenses' });
    await add.getByLabel('Number of licenses').selectOption('3');
    await add.getByLabel('Expiration date').fill(day(365));
    await add.getByLabel('Order number').fill('4242');
    await add.getByLabel('Amount per license').fill('25');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Licenses added').waitFor();
    await page.getByRole('cell', { name: '#3', exact: true }).waitFor();
    expect(await licenceNumbers(page)).toEqual(['#3', '#2', '#1']);

    await rowMenu(page, 'License #2', 'Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete License #2?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('License deleted').waitFor();
    await page.getByRole('cell', { name: '#2', exact: true }).waitFor({ state: 'detached' });
    expect(await licenceNumbers(page)).toEqual(['#3', '#1']);

    // Act as the account's admin, then come back.
    await page.getByRole('link', { name: '← Accounts' }).click();
    await rowMenu(page, accountName, 'Users');
    await page.waitForURL('**/users');
    const usersPage = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: accountName }).waitFor();
    const adminToken = await storedToken(page);
    await rowMenu(page, `${admin.first} ${admin.last}`, 'Impersonate');

    await page.waitForURL('**/c/dashboard');
    const bar = page.getByRole('region', { name: 'Impersonation' });
    await bar.getByText(`Viewing as ${admin.first} ${admin.last}`).waitFor();
    await page.getByRole('banner').getByText(accountName).waitFor();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Account' })
      .waitFor();
    expect(await storedToken(page)).not.toBe(adminToken);

    await bar.getByRole('button', { name: 'Return to admin' }).click();
    await page.waitForURL(`**${usersPage}`);
    await page.getByRole('heading', { level: 1, name: accountName }).waitFor();
    expect(await storedToken(page)).toBe(adminToken);
    expect(await bar.count()).toBe(0);

    // The admin session is whole: the API still answers it.
    await page.reload();
    await page.getByRole('cell', { name: admin.email, exact: true }).waitFor();
    await page.context().close();
  });
});
