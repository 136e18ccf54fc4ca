import type { ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import type { ClientSectionKey } from '@shared/roles';
import { socialProviderNames } from '@shared/social';
import { GuestOnly, RequireAuth, RootRedirect } from './auth/guards';
import { popupFlows, type PopupFlowName } from './auth/popupFlows';
import { PageLoader } from './components/PageLoader';
import { RouteError } from './components/RouteError';
import { Standalone } from './components/Standalone';
import { configTabs } from './features/configuration/tabs';
import { NotFound } from './layout/NotFound';
import { RootLayout } from './RootLayout';

/**
 * A route element from a module that is loaded when the route is first matched, so that each page
 * (and each area's layout) is a chunk of its own with the libraries and styles only it uses. The
 * router loads the modules of every matched route at once, and keeps the current page on screen
 * until they are in; on the first load the root's fallback (PageLoader) stands in, and a module that
 * cannot be downloaded shows the root's RouteError. Every page comes in this way:
 * `lazy: page(() => import('./features/x/XPage'), ({ XPage }) => <XPage />)`. A heavy library
 * (calendar, PDF, cropper) is imported only by the page that uses it; what a page draws on demand
 * (a panel, a dialog) is `React.lazy` inside it. web/budgets.ts keeps count.
 */
function page<M>(load: () => Promise<M>, element: (module: M) => ReactNode) {
  return async (): Promise<Pick<RouteObject, 'element'>> => ({ element: element(await load()) });
}

/** A client section at `path`, open to the roles that may see it (the guard loads with the area). */
function section(key: ClientSectionKey, path: string, children: RouteObject[]): RouteObject {
  return {
    path,
    lazy: page(
      () => import('./auth/sections'),
      ({ RequireSection }) => <RequireSection section={key} />,
    ),
    children,
  };
}

const popupPages = () => import('./features/auth/PopupPages');

/**
 * A popup's pages for each of its providers (auth/popupFlows.ts): the proxy page forwards to the
 * provider, which sends the window back to the return page.
 */
function popupRoutes(flow: PopupFlowName): RouteObject[] {
  const { base, purpose, providers } = popupFlows[flow];
  return providers.flatMap((provider): RouteObject[] => {
    const handle = { title: `${socialProviderNames[provider]} ${purpose}` };
    return [
      {
        path: `${base}/${provider}/proxy`,
        handle,
        lazy: page(popupPages, ({ PopupProxyPage }) => <PopupProxyPage flow={flow} provider={provider} />),
      },
      {
        path: `${base}/${provider}`,
        handle,
        lazy: page(popupPages, ({ PopupReturnPage }) => <PopupReturnPage flow={flow} provider={provider} />),
      },
    ];
  });
}

/**
 * The one route table of the SPA (docs/product/admin-and-auth.md §2, docs/product/client-area.md §2). `handle.title` names
 * the section for the page title.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },

      // Guests only
      {
        path: '/login',
        handle: { title: 'Login' },
        lazy: page(
          () => import('./features/auth/LoginPage'),
          ({ LoginPage }) => (
            <GuestOnly key="client-login">
              <LoginPage area="client" />
            </GuestOnly>
          ),
        ),
      },
      {
        path: '/admin/login',
        handle: { title: 'Admin login' },
        lazy: page(
          () => import('./features/auth/LoginPage'),
          ({ LoginPage }) => (
            <GuestOnly key="admin-login">
              <LoginPage area="admin" />
            </GuestOnly>
          ),
        ),
      },
      {
        // Links carry token and e-mail in the fragment; the path form is that of older links.
        path: '/password-reset/:token?/:email?',
        handle: { title: 'Password reset' },
        lazy: page(
          () => import('./features/auth/PasswordResetPage'),
          ({ PasswordResetPage }) => (
            <GuestOnly key="client-reset">
              <PasswordResetPage area="client" />
            </GuestOnly>
          ),
        ),
      },
      {
        // Links carry token and e-mail in the fragment; the path form is that of older links.
        path: '/admin/password-reset/:token?/:email?',
        handle: { title: 'Password reset' },
        lazy: page(
          () => import('./features/auth/PasswordResetPage'),
          ({ PasswordResetPage }) => (
            <GuestOnly key="admin-reset">
              <PasswordResetPage area="admin" />
            </GuestOnly>
          ),
        ),
      },

      // Client area
      {
        path: '/c',
        element: <RequireAuth area="client" />,
        children: [
          {
            lazy: page(
              () => import('./layout/ClientLayout'),
              ({ ClientLayout }) => <ClientLayout />,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('./auth/sections'),
                  ({ ClientHome }) => <ClientHome />,
                ),
              },
              section('dashboard', 'dashboard', [
                {
                  index: true,
                  handle: { title: 'Dashboard' },
                  lazy: page(
                    () => import('./features/dashboard/DashboardPage'),
                    ({ DashboardPage }) => <DashboardPage />,
                  ),
                },
              ]),
              section('account', 'account-management', [
                {
                  lazy: page(
                    () => import('./features/account/AccountPage'),
                    ({ AccountPage }) => <AccountPage />,
                  ),
                  children: [
                    {
                      index: true,
                      handle: { title: 'Account' },
                      lazy: page(
                        () => import('./features/account/UsersTab'),
                        ({ UsersTab }) => <UsersTab />,
                      ),
                    },
                    {
                      path: 'activity-log',
                      handle: { title: 'Activity log' },
                      lazy: page(
                        () => import('./features/account/ActivityTab'),
                        ({ ActivityTab }) => <ActivityTab />,
                      ),
                    },
                  ],
                },
              ]),
              section('venue', 'venues', [
                {
                  index: true,
                  handle: { title: 'Venues' },
                  lazy: page(
                    () => import('./features/venues/VenuesPage'),
                    ({ VenuesPage }) => <VenuesPage />,
                  ),
                },
              ]),
              section('events', 'booking', [
                {
                  index: true,
                  handle: { title: 'Events' },
                  lazy: page(
                    () => import('./features/bookings/BookingPage'),
                    ({ BookingPage }) => <BookingPage />,
                  ),
                },
                {
                  path: ':eventId',
                  handle: { title: 'Events' },
                  lazy: page(
                    () => import('./features/bookings/BookingPage'),
                    ({ BookingPage }) => <BookingPage />,
                  ),
                },
              ]),
            ],
          },
        ],
      },

      // Admin area
      {
        path: '/admin',
        element: <RequireAuth area="admin" />,
        children: [
          {
            lazy: page(
              () => import('./layout/AdminLayout'),
              ({ AdminLayout }) => <AdminLayout />,
            ),
            children: [
              {
                index: true,
                handle: { title: 'Dashboard' },
                lazy: page(
                  () => import('./features/admin-dashboard/AdminDashboard'),
                  ({ AdminDashboard }) => <AdminDashboard />,
                ),
              },
              {
                path: 'accounts',
                handle: { title: 'Accounts' },
                lazy: page(
                  () => import('./features/admin-accounts/AccountsPage'),
                  ({ AccountsPage }) => <AccountsPage />,
                ),
              },
              {
                path: 'accounts/:account_id/users',
                handle: { title: 'Account users' },
                lazy: page(
                  () => import('./features/admin-accounts/AccountUsersPage'),
                  ({ AccountUsersPage }) => <AccountUsersPage />,
                ),
              },
              {
                path: 'accounts/:account_id/users/:user_id/activity-log',
                handle: { title: 'Activity log' },
                lazy: page(
                  () => import('./features/activity/ActivityLogPage'),
                  ({ ActivityLogPage }) => <ActivityLogPage key="user" source="user" />,
                ),
              },
              {
                path: 'accounts/:account_id/licenses',
                handle: { title: 'Licences' },
                lazy: page(
                  () => import('./features/licences/LicencesPage'),
                  ({ LicencesPage }) => <LicencesPage />,
                ),
              },
              {
                path: 'users',
                handle: { title: 'Admin users' },
                lazy: page(
                  () => import('./features/platform/AdminUsersPage'),
                  ({ AdminUsersPage }) => <AdminUsersPage />,
                ),
              },
              {
                path: 'users/:user_id/activity-log',
                handle: { title: 'Activity log' },
                lazy: page(
                  () => import('./features/activity/ActivityLogPage'),
                  ({ ActivityLogPage }) => <ActivityLogPage key="admin" source="admin" />,
                ),
              },
              {
                path: 'configuration',
                handle: { title: 'Configuration' },
                element: <Outlet />,
                children: [
                  { index: true, element: <Navigate to="amenities" replace /> },
                  ...configTabs.map((tab) => ({
                    path: tab.slug,
                    lazy: page(
                      () => import('./features/configuration/ConfigurationPage'),
                      ({ ConfigurationPage }) => <ConfigurationPage tab={tab.slug} />,
                    ),
                  })),
                ],
              },
            ],
          },
        ],
      },

      // The room display (docs/architecture.md §7): a screen on a wall, with a device token instead of a session
      // and none of the areas' code.
      {
        path: '/display',
        handle: { title: 'Room display' },
        lazy: page(
          () => import('./features/display/DisplayPage'),
          ({ DisplayPage }) => <DisplayPage />,
        ),
      },

      // Not shown in menus
      {
        path: '/api-reference',
        handle: { title: 'API reference' },
        lazy: page(
          () => import('./features/api-reference/ApiReferencePage'),
          ({ ApiReferencePage }) => <ApiReferencePage />,
        ),
      },
      {
        path: '/components',
        handle: { title: 'Components' },
        lazy: page(
          () => import('./features/showcase/ComponentsPage'),
          ({ ComponentsPage }) => (
            <Standalone>
              <ComponentsPage />
            </Standalone>
          ),
        ),
      },
      // The social sign-in popup (docs/product/admin-and-auth.md §2; Facebook's return page is ours, the spec lists
      // none) and the calendar-linking popup of the venue panel (docs/product/client-area.md §2 "Venue form", §7).
      ...popupRoutes('signIn'),
      ...popupRoutes('calendar'),

      { path: '/404', handle: { title: 'Page not found' }, element: <NotFound /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
