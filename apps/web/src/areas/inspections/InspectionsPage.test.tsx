// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn } from '../../testing/mockApi.tsx';
import InspectionsPage from './InspectionsPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

screenTests();
beforeEach(() => {
  signedIn.permissions = new Set(['view any inspections', 'view any users', 'view any locations']);
  mockApi(() => undefined);
});

describe('the inspections list filters', () => {
  it('shows the inspector and the vehicle, the rest behind "More filters" (fr)', async () => {
    await i18n.changeLanguage('fr');
    renderAt('/inspecpro/inspections', '/inspecpro/inspections', <InspectionsPage />);
    const more = await screen.findByRole('button', { name: 'Plus de filtres' });
    expect(screen.getByTestId('filter-inspector')).toBeTruthy();
    expect(screen.getByTestId('filter-vehicle')).toBeTruthy();
    expect(screen.queryByTestId('filter-form')).toBeNull();
    expect(screen.queryByTestId('filter-vehicle_score_min')).toBeNull();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByTestId('filter-form')).toBeTruthy();
    expect(screen.getByTestId('filter-location')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Moins de filtres' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps a rarer filter in use in sight, with no way to hide it (en)', async () => {
    await i18n.changeLanguage('en');
    renderAt('/inspecpro/inspections?filter%5Bvehicle_score_min%5D=50', '/inspecpro/inspections', <InspectionsPage />);
    const min = await screen.findByTestId('filter-vehicle_score_min');
    expect((min as HTMLInputElement).value).toBe('50');
    expect(screen.queryByRole('button', { name: /More filters|Fewer filters/ })).toBeNull();
  });
});
