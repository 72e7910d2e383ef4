import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, LoadingState, Toaster, findRoute, theme } from '@bistro/ui';
import { queryClient } from '@bistro/data';
import { Layout } from '../features/layout/layout';
import { RemoteArea } from '../features/remotes/remote-area';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RecoveryRedirect } from '../features/auth/recovery-redirect';

// The sign-in page's forms, tabs and dialog load only when /auth opens.
const AuthPage = lazy(() =>
  import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage })),
);

/**
 * Picks what fills the main area for the current URL: the shell's own pages
 * (/auth, 404) or the remote that owns the path. Only that remote is fetched.
 */
export function AreaOutlet() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  if (!route) return <NotFoundPage />;
  if (route.owner === 'shell') {
    return (
      <Suspense fallback={<LoadingState label="Loading…" />}>
        <AuthPage />
      </Suspense>
    );
  }
  return <RemoteArea name={route.owner} />;
}

interface AppProps {
  /** The page's router: the browser's history, or on the server the requested URL. */
  Router?: ComponentType<{ children: ReactNode }>;
  /** The server renders each request with its own cache; the page has the one client. */
  client?: QueryClient;
}

export function App({ Router = BrowserRouter, client = queryClient }: AppProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={client}>
        <Router>
          <RecoveryRedirect />
          <Layout>
            <AreaOutlet />
          </Layout>
        </Router>
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
