import { demoUsers } from '../../infra/local/seed';
import { seriousViolations } from '../support/axe';
import { pageAt, signIn, useBrowser } from '../support/browser';

useBrowser();

describe('accessibility (axe-core)', () => {
  it('finds no serious violation on the login pages, their social buttons and the popup pages', async () => {
    const page = await pageAt('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Forgot password' }).click();
    await page.getByRole('button', { name: 'Send email' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // A return page opened by itself, not from the login page's popup, says what it is for.
    await page.goto('/auth/google?code=x&state=y');
    await page.getByRole('link', { name: 'Go to the login page' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds no serious violation on the components page, its side panel and its dialog', async () => {
    const page = await pageAt('/components');
    await page.getByRole('heading', { name: 'Components', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open details' }).click();
    await page.getByRole('dialog', { name: 'Room 01' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByRole('button', { name: 'Yes' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds no serious violation on the account section, its user panel and the activity tab', async () => {
    const page = await pageAt('/login');
    await signIn(page, demoUsers.owner);
    await page.waitForURL('**/c/dashboard');
    await page.goto('/c/account-management');
    await page.getByRole('heading', { name: 'Account Info' }).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('dialog', { name: 'Add user' }).getByLabel('First name').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds no serious violation in the client area and the profile panel', async () => {
    const page = await pageAt('/login');
    await signIn(page, demoUsers.owner);
    await page.waitForURL('**/c/dashboard');
    await page.getByRole('main').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'User menu of Olivia Owner' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds no serious violation on the admin configuration page and its panel', async () => {
    const page = await pageAt('/admin/login?redirect=/admin/configuration/space-types');
    await signIn(page, demoUsers.admin);
    await page.getByRole('cell', { name: 'Boardroom', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Space Type' }).click();
    await page.getByRole('dialog', { name: 'Add Space Type' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds no serious violation on the admin dashboard, accounts, account users and licences, nor while acting as a user', async () => {
    const page = await pageAt('/admin/login');
    await signIn(page, demoUsers.admin);
    // The five newest accounts: other tests' accounts may have taken the demo account's place.
    const newest = page.getByRole('list', { name: 'Recently added accounts' }).getByRole('button').first();
    await newest.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await newest.click();
    await page.getByRole('dialog', { name: 'Account details' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin/accounts');
    // Other tests' accounts may push the demo account off the first page: the search finds it.
    await page.getByLabel('Search accounts').fill('Demo Venues');
    await page.getByRole('cell', { name: 'Demo Venues', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByRole('dialog', { name: 'Add account' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Field is required').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Actions for Demo Venues' }).click();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: demoUsers.owner.email }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Actions for Marco Manager' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit user' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('table', { name: 'Licence purchases' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const usersPage = new URL(page.url()).pathname;
    await page.goto(usersPage.replace(/\/users$/, '/licenses'));
    await page.getByRole('cell', { name: '#1', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add license' }).click();
    await page.getByRole('dialog', { name: 'Add licenses' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Actions for License #1' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'No' }).click();

    await page.goto(usersPage);
    await page.getByRole('button', { name: 'Actions for Olivia Owner' }).click();
    await page.getByRole('menuitem', { name: 'Impersonate' }).click();
    await page.getByRole('region', { name: 'Impersonation' }).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Return to admin' }).click();
    await page.getByRole('cell', { name: demoUsers.owner.email }).waitFor();
    await page.context().close();
  });

  it('finds no serious violation on the packages, banners, admin users and activity log pages, their panels, and a banner', async () => {
    const page = await pageAt('/admin/login?redirect=/admin/configuration/packages');
    await signIn(page, demoUsers.admin);
    await page.getByText('Enterprise', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Package' }).click();
    await page.getByRole('dialog', { name: 'Add Package' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Field is required').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin/configuration/banners');
    await page.getByRole('button', { name: 'Add Banner Announcement' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Banner Announcement' });
    await panel.getByLabel('Title').fill('Accessibility check');
    await panel.getByLabel('Message').fill('A banner on the login pages.');
    await panel.getByLabel('Expiration date').fill('2099-12-31');
    await panel.getByText('Show on the login pages', { exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Accessibility check', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('dialog', { name: 'Add User' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Actions for Sam Admin' }).click();
    await page.getByRole('menuitem', { name: 'Activity Log' }).click();
    await page.getByRole('table', { name: 'Activity' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'User menu of Sam Admin' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.goto('/login');
    await page.getByRole('article', { name: 'Accessibility check' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The banner is for every package: the client area shows it too.
    await signIn(page, demoUsers.owner);
    await page.waitForURL('**/c/dashboard');
    await page.getByRole('article', { name: 'Accessibility check' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
