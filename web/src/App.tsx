import { ThemeProvider } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { SWRConfig, type Cache } from 'swr';
import { AuthProvider } from './auth/AuthProvider';
import { ProgressBar } from './components/ProgressBar';
import { theme } from './theme';

/**
 * Everything around the routes: the one theme, the swr cache (`cache` lets tests start
 * empty), the session, toasts at the top right and the progress bar.
 */
export function Providers({ children, cache }: { children: ReactNode; cache?: () => Cache }) {
  return (
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ shouldRetryOnError: false, ...(cache ? { provider: cache } : {}) }}>
        <AuthProvider>{children}</AuthProvider>
      </SWRConfig>
      <Toaster position="top-right" richColors closeButton />
      <ProgressBar />
    </ThemeProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
