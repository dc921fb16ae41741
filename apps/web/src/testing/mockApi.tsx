import type { ReactNode } from 'react';
import { afterEach, inject, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { contractFor } from '../../../server/test/contract.ts';

/** A call the screen made to the mocked API. */
export interface Call {
  method: string;
  /** The path under /api/v1 with its query (decoded). */
  url: string;
  body: unknown;
}
/** An answer: its status (200), body, and content type when it is not a JSON:API document (a PDF). */
export type Reply = { status?: number; body?: unknown; type?: string };
export type Handler = (call: Call) => Reply | undefined;

/**
 * The server's contract (its OpenAPI document, given by the set-up: server/test/web-contract.ts),
 * for fixtures: they may leave out what the screen does not read, but what they give is the API's.
 */
const contract = contractFor(inject('apiContract'), { partial: true });
/** How the test's answers differ from the contract: the test fails with them. */
const drift: string[] = [];
afterEach(() => {
  const found = drift.splice(0);
  if (found.length) throw new Error(`The mocked API answered what the server would not:\n${found.join('\n')}`);
});

/**
 * Stubs fetch with a JSON:API server written as a function of the call: the screens' requests go
 * through the real client (headers, query, deserialising). Unanswered calls get an empty list.
 * Each answer the handler gives is checked against the server's contract (path, status, body).
 */
export function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: decodeURIComponent(String(url).replace(/^\/api\/v1/, '')), body: init.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      const answered = handler(call);
      if (answered) drift.push(...contractDrift(call, answered));
      const reply = answered ?? { body: { data: [], meta: { page: { total: 0 } } } };
      const status = reply.status ?? 200;
      return { ok: status < 400, status, text: async () => JSON.stringify(reply.body ?? {}), headers: { get: () => null }, blob: async () => new Blob() };
    }),
  );
  return calls;
}

/** What differs from the contract in an answer to a call: nothing, or the reason. */
export function contractDrift(call: Call, reply: Reply): string[] {
  const body = reply.body ?? {};
  try {
    const headers = { 'content-type': reply.type ?? 'application/vnd.api+json' };
    contract.check(call.method, `/api/v1${call.url}`, { status: reply.status ?? 200, headers, body, raw: JSON.stringify(body) });
    return [];
  } catch (e) {
    return [(e as Error).message];
  }
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
export const signedIn = { id: 'u-me', permissions: new Set<string>(), smsEnabled: false };
export const appDataMock = () => ({
  useMe: () => ({ me: { id: signedIn.id, organization: { id: 'org' } }, permissions: signedIn.permissions, can: (p?: string) => !p || signedIn.permissions.has(p) }),
  useAppConfig: () => ({ organization_types: [] }),
  /** Texting off unless a test says (signedIn.smsEnabled). */
  useSmsEnabled: () => signedIn.smsEnabled,
});
