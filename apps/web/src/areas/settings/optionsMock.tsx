import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { SettingsModulePage } from './SettingsModulePage.tsx';

// The settings screens' tests: options read from a mocked API, each PATCH answered with its value, and the
// values the screen sent.

export const option = (id: string, name: string, value: unknown) => ({ type: 'options', id, attributes: { name, value } });
type Option = ReturnType<typeof option>;

/** Mocks GET /options and PATCH /options/{id} over these options, for a user who edits them; answers the calls. */
export function mockOptions(options: readonly Option[]): Call[] {
  signedIn.permissions = new Set(['edit options', 'view any options']);
  return mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/options')) return { body: { data: options, meta: { page: { total: options.length } } } };
    if (c.method === 'PATCH') {
      const id = c.url.split('/').pop()!.split('?')[0];
      const o = options.find((x) => x.id === id)!;
      return { body: { data: { ...o, attributes: { ...o.attributes, value: (c.body as { data: { attributes: { value: unknown } } }).data.attributes.value } } } };
    }
    return undefined;
  });
}

/** The values the screen sent, by option id. */
export const patchedValues = (calls: readonly Call[]) =>
  Object.fromEntries(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url.split('/').pop(), (c.body as { data: { attributes: { value: unknown } } }).data.attributes.value]));

/** The estimations settings at their route. */
export const estimationsSettings = () => renderAt('/settings/estimations', '/settings/estimations', <SettingsModulePage module="estimations" />);

/** A test file's set-up: each test in French with these options mocked; `state.calls` is the test's calls. */
export function withOptions(options: readonly Option[]) {
  const state = { calls: [] as Call[] };
  beforeAll(() => shimMantineBrowser());
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    state.calls = mockOptions(options);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return state;
}
