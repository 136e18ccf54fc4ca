import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { codeForChallenge, freshCode } from './second-factor';

/** Debian's Chromium (installed by .ci/run when missing); playwright-core downloads no browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser | undefined;

/** Headless, with the flags this machine's closed network needs; each launch has a fresh profile. */
async function openBrowser(): Promise<Browser> {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/**
 * A page with storage of its own, opened at a path of the system under test; `options` adds to the
 * context's (e.g. `timezoneId`).
 */
export async function pageAt(pathname: string, options: BrowserContextOptions = {}): Promise<Page> {
  if (!browser) throw new Error('openBrowser() first');
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const page = await context.newPage();
  await page.goto(pathname);
  return page;
}

/** Opens Chromium for the test file and closes it afterwards. */
export function useBrowser(): void {
  beforeAll(openBrowser);
  afterAll(closeBrowser);
}

/**
 * Fills the login form on the page and submits it. When the API answers with a second factor to
 * give (every super admin), types the code an authenticator app would show: of the key the page
 * shows when setting one up, or of the person's secret (test/support/second-factor.ts).
 */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/auth\/login$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Login' }).click();
  const response = await answered;
  const challenge = response.ok()
    ? ((await response.json()) as { result: { challenge?: string } }).result
    : undefined;
  if (!challenge?.challenge) return;
  const area = new URL(response.url()).pathname.includes('/admin/') ? 'admin' : 'client';
  await answerCodeStep(page, area, user.email, challenge.challenge === 'mfa_setup');
}

/**
 * Types the code of the login page's second step: setting up, of the key the page shows (as a
 * person would type it into their app); otherwise of the person's secret.
 */
export async function answerCodeStep(
  page: Page,
  area: 'client' | 'admin',
  email: string,
  setup: boolean,
): Promise<void> {
  const code = setup
    ? await freshCode((await page.getByTestId('mfa-key').innerText()).replace(/\s/g, ''))
    : await codeForChallenge(area, email, { challenge: 'mfa_code', secret: null });
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** A fresh page signed in as `user` through the client login form, on the client start page. */
export async function signedInClientPage(
  user: { email: string; password: string },
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await pageAt('/login', options);
  await signIn(page, user);
  await page.waitForURL('**/c/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
}

/** The session token the SPA keeps (localStorage['auth.token']), or null when signed out. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('auth.token'));
}
