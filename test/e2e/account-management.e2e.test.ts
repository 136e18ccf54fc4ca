import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { API_BASE } from '@shared/api/routes';
import { demoUsers } from '../../infra/local/seed';
import { signedInClientPage, useBrowser } from '../support/browser';
import { signIn } from '../support/e2e-api';

useBrowser();

/** A fresh account with its own Account Admin, made through the admin API as a super admin would. */
async function freshAccount(suffix: string) {
  const api = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${inject('baseUrl')}${API_BASE}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  const token = await signIn('admin', demoUsers.admin);
  const packages = await api('/admin/packages', { token });
  const enterprise = packages.body.result.find((p: { name: string }) => p.name === 'Enterprise');
  const owner = { email: `olga.${suffix}@orchard.test`, password: 'Orchard123' };
  const created = await api('/admin/account', {
    method: 'POST',
    token,
    body: JSON.stringify({
      name: `Orchard ${suffix}`,
      city: 'Leeds',
      package_id: enterprise.id,
      package_start_date: '2026-01-01',
      package_end_date: '2027-12-31',
      admin_first_name: 'Olga',
      admin_last_name: 'Orchard',
      admin_email: owner.email,
      admin_password: owner.password,
    }),
  });
  expect(created.status).toBe(200);
  return owner;
}

/** The texts of one column of the table named `table`, in order, on the page shown. */
async function column(page: Page, table: string, index: number): Promise<string[]> {
  const cells = page.getByRole('table', { name: table }).locator(`tbody tr td:nth-child(${index})`);
  return (await cells.allTextContents()).map((text) => text.trim());
}

describe('the client account section', () => {
  it('lets the owner add a Venue Manager, switch them off and on, and export the activity', async () => {
    const suffix = Date.now().toString(36);
    const owner = await freshAccount(suffix);
    const manager = { email: `mia.${suffix}@orchard.test`, password: 'Manager123' };

    const page = await signedInClientPage(owner);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL('**/c/account-management');
    await page.getByRole('heading', { name: 'Account Info' }).waitFor();
    await page.getByRole('cell', { name: owner.email }).waitFor();

    // The owner's own status toggle is disabled.
    await expect(page.getByRole('switch', { name: 'Status of Olga Orchard' }).isDisabled()).resolves.toBe(
      true,
    );

    // Add a Venue Manager.
    await page.getByRole('button', { name: 'Add user' }).click();
    const panel = page.getByRole('dialog', { name: 'Add user' });
    await panel.getByLabel('First name').fill('Mia');
    await panel.getByLabel('Last name').fill('Manager');
    await panel.getByLabel('E-mail').fill(manager.email);
    await panel.getByLabel('Password', { exact: true }).fill(manager.password);
    await panel.getByLabel('Role').selectOption('Venue Manager');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User created').waitFor();
    // The panel now shows the new user read-only.
    const details = page.getByRole('dialog', { name: 'Mia Manager' });
    await details.getByText(manager.email).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('cell', { name: manager.email }).waitFor();
    expect(await column(page, 'Users', 5)).toContain('Venue Manager');

    // Their status toggle saves at once, both ways.
    const toggle = page.getByRole('switch', { name: 'Status of Mia Manager' });
    // Amplify's switch is a visually hidden checkbox under its track: pressed as a user does.
    await toggle.setChecked(false, { force: true });
    await page.getByText('User updated').first().waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await toggle.setChecked(true, { force: true });
    await expect.poll(() => toggle.isChecked()).toBe(true);

    // The manager signs in and sees no Account section.
    const managerPage = await signedInClientPage(manager);
    expect(await managerPage.getByRole('link', { name: 'Account', exact: true }).count()).toBe(0);
    await managerPage.goto('/c/account-management');
    await managerPage.waitForURL((url) => !url.pathname.startsWith('/c/account-management'));
    await managerPage.context().close();

    // The Activity tab lists the changes, newest first.
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL('**/c/account-management/activity-log');
    await page.getByRole('cell', { name: /Created user Mia Manager/ }).waitFor();
    const activities = await column(page, 'Activity', 5);
    expect(activities.slice(0, 3)).toEqual([
      'Activated user Mia Manager',
      'Deactivated user Mia Manager',
      'Created user Mia Manager (Venue Manager) in Orchard ' + suffix,
    ]);
    const times = await column(page, 'Activity', 6);
    expect(times[0]).toMatch(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2}, \d{4} \| \d{1,2}:\d{2}(am|pm)$/);

    // Export CSV: the file of the range holds the rows the table shows.
    const from = await page.getByLabel('From date').inputValue();
    const to = await page.getByLabel('To date').inputValue();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`ActivityLog_${from}_${to}.csv`);
    const parsed = Papa.parse<Record<string, string>>(await readFile((await csv.path())!, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    // The table's text columns, no more.
    expect(parsed.meta.fields).toEqual(['User', 'Role', 'Category', 'Activity', 'Time']);
    expect(parsed.data.map((row) => row.Activity)).toEqual(activities);
    expect(parsed.data[0]).toMatchObject({ User: 'Olga Orchard', Role: 'Account Admin', Category: 'User' });

    // Export PDF: loaded when pressed, with the title, the range and the rows.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('ActivityLog.pdf');
    const text = (await readFile((await pdf.path())!)).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    for (const phrase of [
      'Activity log',
      `From ${from} to ${to}`,
      'Deactivated user Mia Manager',
      'Olga Orchard',
    ]) {
      expect(text, phrase).toContain(`(${phrase})`);
    }
    await page.context().close();
  });
});
