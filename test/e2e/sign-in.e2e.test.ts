import { demoUsers } from '../../infra/local/seed';
import { pageAt, signIn, useBrowser } from '../support/browser';

useBrowser();

describe('signing in through the SPA', () => {
  it('takes a client user to their area with the welcome toasts and their account in the header', async () => {
    const page = await pageAt('/login');
    await page.getByRole('heading', { name: 'Spaces' }).waitFor();
    await signIn(page, demoUsers.owner);
    await page.getByText('Logged in as Olivia Owner').waitFor();
    await page.getByText('Welcome', { exact: true }).waitFor();
    await page.waitForURL('**/c/dashboard');
    await page.getByRole('banner').getByText('Demo Venues').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toMatch(/^ey/);
    await page.context().close();
  });

  it.each([
    ['Venue Manager', demoUsers.manager, 'Marco Manager'],
    ['Event Coordinator', demoUsers.coordinator, 'Chloe Coordinator'],
  ])('lets the demo %s sign in', async (_role, user, name) => {
    const page = await pageAt('/login');
    await signIn(page, user);
    await page.getByText(`Logged in as ${name}`).waitFor();
    await page.waitForURL('**/c/dashboard');
    await page.context().close();
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const page = await pageAt('/login');
    await signIn(page, { ...demoUsers.manager, password: 'Wrong1234' });
    await page.getByText('Incorrect e-mail or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('signs the super admin in on the admin login', async () => {
    const page = await pageAt('/admin/login');
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    await signIn(page, demoUsers.admin);
    await page.getByText('Logged in as Sam Admin').waitFor();
    await page.waitForURL(/\/admin$/);
    await page.context().close();
  });
});

describe('route guards', () => {
  it("sends a guest to login with 'Please log in!' and back to the wanted page afterwards", async () => {
    const page = await pageAt('/admin/configuration/venue-types');
    await page.getByText('Please log in!').waitFor();
    await page.waitForURL('**/admin/login?redirect=*');
    await signIn(page, demoUsers.admin);
    await page.waitForURL('**/admin/configuration/venue-types');
    await page.getByRole('cell', { name: 'Hotel', exact: true }).waitFor();
    await page.context().close();
  });
});
