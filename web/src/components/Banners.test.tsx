import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Banner } from '@shared/schemas/banners';
import { aClientMe, signedInAs } from '../test/builders';
import { fakeApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';
import { DISMISSED_KEY } from './Banners';

function aBanner(title: string, overrides: Partial<Banner> = {}): Banner {
  return {
    id: `b-${title.toLowerCase().replace(/\W+/g, '-')}`,
    title,
    message: `${title}: the message`,
    expiration_date: '2099-12-31',
    on_login_page: true,
    for_login_page: true,
    for_packages: '',
    hideable: true,
    position: 'top-center',
    status: 'Active',
    created_at: '2025-01-15T10:00:00.000Z',
    updated_at: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** Whether `a` comes before `b` in the document. */
const precedes = (a: Element, b: Element) =>
  !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('banners on the login pages', () => {
  it('shows the top ones above the form and the bottom ones below it', async () => {
    fakeApi().ok('GET', '/banners/login', [
      aBanner('Maintenance', { position: 'top-left' }),
      aBanner('New look', { position: 'bottom-right', hideable: false }),
    ]);
    renderApp('/login');
    const maintenance = await screen.findByRole('article', { name: 'Maintenance' });
    const newLook = screen.getByRole('article', { name: 'New look' });
    const heading = screen.getByRole('heading', { name: 'Spaces', level: 1 });
    expect(precedes(maintenance, heading)).toBe(true);
    expect(precedes(heading, newLook)).toBe(true);
    expect(screen.getByText('Maintenance: the message')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dismiss Maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss New look' })).not.toBeInTheDocument();
  });

  it('remembers a dismissal in the browser until the banner is edited', async () => {
    const banner = aBanner('Maintenance');
    const api = fakeApi().ok('GET', '/banners/login', [banner]);
    const { user } = renderApp('/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Dismiss Maintenance' }));
    expect(screen.queryByRole('article', { name: 'Maintenance' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]')).toEqual([
      `${banner.id}@${banner.updated_at}`,
    ]);

    // The next visit: fetched again, still hidden.
    cleanup();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Spaces', level: 1 });
    await waitFor(() => expect(api.callsTo('GET', '/banners/login')).toHaveLength(2));
    expect(screen.queryByRole('article', { name: 'Maintenance' })).not.toBeInTheDocument();

    // Edited since: shown again.
    cleanup();
    api.ok('GET', '/banners/login', [{ ...banner, updated_at: '2025-02-01T08:00:00.000Z' }]);
    renderApp('/login');
    expect(await screen.findByRole('article', { name: 'Maintenance' })).toBeInTheDocument();
  });

  it('says nothing when the banners cannot be loaded', async () => {
    const api = fakeApi().on('GET', '/banners/login', {
      status: 503,
      body: { message: 'The service is busy' },
    });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/banners/login')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('The service is busy')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('banners in the client area', () => {
  it("shows the banners of the account's package, dismissible alike", async () => {
    const api = fakeApi().ok('GET', '/client/banners', [
      aBanner('Gold news', { position: 'bottom-center', on_login_page: false, for_login_page: false }),
    ]);
    signedInAs(api, aClientMe());
    const { user } = renderApp('/c/dashboard');
    expect(await screen.findByRole('article', { name: 'Gold news' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/banners/login')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Dismiss Gold news' }));
    expect(screen.queryByRole('article', { name: 'Gold news' })).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_KEY)).toContain('b-gold-news@');
  });
});
