import { demoUsers } from '../../infra/local/seed';
import { pageAt, signIn, useBrowser } from '../support/browser';

useBrowser();

describe('profile panel', () => {
  it('uploads a cropped photo straight to S3, saves the profile and shows the photo', async () => {
    const page = await pageAt('/login');
    await signIn(page, demoUsers.coordinator);
    await page.waitForURL('**/c/dashboard');

    await page.getByRole('button', { name: 'User menu of Chloe Coordinator' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText(/^\d{4}$/).waitFor(); // the PIN
    await panel.getByRole('button', { name: 'Edit' }).click();

    // A real PNG, drawn by the browser.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 96;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#2e7d32';
      ctx.fillRect(0, 0, 96, 96);
      return canvas.toDataURL('image/png');
    });
    await panel.getByLabel('Profile photo file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64'),
    });
    await panel.getByRole('button', { name: 'Use photo' }).click();
    await panel.getByLabel('Phone').fill('555-0123');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated').waitFor();

    const photo = panel.getByRole('img', { name: 'Photo of Chloe Coordinator' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/profile-photo/);
    // The browser loaded the stored file: a square, cropped and scaled image.
    await page.waitForFunction(() => {
      const img = document.querySelector('img[alt="Photo of Chloe Coordinator"]') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 0 && img.naturalWidth === img.naturalHeight;
    });
    await panel.getByText('555-0123').waitFor();
    await page.context().close();
  });
});
