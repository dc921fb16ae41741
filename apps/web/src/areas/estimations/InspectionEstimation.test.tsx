// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import type { Model } from '../../api/jsonapi.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { InspectionEstimation } from './InspectionEstimation.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const inspection = (state: string): Model => ({ id: 'i1', type: 'inspections', code: 'I-2026-000001', state, vehicle: { id: 'v1', type: 'vehicles' }, customer: { id: 'c1', type: 'customers' } });
let existing: unknown[] = [];
let calls: Call[] = [];

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  existing = [];
  signedIn.permissions = new Set(['view any estimations', 'create estimations']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/estimations?')) return { body: { data: existing, meta: { page: { total: existing.length } } } };
    if (c.method === 'POST' && c.url.startsWith('/estimations')) return { status: 201, body: { data: { type: 'estimations', id: 'e9', attributes: { code: 'E-2026-000009' } } } };
    return undefined;
  });
});

const show = (state: string) => renderAt('/inspecpro/inspections/i1', '/inspecpro/inspections/:id', <InspectionEstimation inspection={inspection(state)} />);

describe('an estimate from an inspection', { timeout: 30_000 }, () => {
  it('a completed inspection without one: "Créer une estimation" drafts it from the inspection and opens it', async () => {
    show('completed');
    fireEvent.click(await screen.findByTestId('inspection-create-estimation'));
    await screen.findByTestId('navigated');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/estimations');
    expect(post.body).toEqual({
      data: {
        type: 'estimations',
        attributes: { type: 'customer' },
        relationships: { inspection: { data: { type: 'inspections', id: 'i1' } }, vehicle: { data: { type: 'vehicles', id: 'v1' } }, customer: { data: { type: 'customers', id: 'c1' } } },
      },
    });
    // It looked for the inspection's estimate first.
    expect(calls[0].url).toContain('filter[inspection]=i1');
  });

  it('one that has its estimate links to it', async () => {
    existing = [{ type: 'estimations', id: 'e1', attributes: { code: 'E-2026-000001', state: 'pending' } }];
    show('completed');
    const link = await screen.findByTestId('inspection-estimation-link');
    expect(link.textContent).toBe('Estimation E-2026-000001');
    expect(link.getAttribute('href')).toBe('/inspecpro/estimates/e1');
    expect(screen.queryByTestId('inspection-create-estimation')).toBeNull();
  });

  it('nothing to create while the inspection is not done, or without the permission', async () => {
    show('in_progress');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('inspection-create-estimation')).toBeNull();
    cleanup();
    signedIn.permissions = new Set(['view any estimations']);
    show('completed');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('inspection-create-estimation')).toBeNull();
  });
});
