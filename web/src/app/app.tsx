import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { createAppRouter } from './router';

const router = createAppRouter();

/** The providers around the router; the toaster sits outside it so toasts outlive a route error. */
export function App() {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
