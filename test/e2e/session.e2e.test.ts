import type { Page, Route } from 'playwright-core';
import { demoUsers } from '../../infra/local/seed';
import { signedInClientPage, storedToken, useBrowser } from '../support/browser';

useBrowser();

const profile = '**/api/v1/client/me';

/**
 * Holds every profile request for `delayMs` before letting the real API answer it, and tells
 * when the next one is in flight.
 */
async function slowProfile(page: Page, delayMs: number) {
  let announce: (() => void) | undefined;
  await page.route(profile, async (route: Route) => {
    announce?.();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    // The page may have reloaded meanwhile, which cancelled the request.
    await route.continue().catch(() => undefined);
  });
  return {
    /** Resolves once the next profile request has been sent; fails when none comes. */
    next(): Promise<void> {
      const requested = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the profile was not requested: signed out?')),
          10_000,
        );
        announce = () => {
          clearTimeout(timer);
          announce = undefined;
          resolve();
        };
      });
      // Awaiting it still throws; a test that failed before awaiting leaves no unhandled rejection.
      requested.catch(() => undefined);
      return requested;
    },
  };
}

/** Records, in the tab's sessionStorage, every error toast any page of the tab showed. */
async function recordToasts(page: Page) {
  await page.context().addInitScript(() => {
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const seen = JSON.parse(sessionStorage.getItem('toasts.seen') ?? '[]') as string[];
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) sessionStorage.setItem('toasts.seen', JSON.stringify([...seen, text]));
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const toastsSeen = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('toasts.seen') ?? '[]') as string[]);

async function expectSignedInOnDashboard(page: Page, token: string | null) {
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByRole('banner').getByText('Demo Venues').waitFor();
  expect(new URL(page.url()).pathname).toBe('/c/dashboard');
  expect(await storedToken(page)).toBe(token);
}

describe('the session survives what is not a 401', () => {
  it('stays signed in when the page reloads twice while the profile loads, ten times over', async () => {
    const page = await signedInClientPage(demoUsers.owner);
    const token = await storedToken(page);
    expect(token).toMatch(/^ey/);
    await recordToasts(page);
    const profileRequests = await slowProfile(page, 1000);

    for (let round = 0; round < 10; round++) {
      let inFlight = profileRequests.next();
      await page.reload({ waitUntil: 'commit' });
      await inFlight;
      // Twice: reload while the profile is on its way (at different points of its delay).
      for (let reload = 0; reload < 2; reload++) {
        await page.waitForTimeout(((round + reload) % 4) * 200);
        inFlight = profileRequests.next();
        await page.reload({ waitUntil: 'commit' });
        expect(await storedToken(page), `token after reload ${reload + 1} of round ${round + 1}`).toBe(token);
        await inFlight;
      }
      await expectSignedInOnDashboard(page, token);
    }
    // The requests cut off by the reloads showed no error.
    expect(await toastsSeen(page)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('shows the error of a 503 on the profile, stays signed in and loads it again on Retry', async () => {
    const page = await signedInClientPage(demoUsers.owner);
    const token = await storedToken(page);
    await recordToasts(page);
    let failures = 0;
    await page.route(profile, (route) => {
      if (failures > 0) return route.continue();
      failures++;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service Unavailable' }),
      });
    });

    await page.reload();
    await page.locator('[data-sonner-toast]').getByText('Service Unavailable').waitFor();
    await page.getByRole('heading', { name: 'Your profile could not be loaded' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/c/dashboard');
    expect(await storedToken(page)).toBe(token);

    await page.getByRole('button', { name: 'Retry' }).click();
    await expectSignedInOnDashboard(page, token);
    expect(failures).toBe(1);
    expect(await toastsSeen(page)).toEqual([expect.stringContaining('Service Unavailable')]);
    await page.context().close();
  });
});
