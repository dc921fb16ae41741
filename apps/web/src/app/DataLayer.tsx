import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { queryClient } from './queryClient.ts';

/**
 * What the pages that read the API share: the query cache and the request-error dialog (spec
 * platform §8). Loaded with the first such page (router.tsx), never with the sign-in pages.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorDialog />
      <Outlet />
    </QueryClientProvider>
  );
}
