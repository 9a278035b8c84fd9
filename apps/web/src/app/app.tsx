import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { RouterProvider } from 'react-router';
import { logger } from '../lib/logger';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './error-boundary';
import { createAppRouter } from './router';

// sonner is not needed to paint the first screen, so it loads beside the first route's chunk. A
// failed load costs the toasts only, not the app (the boundary above would show the error screen).
const AppToaster = lazy<ComponentType>(() =>
  import('../ui/app-toaster').then(
    ({ AppToaster: Toaster }) => ({ default: Toaster }),
    (error: unknown) => {
      logger.warn('ui', 'The toast outlet failed to load', error);
      return { default: () => null };
    },
  ),
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
