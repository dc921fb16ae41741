// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { setSelection } from '../../app/session.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt } from '../../testing/mockApi.tsx';
import VehicleEstimatePage from './VehicleEstimatePage.tsx';

// A platform or reseller user estimates for the organization chosen at the top. With none chosen,
// the page says so instead of asking the server what it would refuse (a dialog « Oups » on opening).

const me = vi.hoisted(() => ({ organization: null as null | { id: string } }));
vi.mock('../../app/AppData.tsx', () => ({
  useMe: () => ({ me: { id: 'u-1', firstname: 'Ada', organization: me.organization }, permissions: new Set(), can: () => true }),
  useAppConfig: () => ({ organization_types: [] }),
}));

beforeAll(() => shimMantineBrowser());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setSelection({ organization: null }, false));
});

const yearsAsked = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/estimate-vehicle-years')).length;

describe('the vehicle estimate page', () => {
  it.each([
    ['fr', 'choisissez-en une'],
    ['en', 'choose one'],
  ] as const)('asks a user of no organization to choose one first, then shows the form (%s)', async (locale, words) => {
    await i18n.changeLanguage(locale);
    me.organization = null;
    const calls = mockApi(() => undefined);
    renderAt('/vehicles/vehicle-estimate', '/vehicles/vehicle-estimate', <VehicleEstimatePage />);
    expect((await screen.findByTestId('estimate-choose-organization')).textContent).toContain(words);
    expect(yearsAsked(calls)).toBe(0);
    act(() => setSelection({ organization: 'org-1' }, false));
    await waitFor(() => expect(yearsAsked(calls)).toBeGreaterThan(0));
    expect(screen.queryByTestId('estimate-choose-organization')).toBeNull();
  });

  it('shows the form at once to a user of an organization', async () => {
    me.organization = { id: 'org-1' };
    const calls = mockApi(() => undefined);
    renderAt('/vehicles/vehicle-estimate', '/vehicles/vehicle-estimate', <VehicleEstimatePage />);
    await waitFor(() => expect(yearsAsked(calls)).toBeGreaterThan(0));
    expect(screen.queryByTestId('estimate-choose-organization')).toBeNull();
  });
});
