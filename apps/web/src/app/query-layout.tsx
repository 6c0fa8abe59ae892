import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../api/query-client';
import { useVersionPrices } from '../entities/shop/api';
import { VersionPricesContext } from '../ui/version-prices';

/**
 * Pathless layout route around every screen but the `noQueries` ones (routes.tsx): provides the one
 * query client, and connects the shop's price list to the lock sheets of ui/ (VersionPricesContext). Loaded lazily with the first such screen, so TanStack Query stays out of the entry chunk.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <VersionPricesContext.Provider value={useVersionPrices}>
        <Outlet />
      </VersionPricesContext.Provider>
    </QueryClientProvider>
  );
}
