// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeferredWorkState } from '@atelier/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { DeferredWorkNotice, VehicleDeferredWork } from './DeferredWork.tsx';
import { orderDeferredWork } from './estimationModel.ts';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const text = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
const work = (id: string, detail: string, state: DeferredWorkState, declined_at: string, extra: Record<string, unknown> = {}) => ({
  type: 'deferred-work',
  id,
  attributes: { detail, condition: 'to_replace', state, total: 5749, declined_at, note: null, ...extra },
});
// Newest first from the server, whatever the state: the vehicle shows the open ones first.
const ROWS = [
  work('d3', 'Pneus d’hiver', 'done', '2026-11-01T15:00:00Z', { note: 'Posés le 3 novembre' }),
  work('d1', 'Balais d’essuie-glace', 'open', '2026-10-02T15:00:00Z'),
  work('d2', 'Filtre d’habitacle', 'open', '2026-09-02T15:00:00Z'),
];

let calls: Call[] = [];
screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['view any estimations', 'edit estimations']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/deferred-work')) {
      const open = c.url.includes('filter[state]=open');
      const data = ROWS.filter((r) => !open || r.attributes.state === 'open');
      return { body: { data, meta: { page: { total: data.length } } } };
    }
    if (c.method === 'PATCH') return { body: { data: { ...ROWS[1], attributes: { ...ROWS[1].attributes, state: 'dismissed' } } } };
    return undefined;
  });
});

const vehicle = () => renderAt('/vehicles/vehicles', '/vehicles/vehicles', <VehicleDeferredWork vehicleId="v1" />);

describe('deferred work on the vehicle', { timeout: 30_000 }, () => {
  it('orders open work first, then closed, each newest first', () => {
    const ordered = orderDeferredWork(ROWS.map((r) => ({ id: r.id, type: r.type, ...r.attributes })));
    expect(ordered.map((r) => r.id)).toEqual(['d1', 'd2', 'd3']);
  });

  it('lists open work first with "Fait" and "Écarter", closed work with its state and note', async () => {
    vehicle();
    const rows = await screen.findAllByTestId('deferred-work');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['open', 'open', 'done']);
    expect(text(rows[0])).toContain('Balais d’essuie-glace');
    expect(text(rows[0])).toContain('57,49 $');
    expect(within(rows[0]).getByTestId('deferred-done').textContent).toBe('Fait');
    expect(within(rows[0]).getByTestId('deferred-dismiss').textContent).toBe('Écarter');
    expect(within(rows[2]).queryByTestId('deferred-done')).toBeNull();
    expect(text(rows[2])).toContain('Fait');
    expect(within(rows[2]).getByTestId('deferred-work-note').textContent).toBe('Posés le 3 novembre');
    expect(calls.find((c) => c.url.startsWith('/deferred-work'))!.url).toContain('filter[vehicle]=v1');
  });

  it('dismisses with a note (PATCH state and note)', async () => {
    vehicle();
    const [first] = await screen.findAllByTestId('deferred-work');
    fireEvent.click(within(first).getByTestId('deferred-dismiss'));
    fireEvent.change(await screen.findByTestId('deferred-note'), { target: { value: 'Le client a vendu le véhicule' } });
    fireEvent.click(screen.getByTestId('deferred-close-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/deferred-work/d1');
    expect((patch.body as { data: { attributes: unknown } }).data.attributes).toEqual({ state: 'dismissed', note: 'Le client a vendu le véhicule' });
  });

  it('only shows the state to users who may not edit estimates; in English too', async () => {
    await i18n.changeLanguage('en');
    signedIn.permissions = new Set(['view any estimations']);
    vehicle();
    const rows = await screen.findAllByTestId('deferred-work');
    expect(screen.getByText('Deferred work')).toBeTruthy();
    expect(within(rows[0]).queryByTestId('deferred-done')).toBeNull();
    expect(text(rows[0])).toContain('To suggest');
    expect(text(rows[0])).toContain('$57.49');
  });
});

describe('deferred work on a request', { timeout: 30_000 }, () => {
  it('lists the vehicle’s open work to offer', async () => {
    renderAt('/vehicles/requests', '/vehicles/requests', <DeferredWorkNotice vehicleId="v1" />);
    const notice = await screen.findByTestId('deferred-notice');
    expect(text(notice)).toContain('Travaux reportés à proposer');
    expect(within(notice).getAllByTestId('deferred-notice-item').map((i) => text(i))).toEqual(['Balais d’essuie-glace · 57,49 $', 'Filtre d’habitacle · 57,49 $']);
    cleanup();
    // A vehicle without deferred work: no notice; a request without a vehicle asks nothing.
    mockApi(() => undefined);
    renderAt('/vehicles/requests', '/vehicles/requests', <DeferredWorkNotice vehicleId={null} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('deferred-notice')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.length).toBe(0);
  });
});
