import { demoUsers } from '../../infra/local/seed';
import { pageAt, signIn, useBrowser } from '../support/browser';

useBrowser();

describe('admin configuration', () => {
  it('adds an amenity that then shows in the table and survives a reload', async () => {
    const page = await pageAt('/admin/login?redirect=/admin/configuration/amenities');
    await signIn(page, demoUsers.admin);
    await page.waitForURL('**/admin/configuration/amenities');
    await page.getByRole('cell', { name: 'Projector', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add Amenity' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Amenity' });
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText('Field is required').waitFor();

    await panel.getByLabel(/Title/).fill('Standing desks');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Amenity created').waitFor();
    await page.getByRole('cell', { name: 'Standing desks', exact: true }).waitFor();

    await page.reload();
    await page.getByRole('cell', { name: 'Standing desks', exact: true }).waitFor();
    await page.context().close();
  });
});
