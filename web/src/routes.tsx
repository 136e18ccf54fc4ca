import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ClientHome, GuestOnly, RequireAuth, RequireSection, RootRedirect } from './auth/guards';
import { ComingSoon } from './components/ComingSoon';
import { Standalone } from './components/Standalone';
import { AdminLayout } from './layout/AdminLayout';
import { ClientLayout } from './layout/ClientLayout';
import { AdminDashboard } from './pages/admin/AdminDashboard';
import { ConfigurationPage } from './pages/admin/configuration/ConfigurationPage';
import { configTabs } from './pages/admin/configuration/tabs';
import { LoginPage } from './pages/auth/LoginPage';
import { PasswordResetPage } from './pages/auth/PasswordResetPage';
import { NotFound } from './pages/NotFound';
import { RootLayout, type RouteHandle } from './RootLayout';

/** A section that is not built yet, with its page title. */
function soon(title: string, path?: string): RouteObject {
  const handle: RouteHandle = { title };
  return path === undefined
    ? { index: true, handle, element: <ComingSoon title={title} /> }
    : { path, handle, element: <ComingSoon title={title} /> };
}

const socialProviders = ['google', 'microsoft', 'linkedin'] as const;
const providerNames: Record<(typeof socialProviders)[number], string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  linkedin: 'LinkedIn',
};

/**
 * The one route table of the SPA (admin-and-auth §2, client-area §2). `handle.title` names
 * the section for the page title.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <RootRedirect /> },

      // Guests only
      {
        path: '/login',
        handle: { title: 'Login' },
        element: (
          <GuestOnly key="client-login">
            <LoginPage area="client" />
          </GuestOnly>
        ),
      },
      {
        path: '/admin/login',
        handle: { title: 'Admin login' },
        element: (
          <GuestOnly key="admin-login">
            <LoginPage area="admin" />
          </GuestOnly>
        ),
      },
      {
        path: '/password-reset/:token/:email',
        handle: { title: 'Password reset' },
        element: (
          <GuestOnly key="client-reset">
            <PasswordResetPage area="client" />
          </GuestOnly>
        ),
      },
      {
        path: '/admin/password-reset/:token/:email',
        handle: { title: 'Password reset' },
        element: (
          <GuestOnly key="admin-reset">
            <PasswordResetPage area="admin" />
          </GuestOnly>
        ),
      },

      // Client area
      {
        path: '/c',
        element: <RequireAuth area="client" />,
        children: [
          {
            element: <ClientLayout />,
            children: [
              { index: true, element: <ClientHome /> },
              {
                path: 'dashboard',
                element: <RequireSection section="dashboard" />,
                children: [soon('Dashboard')],
              },
              {
                path: 'account-management',
                element: <RequireSection section="account" />,
                children: [soon('Account'), soon('Activity log', 'activity-log')],
              },
              { path: 'venues', element: <RequireSection section="venue" />, children: [soon('Venues')] },
              {
                path: 'booking',
                element: <RequireSection section="events" />,
                children: [soon('Events'), soon('Events', ':eventId')],
              },
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
            element: <AdminLayout />,
            children: [
              { index: true, handle: { title: 'Dashboard' }, element: <AdminDashboard /> },
              soon('Accounts', 'accounts'),
              soon('Account users', 'accounts/:account_id/users'),
              soon('Activity log', 'accounts/:account_id/users/:user_id/activity-log'),
              soon('Licences', 'accounts/:account_id/licenses'),
              soon('Admin users', 'users'),
              soon('Activity log', 'users/:user_id/activity-log'),
              {
                path: 'configuration',
                handle: { title: 'Configuration' },
                element: <Outlet />,
                children: [
                  { index: true, element: <Navigate to="amenities" replace /> },
                  ...configTabs.map((tab) => ({
                    path: tab.slug,
                    element: <ConfigurationPage tab={tab.slug} />,
                  })),
                ],
              },
            ],
          },
        ],
      },

      // Not shown in menus
      {
        path: '/components',
        handle: { title: 'Components' },
        element: (
          <Standalone>
            <ComingSoon title="Components" />
          </Standalone>
        ),
      },
      ...socialProviders.flatMap((provider) =>
        ['', '/proxy'].map((suffix) => ({
          path: `/auth/${provider}${suffix}`,
          handle: { title: `${providerNames[provider]} sign-in` },
          element: (
            <Standalone>
              <ComingSoon title={`${providerNames[provider]} sign-in`} />
            </Standalone>
          ),
        })),
      ),

      { path: '/404', handle: { title: 'Page not found' }, element: <NotFound /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
