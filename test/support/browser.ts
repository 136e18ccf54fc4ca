import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium (installed by .ci/run when missing); playwright-core downloads no browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser | undefined;

/** Headless, with the flags this machine's closed network needs; each launch has a fresh profile. */
export async function openBrowser(): Promise<Browser> {
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

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** A page with storage of its own, opened at a path of the system under test. */
export async function pageAt(pathname: string): Promise<Page> {
  if (!browser) throw new Error('openBrowser() first');
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(pathname);
  return page;
}
