import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { fakeClockOffset, shiftDate } from '../../infra/local/fake-clock';
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
 * context's (e.g. `timezoneId`). Under `SPACES_FAKE_NOW` its `Date` reads the system's fake clock.
 */
export async function pageAt(pathname: string, options: BrowserContextOptions = {}): Promise<Page> {
  if (!browser) throw new Error('openBrowser() first');
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const offset = fakeClockOffset();
  if (offset !== undefined) await context.addInitScript(shiftDate, offset);
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

/** A point in CSS pixels. */
export interface Point {
  x: number;
  y: number;
}

/** The box of an element on the page, where it is now. */
export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the page`);
  return box;
}

/**
 * Where `part` lies in `whole`, from whole's top-left corner: the `position` of an action of
 * `whole` itself (`dblclick`, `click`) aimed at a point of `part` that no element of its own
 * answers, such as the empty part of a calendar's day. The action scrolls `whole` into view (in
 * every scrolling box around it), waits until it stands still and checks that the point is still
 * `whole`'s when it clicks. `page.mouse` at page coordinates measured beforehand does none of that:
 * it hits whatever lies there by then, and nothing when that is out of view.
 */
export async function boxWithin(whole: Locator, part: Locator) {
  const outer = await boxOf(whole);
  const inner = await boxOf(part);
  return { x: inner.x - outer.x, y: inner.y - outer.y, width: inner.width, height: inner.height };
}

/** The middle of an element on the page. */
export async function centreOf(locator: Locator): Promise<Point> {
  const box = await boxOf(locator);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags `source` by its middle with the mouse, in small steps as a hand does, and drops it at the
 * point of the page `target` answers. The mouse first goes to `source` through Playwright's own
 * hover, which scrolls it into view, waits until it stands still and checks that nothing covers
 * it; only then are the points measured (`page.mouse` moves to page coordinates, in view or not).
 */
export async function dragWithMouse(source: Locator, target: (from: Point) => Promise<Point>): Promise<void> {
  const mouse = source.page().mouse;
  await source.hover();
  const from = await centreOf(source);
  const to = await target(from);
  await mouse.move(from.x, from.y);
  await mouse.down();
  await mouse.move(from.x + 20, from.y, { steps: 5 });
  await mouse.move(to.x, to.y, { steps: 15 });
  await mouse.up();
}
