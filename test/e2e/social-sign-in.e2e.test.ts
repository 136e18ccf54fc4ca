import type { Page } from 'playwright-core';
import { demoUsers } from '../../infra/local/seed';
import { answerCodeStep, pageAt, storedToken, useBrowser } from '../support/browser';
import { call, signIn } from '../support/e2e-api';

useBrowser();

/**
 * Social sign-in through the local OpenID provider that stands in for Cognito's domain: its
 * sign-in page vouches for whatever e-mail address is typed, for the provider that was asked.
 */

/** The provider's button on the login page, once the broker's configuration is in. */
function socialButton(page: Page, provider: string) {
  return page.getByRole('button', { name: `Sign in with ${provider}`, exact: true });
}

/** Waits until the provider's button can be pressed again. */
async function usable(page: Page, provider: string): Promise<void> {
  await page
    .getByRole('button', { name: `Sign in with ${provider}`, exact: true, disabled: false })
    .waitFor();
}

/** Presses the provider's button: the popup, 400 × 400, on the provider's sign-in page. */
async function openPopup(page: Page, provider: string): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), socialButton(page, provider).click()]);
  await popup.getByRole('heading', { name: `Sign in with ${provider}` }).waitFor();
  expect(popup.viewportSize()).toEqual({ width: 400, height: 400 });
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([400, 400]);
  return popup;
}

/** Signs in at the provider with `email` (verified, the default); the popup closes by itself. */
async function vouchFor(popup: Page, email: string): Promise<void> {
  expect(await popup.getByLabel('Email verified').isChecked()).toBe(true);
  await popup.getByLabel('Email', { exact: true }).fill(email);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Sign in' }).click()]);
}

/** The paths of the socialLogin requests the page makes from now on. */
function socialLoginRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/socialLogin')) requests.push(new URL(request.url()).pathname);
  });
  return requests;
}

describe('social sign-in', () => {
  it('shows Google, Facebook and Microsoft on the client login, Google alone on the admin login', async () => {
    const page = await pageAt('/login');
    await socialButton(page, 'Microsoft').waitFor();
    const names = () =>
      page
        .getByRole('button', { name: /^Sign in with / })
        .evaluateAll((buttons) => buttons.map((b) => b.textContent));
    expect(await names()).toEqual(['Sign in with Google', 'Sign in with Facebook', 'Sign in with Microsoft']);
    await page.goto('/admin/login');
    await socialButton(page, 'Google').waitFor();
    expect(await names()).toEqual(['Sign in with Google']);
    await page.context().close();
  });

  it.each(['Google', 'Facebook', 'Microsoft'])(
    'signs the demo owner in with %s on the client login',
    async (provider) => {
      const page = await pageAt('/login');
      const requests = socialLoginRequests(page);
      const popup = await openPopup(page, provider);
      await vouchFor(popup, demoUsers.owner.email);
      await page.getByText('Welcome', { exact: true }).waitFor();
      await page.getByText('Logged in as Olivia Owner').waitFor();
      await page.waitForURL('**/c/dashboard');
      await page.getByRole('banner').getByText('Demo Venues').waitFor();
      expect(await storedToken(page)).toMatch(/^ey/);
      expect(requests).toEqual(['/api/v1/client/auth/socialLogin']);
      expect(await page.evaluate(() => localStorage.getItem('auth.social'))).toBeNull();
      await page.context().close();
    },
  );

  it('signs the super admin in with Google and a code from their authenticator app on the admin login', async () => {
    const page = await pageAt('/admin/login');
    const popup = await openPopup(page, 'Google');
    const answered = page.waitForResponse((response) => response.url().endsWith('/admin/auth/socialLogin'));
    await vouchFor(popup, demoUsers.admin.email);
    const { result } = (await (await answered).json()) as { result: { challenge: string } };
    expect(result.challenge).toMatch(/^mfa_(code|setup)$/);
    await page.getByLabel('Code', { exact: true }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await answerCodeStep(page, 'admin', demoUsers.admin.email, result.challenge === 'mfa_setup');
    await page.getByText('Welcome', { exact: true }).waitFor();
    await page.getByText('Logged in as Sam Admin').waitFor();
    await page.waitForURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('auth.area'))).toBe('admin');
    await page.context().close();
  });

  it("refuses a message from another origin with 'Event from unknown source' and no session", async () => {
    const page = await pageAt('/login');
    const requests = socialLoginRequests(page);
    const popup = await openPopup(page, 'Google');
    const popupClosed = popup.waitForEvent('close');
    // A page of another origin (a data: URL's is opaque) posts what a return page would.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = `data:text/html,<script>parent.postMessage({ provider: 'google', code: 'x' }, '*')</script>`;
      document.body.append(frame);
    });
    await page.getByText('Event from unknown source').waitFor();
    // The attempt is over: its popup is closed, and the login page is usable again.
    await popupClosed;
    await usable(page, 'Google');
    expect(requests).toEqual([]);
    expect(await storedToken(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('is usable again when the user closes the popup, and the next attempt signs in', async () => {
    const page = await pageAt('/login');
    const first = await openPopup(page, 'Google');
    expect(await socialButton(page, 'Facebook').isDisabled()).toBe(true);
    await first.close();
    await usable(page, 'Google');
    expect(await socialButton(page, 'Facebook').isEnabled()).toBe(true);
    expect(await storedToken(page)).toBeNull();

    const second = await openPopup(page, 'Facebook');
    await vouchFor(second, demoUsers.owner.email);
    await page.getByText('Logged in as Olivia Owner').waitFor();
    await page.waitForURL('**/c/dashboard');
    await page.context().close();
  });

  it('lists the sign-in it linked on the profile; unlinked, its session ends and it signs in no more', async () => {
    // A fresh account, so that no other test's sign-in is unlinked.
    const suffix = Date.now().toString(36);
    const admin = await signIn('admin', demoUsers.admin);
    const packages = await call('GET', '/admin/packages', admin);
    const owner = { email: `lina.${suffix}@linked.test`, password: 'Linked123' };
    await call('POST', '/admin/account', admin, {
      name: `Linked ${suffix}`,
      city: 'York',
      package_id: packages[0].id,
      package_start_date: '2026-01-01',
      package_end_date: '2030-12-31',
      admin_first_name: 'Lina',
      admin_last_name: 'Linked',
      admin_email: owner.email,
      admin_password: owner.password,
    });

    const page = await pageAt('/login');
    await vouchFor(await openPopup(page, 'Google'), owner.email);
    await page.waitForURL('**/c/dashboard');
    await page.getByRole('button', { name: 'User menu of Lina Linked' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Linked sign-ins' });
    await section.getByText('Google', { exact: true }).waitFor();
    await section.getByText(`${owner.email} · Linked`, { exact: false }).waitFor();

    await section.getByRole('button', { name: 'Unlink Google' }).click();
    const question = page.getByRole('alertdialog', { name: 'Unlink Google' });
    await question.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Google sign-in unlinked').waitFor();
    // This session began with Google: it has ended, and the login page says so.
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Please log in!').waitFor();
    expect(await storedToken(page)).toBeNull();

    await usable(page, 'Google');
    await vouchFor(await openPopup(page, 'Google'), owner.email);
    await page
      .getByText('This Google sign-in was unlinked from your Spaces user, so it cannot be used to sign in')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });
});
