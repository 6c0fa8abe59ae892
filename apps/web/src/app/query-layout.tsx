import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../api/query-client';

/**
 * Pathless layout route around every screen but the `noQueries` ones (routes.tsx): provides the one
 * query client. Loaded lazily with the first such screen, so TanStack Query stays out of the entry chunk.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
