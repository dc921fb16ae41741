import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** A call the screen made to the mocked API. */
export interface Call {
  method: string;
  /** The path under /api/v1 with its query (decoded). */
  url: string;
  body: unknown;
}
export type Reply = { status?: number; body?: unknown };
export type Handler = (call: Call) => Reply | undefined;

/**
 * Stubs fetch with a JSON:API server written as a function of the call: the screens' requests go
 * through the real client (headers, query, deserialising). Unanswered calls get an empty list.
 */
export function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: decodeURIComponent(String(url).replace(/^\/api\/v1/, '')), body: init.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      const reply = handler(call) ?? { body: { data: [], meta: { page: { total: 0 } } } };
      const status = reply.status ?? 200;
      return { ok: status < 400, status, text: async () => JSON.stringify(reply.body ?? {}), headers: { get: () => null }, blob: async () => new Blob() };
    }),
  );
  return calls;
}

/** A screen at its route, with the providers the app gives it (a data router, as the app's). */
export function renderAt(path: string, pattern: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <div data-testid="navigated" /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The signed-in user the mocked AppData gives (vi.mock of app/AppData.tsx reads it). */
export const signedIn = { id: 'u-me', permissions: new Set<string>() };
export const appDataMock = () => ({
  useMe: () => ({ me: { id: signedIn.id, organization: { id: 'org' } }, permissions: signedIn.permissions, can: (p?: string) => !p || signedIn.permissions.has(p) }),
  useAppConfig: () => ({ organization_types: [] }),
});
