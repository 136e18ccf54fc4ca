import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { demoUsers } from '../../infra/local/seed';
import { pageAt, signIn, useBrowser } from '../support/browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

useBrowser();

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Judge what a person sees once transitions (toasts sliding in, panels opening) have ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: () => Promise<{
            violations: Array<{
              id: string;
              impact: string;
              nodes: Array<{ target: string[]; failureSummary?: string }>;
            }>;
          }>;
        };
      }
    ).axe.run();
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`,
    );
}

describe('accessibility (axe-core)', () => {
  it('finds no serious violation on the login pages', async () => {
    const page = await pageAt('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Forgot password' }).click();
    await page.getByRole('button', { name: 'Send email' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
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
});
