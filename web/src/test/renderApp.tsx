import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Providers } from '../App';
import { routes } from '../routes';

/** Renders the whole SPA at `path` with an empty swr cache; returns the router to read the location. */
export function renderApp(path: string, { fakeTimers = false } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = render(
    <Providers cache={() => new Map()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  /** Path and query of the current location. */
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, user, location };
}
