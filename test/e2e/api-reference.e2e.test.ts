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
    expect(await page.locator('.opblock').count()).toBe(operations.length);

    // One operation opened: its summary, its request body and its documented errors.
    await page.locator('.opblock-summary', { hasText: '/admin/amenities/{id}' }).first().click();
    const opened = page.locator('.opblock.is-open');
    await opened.getByText('Renames an amenity or changes its status').waitFor();
    for (const status of ['200', '401', '403', '404', '409', '422', '503']) {
      await opened.locator('.response', { hasText: status }).first().waitFor();
    }
    expect(await page.title()).toBe('Spaces | API reference');
    await page.context().close();
  });
});
