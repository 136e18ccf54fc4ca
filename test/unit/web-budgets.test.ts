import { chunkSet, kib, readManifest, routeBudgets, routeWeights, type RouteWeight } from '../../web/budgets';

/**
 * What each route downloads before it can draw (web/budgets.ts), from the web build that
 * `npm test` makes before this project runs. A route over its budget fails the run, naming
 * its files, so that a heavy import shows up in the change that adds it.
 */

function describeWeight(route: RouteWeight): string {
  const files = route.files
    .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `    ${kib(f.gzipBytes).padStart(6)} KiB  ${f.file}`)
    .join('\n');
  return (
    `${route.budget.name} (${route.budget.path}) downloads ${kib(route.gzipBytes)} KiB of JS and CSS (gzip) ` +
    `before it draws; its budget is ${route.budget.limitKiB} KiB. Its files:\n${files}`
  );
}

describe('web budgets', () => {
  it.each(routeBudgets.map((budget) => [budget.name, budget] as const))(
    '%s stays within its budget',
    (name) => {
      const route = routeWeights().find((r) => r.budget.name === name)!;
      expect(route.gzipBytes, describeWeight(route)).toBeLessThanOrEqual(route.budget.limitKiB * 1024);
    },
  );

  it.each([
    ['the sign-in page', 'src/features/auth/LoginPage.tsx'],
    ['the room display', 'src/features/display/DisplayPage.tsx'],
  ])('keeps the areas, their libraries and the profile panel out of %s', (_, page) => {
    const manifest = readManifest();
    const loaded = new Set(chunkSet(manifest, [page]).files.map((f) => f.file));
    for (const other of [
      'src/layout/ClientLayout.tsx',
      'src/auth/sections.tsx',
      'src/layout/AdminLayout.tsx',
      'src/features/configuration/ConfigurationPage.tsx',
      'src/features/profile/ProfilePanel.tsx',
      'src/features/profile/ProfileForm.tsx',
      'src/components/photo/PhotoCropper.tsx',
    ]) {
      expect(manifest[other]?.isDynamicEntry, `${other} is a lazy chunk`).toBe(true);
      expect(loaded.has(manifest[other]!.file), `${page} loads ${other}`).toBe(false);
    }
  });
});
