import { screen } from '@testing-library/react';
import { fakeApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';

// The sign-in page's chunk cannot be downloaded (offline, or the server is gone).
vi.mock('../features/auth/LoginPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/LoginPage-1a2b.js');
});

describe('a page whose code cannot be downloaded', () => {
  it('says so and offers a reload instead of a blank page', async () => {
    fakeApi();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
