import { inject } from 'vitest';
import { pageAt, useBrowser } from '../support/browser';

useBrowser();

describe('the API reference page', () => {
  it('draws every operation of the generated OpenAPI document, and a route in detail', async () => {
    const document = await (await fetch(`${inject('baseUrl')}/api/v1/openapi.json`)).json();
    const operations = Object.values(document.paths as Record<string, object>).flatMap((p) => Object.keys(p));
    const page = await pageAt('/api-reference');
    await page.getByRole('heading', { name: 'Spaces API', level: 1, exact: true }).waitFor();
    await page.locator('.opblock').first().waitFor();
    // Past 150 rows (tags and operations) Swagger UI draws only the rows in view: scroll through
    // the page and gather each operation drawn.
    const drawn = new Set<string>();
    for (let top = 0; ; top += 400) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await page.waitForTimeout(50);
      for (const id of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((b) => b.id)))
        drawn.add(id);
      if (await page.evaluate((y) => y + window.innerHeight >= document.documentElement.scrollHeight, top))
        break;
    }
    expect(drawn.size).toBe(operations.length);

    // One operation opened: its summary, its request body and its documented errors.
    const amenity = page.locator('.opblock-summary', { hasText: '/admin/amenities/{id}' }).first();
    for (let top = 0; (await amenity.count()) === 0; top += 400) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await page.waitForTimeout(50);
    }
    await amenity.click();
    const opened = page.locator('.opblock.is-open');
    await opened.getByText('Renames an amenity or changes its status').waitFor();
    for (const status of ['200', '401', '403', '404', '409', '422', '503']) {
      await opened.locator('.response', { hasText: status }).first().waitFor();
    }
    expect(await page.title()).toBe('Spaces | API reference');
    await page.context().close();
  });
});
