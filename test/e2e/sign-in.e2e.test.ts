import type { Page, Request } from 'playwright-core';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import { readMailbox } from '../../infra/local/emulators/ses';
import { demoUsers } from '../../infra/local/seed';
import { answerCodeStep, pageAt, signIn, storedToken, useBrowser } from '../support/browser';
import { call, signIn as apiSignIn } from '../support/e2e-api';
import { freshCode } from '../support/second-factor';

useBrowser();

describe('signing in through the SPA', () => {
  it('takes a client user to their area with the welcome toasts and their account in the header', async () => {
    const page = await pageAt('/login');
    await page.getByRole('heading', { name: 'Spaces' }).waitFor();
    await signIn(page, demoUsers.owner);
    await page.getByText('Logged in as Olivia Owner').waitFor();
    await page.getByText('Welcome', { exact: true }).waitFor();
    await page.waitForURL('**/c/dashboard');
    await page.getByRole('banner').getByText('Demo Venues').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toMatch(/^ey/);
    await page.context().close();
  });

  it.each([
    ['Venue Manager', demoUsers.manager, 'Marco Manager'],
    ['Event Coordinator', demoUsers.coordinator, 'Chloe Coordinator'],
  ])('lets the demo %s sign in', async (_role, user, name) => {
    const page = await pageAt('/login');
    await signIn(page, user);
    await page.getByText(`Logged in as ${name}`).waitFor();
    await page.waitForURL('**/c/dashboard');
    await page.context().close();
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const page = await pageAt('/login');
    await signIn(page, { ...demoUsers.manager, password: 'Wrong1234' });
    await page.getByText('Incorrect e-mail or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('signs the super admin in on the admin login, with a code from their authenticator app', async () => {
    const page = await pageAt('/admin/login');
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    await signIn(page, demoUsers.admin);
    await page.getByText('Logged in as Sam Admin').waitFor();
    await page.waitForURL(/\/admin$/);
    await page.context().close();
  });

  it('sets up a new admin’s authenticator app from the QR code at the first sign-in, then asks for its code', async () => {
    const admin = { email: `nia-${ulid().toLowerCase()}@example.test`, password: 'Admin1234' };
    await call('POST', '/admin/admins', await apiSignIn('admin', demoUsers.admin), {
      ...admin,
      first_name: 'Nia',
      last_name: 'New',
    });
    const page = await pageAt('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();

    // The QR code and the key to type instead; no session before the code.
    await page.getByText(/Two-factor authentication is required/).waitFor();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const key = (await page.getByTestId('mfa-key').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await storedToken(page)).toBeNull();
    // A wrong code is refused with a clear message, and the page waits for another.
    const right = await freshCode(key);
    await page.getByLabel('Code', { exact: true }).fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText('The code is not correct. Enter the current code from your authenticator app')
      .waitFor();
    await page.getByLabel('Code', { exact: true }).fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Logged in as Nia New').waitFor();
    await page.waitForURL(/\/admin$/);
    await page.context().close();

    // The next sign-in asks for a code of the app set up.
    const again = await pageAt('/admin/login');
    await again.getByLabel('Email').fill(admin.email);
    await again.getByLabel('Password', { exact: true }).fill(admin.password);
    await again.getByRole('button', { name: 'Login' }).click();
    await again.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    expect(await again.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await answerCodeStep(again, 'admin', admin.email, false);
    await again.getByText('Logged in as Nia New').waitFor();
    await again.context().close();
  });
});

describe('route guards', () => {
  it("sends a guest to login with 'Please log in!' and back to the wanted page afterwards", async () => {
    const page = await pageAt('/admin/configuration/venue-types');
    await page.getByText('Please log in!').waitFor();
    await page.waitForURL('**/admin/login?redirect=*');
    await signIn(page, demoUsers.admin);
    await page.waitForURL('**/admin/configuration/venue-types');
    await page.getByRole('cell', { name: 'Hotel', exact: true }).waitFor();
    await page.context().close();
  });
});

describe('the e-mailed link to set a password', () => {
  /** A new account whose Account Admin has no password yet, so the welcome mail holds the link. */
  async function welcomedOwner() {
    const suffix = ulid().toLowerCase();
    const admin = await apiSignIn('admin', demoUsers.admin);
    const packages: { id: string; name: string }[] = await call('GET', '/admin/packages', admin);
    const email = `ruth+${suffix}@linkwell.test`;
    await call('POST', '/admin/account', admin, {
      name: `Linkwell ${suffix.slice(-6)}`,
      package_id: packages.find((p) => p.name === 'Enterprise')!.id,
      package_start_date: '2026-01-01',
      package_end_date: '2030-12-31',
      admin_first_name: 'Ruth',
      admin_last_name: 'Linkwell',
      admin_email: email,
      admin_password: '',
    });
    const mail = (await readMailbox(inject('mailboxUrl'))).find((m) => m.to.includes(email))!;
    const href = /href="([^"]+)"/.exec(mail.html!)![1]!.replaceAll('&#38;', '&');
    const token = new URLSearchParams(new URL(href).hash.slice(1)).get('token')!;
    return { email, href, token };
  }

  /** Every request the page sends from now on, with the headers it went out with. */
  function recordRequests(page: Page) {
    const sent: { url: string; referer: string | undefined; request: Request }[] = [];
    page.on('request', (request) => {
      sent.push({ url: request.url(), referer: undefined, request });
    });
    return async () => {
      for (const entry of sent) entry.referer = (await entry.request.allHeaders()).referer;
      return sent;
    };
  }

  /** Sets the password on the reset page and checks it took: the new one signs in. */
  async function resetOn(page: Page, email: string) {
    await page.getByLabel('Password', { exact: true }).fill('Chosen1234');
    await page.getByLabel('Confirm Password').fill('Chosen1234');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Password reset success').waitFor();
    expect(await apiSignIn('client', { email, password: 'Chosen1234' })).toMatch(/^ey/);
  }

  it('sets the password with no request carrying the token, in its address or its Referer', async () => {
    const { email, href, token } = await welcomedOwner();
    const url = new URL(href);
    expect(`${url.pathname}${url.search}`).toBe('/password-reset');

    const page = await pageAt('/login');
    const requests = recordRequests(page);
    const documentAnswer = await page.goto(href);
    expect(documentAnswer!.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByLabel('Password', { exact: true }).waitFor();
    // The address bar (and so history and bookmarks) no longer holds the token.
    expect(page.url()).toBe(`${inject('baseUrl')}/password-reset`);
    await resetOn(page, email);

    const sent = await requests();
    const apiCalls = sent.filter((r) => r.url.includes('/api/v1/'));
    expect(sent.map((r) => r.url)).toContain(`${inject('baseUrl')}/password-reset`);
    expect(apiCalls.map((r) => new URL(r.url).pathname)).toContain('/api/v1/client/auth/reset');
    for (const { url: sentUrl, referer } of sent) {
      expect(sentUrl).not.toContain(token);
      expect(referer ?? '').not.toContain(token);
    }
    expect(apiCalls.filter((r) => r.referer !== undefined)).toEqual([]);
    await page.context().close();
  });

  it('still sets the password from a link of the older form, and takes the token out of the address', async () => {
    const { email, token } = await welcomedOwner();
    const page = await pageAt('/login');
    const requests = recordRequests(page);
    const opened = `${inject('baseUrl')}/password-reset/${token}/${encodeURIComponent(email)}/`;
    await page.goto(opened);
    await page.waitForURL(`${inject('baseUrl')}/password-reset`);
    await resetOn(page, email);
    // Only the document request that opened the link carried it; nothing the page sent after.
    const after = (await requests()).filter((r) => r.url !== opened);
    expect(after.length).toBeGreaterThan(0);
    for (const { url: sentUrl, referer } of after) {
      expect(sentUrl).not.toContain(token);
      expect(referer ?? '').not.toContain(token);
    }
    await page.context().close();
  });
});
