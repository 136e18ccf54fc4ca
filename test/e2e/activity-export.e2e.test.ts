import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { demoUsers } from '../../infra/local/seed';
import { signedInClientPage, useBrowser } from '../support/browser';
import { call, signIn } from '../support/e2e-api';

useBrowser();

describe('the activity export', () => {
  it('writes a name that a spreadsheet would run as a formula as text', async () => {
    const suffix = Date.now().toString(36);
    const admin = await signIn('admin', demoUsers.admin);
    const packages = await call('GET', '/admin/packages', admin);
    const enterprise = packages.find((p: { name: string }) => p.name === 'Enterprise');
    const owner = { email: `fay.${suffix}@formula.test`, password: 'Formula123' };
    await call('POST', '/admin/account', admin, {
      name: `Formula ${suffix}`,
      city: 'Hull',
      package_id: enterprise.id,
      package_start_date: '2026-01-01',
      package_end_date: '2030-12-31',
      admin_first_name: 'Fay',
      admin_last_name: 'Owner',
      admin_email: owner.email,
      admin_password: owner.password,
    });
    // A user of the account named as a formula, who then makes a change of their own.
    const formula = '=HYPERLINK("http://ev.il","x")';
    const mallory = { email: `mal.${suffix}@formula.test`, password: 'Formula123' };
    await call('POST', '/client/newuser', await signIn('client', owner), {
      first_name: formula,
      last_name: 'Mallory',
      email: mallory.email,
      password: mallory.password,
      user_role: 'Account Admin',
    });
    await call('POST', '/client/newvenue', await signIn('client', mallory), {
      name: `Harbour ${suffix}`,
      timezone: 'Europe/London',
    });

    // The owner exports the activity log.
    const page = await signedInClientPage(owner);
    await page.goto('/c/account-management/activity-log');
    await page.getByRole('cell', { name: `Created venue Harbour ${suffix}` }).waitFor();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const parsed = Papa.parse<Record<string, string>>(await readFile((await csv.path())!, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    const row = parsed.data.find((entry) => entry.Activity?.startsWith('Created venue Harbour'));
    // The cell begins with a quote: a spreadsheet shows the name and runs nothing.
    expect(row?.User).toBe(`'${formula} Mallory`);
    expect(row?.User?.startsWith("'=")).toBe(true);
  });
});
