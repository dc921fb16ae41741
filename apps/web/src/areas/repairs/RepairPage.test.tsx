// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import RepairPage from './RepairPage.tsx';
import RepairsPage from './RepairsPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const MIKE = { type: 'users', id: 'u-me', attributes: { firstname: 'Mike', lastname: 'Mécano' } };
const NOW = Date.parse('2026-11-26T10:00:00Z');

function repair(clocks: Record<string, string | null>) {
  return {
    data: {
      type: 'repairs',
      id: 'r1',
      attributes: { code: 'R-2026-000007', state: 'in_progress', available_actions: ['complete', 'cancel'], total: 34490, parts_total: 11998, labour_total: 18000, subtotal: 29998, tax_total: 4492, tax_details: [{ code: 'TPS', amount: 1500 }, { code: 'TVQ', amount: 2992 }], warranty_total: 0 },
      relationships: { items: { data: [{ type: 'repair-items', id: 'ri1' }, { type: 'repair-items', id: 'ri2' }] }, holder: { data: { type: 'users', id: 'u-me' } }, repairers: { data: [{ type: 'users', id: 'u-me' }] } },
    },
    included: [
      MIKE,
      // Planned 1,5 h; 1 h clocked, and my clock running for 10 minutes and 5 seconds.
      { type: 'repair-items', id: 'ri1', attributes: { detail: 'Changer les plaquettes', state: 'in_progress', repair_mode: 'internal', part_status: 'received', time: '1.5', time_spent: '1', clock_started_at: clocks.ri1 ?? null, total: 34490 } },
      { type: 'repair-items', id: 'ri2', attributes: { detail: 'Alignement', state: 'pending', repair_mode: 'external', part_status: null, time: '0.5', time_spent: '0', clock_started_at: clocks.ri2 ?? null, total: 0 } },
    ],
  };
}

let running: Record<string, string | null> = {};
/** A clock of the user's on another work order, that the next start stops. */
let elsewhere: { repair_item: string; repair: string; repair_code: string; detail: string } | null = null;
let calls: Call[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  running = {};
  elsewhere = null;
  signedIn.permissions = new Set(['view any repairs', 'view repairs', 'edit repairs', 'start repairs', 'complete repairs', 'cancel repairs', 'view any comments']);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/repairs/r1')) return { body: repair(running) };
    if (c.method === 'POST' && c.url === '/repair-items/ri2/start-clock') {
      // The server names the clock it stopped (meta.stopped_clock): here, or on another work order.
      const stopped_clock = running.ri1 ? { repair_item: 'ri1', repair: 'r1', repair_code: 'R-2026-000007', detail: 'Changer les plaquettes' } : elsewhere;
      running = { ...running, ri1: null, ri2: new Date(NOW - 5_000).toISOString() };
      return { body: { data: { type: 'repair-items', id: 'ri2', attributes: {} }, meta: { stopped_clock } } };
    }
    if (c.method === 'POST' && c.url === '/repair-items/ri1/stop-clock') {
      running = { ...running, ri1: null };
      return { body: { data: { type: 'repair-items', id: 'ri1', attributes: {} } } };
    }
    if (c.method === 'POST' && c.url === '/repair-items/ri1/start-clock') return { status: 409, body: { errors: [{ status: '409', detail: 'Un chrono tourne déjà sur un autre élément' }] } };
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const show = () => renderAt('/inspecpro/repairs/r1', '/inspecpro/repairs/:id', <RepairPage />);
const item = async (n: number) => (await screen.findAllByTestId('line-row'))[n];
/** Opens an item's detail (how it is repaired, its part) under its row. */
const openDetail = async (n: number, name: string) => fireEvent.click(within(await item(n)).getByRole('button', { name }));

describe('the repair screen', { timeout: 30_000 }, () => {
  it('shows the running clock, planned versus actual per item and in total, and stops it', async () => {
    running = { ri1: new Date(NOW - 605_000).toISOString() };
    show();
    const first = await item(0);
    const clock = within(first).getByTestId('item-clock');
    expect(clock.textContent).toBe('Arrêter');
    expect(clock.getAttribute('aria-pressed')).toBe('true');
    expect(within(first).getByTestId('item-clock-running').textContent).toBe('1:10:05');
    expect(within(first).getByTestId('item-planned').textContent).toBe('1\u00a0h\u00a030');
    expect(within(first).getByTestId('item-actual').textContent).toBe('1\u00a0h\u00a010');
    expect(screen.getByTestId('time-summary').textContent).toContain('Temps prévu : 2\u00a0h\u00a000');
    expect(screen.getByTestId('time-actual-total').textContent).toBe('Temps réel : 1\u00a0h\u00a010');
    fireEvent.click(clock);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/repair-items/ri1/stop-clock')).toBe(true));
    await waitFor(async () => expect(within(await item(0)).getByTestId('item-clock').textContent).toBe('Démarrer'));
    expect(within(await item(0)).queryByTestId('item-clock-running')).toBeNull();
  });

  it('names the clock that starting another one stopped (issue 20, point 23: it stopped silently)', async () => {
    running = { ri1: new Date(NOW - 605_000).toISOString() };
    show();
    fireEvent.click(within(await item(1)).getByTestId('item-clock'));
    expect((await within(await item(1)).findByTestId('item-clock-switched')).textContent).toBe('Votre chrono sur « Changer les plaquettes » a été arrêté : un seul tourne à la fois.');
  });

  it('names a clock it stopped on another work order, with that order’s number', async () => {
    elsewhere = { repair_item: 'x9', repair: 'r2', repair_code: 'R-2026-000011', detail: 'Vidange' };
    show();
    fireEvent.click(within(await item(1)).getByTestId('item-clock'));
    expect((await within(await item(1)).findByTestId('item-clock-switched')).textContent).toBe('Votre chrono sur « Vidange » du bon R-2026-000011 a été arrêté : un seul tourne à la fois.');
    elsewhere = null;
  });

  it('starts a clock on another item; a refusal is shown on the item', async () => {
    show();
    fireEvent.click(within(await item(1)).getByTestId('item-clock'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/repair-items/ri2/start-clock')).toBe(true));
    await waitFor(async () => expect(within(await item(1)).getByTestId('item-clock-running').textContent).toBe('0:00:05'));
    // No clock of the user ran elsewhere: nothing to say.
    expect(within(await item(1)).queryByTestId('item-clock-switched')).toBeNull();
    fireEvent.click(within(await item(0)).getByTestId('item-clock'));
    expect((await within(await item(0)).findByTestId('item-clock-refused')).textContent).toBe('Un chrono tourne déjà sur un autre élément');
  });

  it('the work order: modes, parts, the actions the server lists, who does it; in English too', async () => {
    show();
    expect(within(await screen.findByTestId('repair-actions')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Terminer', 'Annuler']);
    // Completing is what the holder does next: drawn filled.
    expect(screen.getByTestId('repair-actions-complete').getAttribute('data-variant')).toBe('filled');
    expect(screen.getByTestId('repair-holder').textContent).toBe('Mike Mécano');
    // The row holds the work, its progress, planned over clocked time over the clock, its total; the rest is in its detail.
    const order = () => screen.getByTestId('lines-view-repair-items');
    const heads = () => within(order()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads()).toEqual(['Travaux', 'Avancement', 'Prévu / réel · chrono', 'Total', 'Détails']);
    expect(screen.queryByLabelText('Réparé (Alignement)')).toBeNull();
    await openDetail(1, 'Détails de Élément 2');
    expect(within(order()).getByLabelText('Réparé (Alignement)')).toHaveProperty('value', "À l'externe");
    await openDetail(0, 'Détails de Élément 1');
    // The part status is read from the orders: shown, never a field to type in.
    expect(within(order()).getAllByTestId('item-part-status').map((s) => s.textContent)).toEqual(['Reçue', '—']);
    expect(within(order()).queryByLabelText('Statut de la pièce (Changer les plaquettes)')).toBeNull();
    expect(order().compareDocumentPosition(screen.getByTestId('estimation-totals')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('en');
    show();
    expect(within(await screen.findByTestId('repair-actions')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Complete', 'Cancel']);
    expect(within(await item(0)).getByTestId('item-clock').textContent).toBe('Start');
    expect(heads()).toEqual(['Work', 'Progress', 'Planned / actual · clock', 'Total', 'Details']);
    expect(screen.getByTestId('time-summary').textContent).toContain('Planned time: 2\u00a0h\u00a000');
  });

  it('shows the discount the estimate gave an item, and the totals’ discounts (issue 27)', async () => {
    const doc = repair({});
    doc.data.attributes = { ...doc.data.attributes, discount_total: 3000, subtotal: 26998 } as typeof doc.data.attributes;
    doc.included = doc.included.map((r) => (r.id === 'ri1' ? { ...r, attributes: { ...r.attributes, discount_percent: '10.0000', discount_total: 3000 } } : r)) as typeof doc.included;
    mockApi((c) => (c.method === 'GET' && c.url.startsWith('/repairs/r1') ? { body: doc } : undefined));
    show();
    await openDetail(0, 'Détails de Élément 1');
    const order = screen.getByTestId('lines-view-repair-items');
    expect(within(order).getByText('Remise (%)')).toBeTruthy();
    expect(order.querySelector('[data-line-field="discount_percent"]')?.textContent).toContain('10');
    expect(screen.getByTestId('totals-discount').textContent?.replace(/\s/g, ' ')).toBe('-30,00 $');
  });

  it('shows the shop supplies and the document discount the estimate handed over', async () => {
    const doc = repair({});
    doc.data.attributes = { ...doc.data.attributes, discount_total: 5000, document_discount_total: 2000, shop_supplies_total: 900, subtotal: 25_898 } as typeof doc.data.attributes;
    mockApi((c) => (c.method === 'GET' && c.url.startsWith('/repairs/r1') ? { body: doc } : undefined));
    show();
    await waitFor(() => expect(screen.getByTestId('totals-supplies').textContent?.replace(/\s/g, ' ')).toBe('9,00 $'));
    expect(screen.getByTestId('totals-document-discount').textContent?.replace(/\s/g, ' ')).toBe('-20,00 $');
    expect(screen.getByTestId('totals-discount').textContent?.replace(/\s/g, ' ')).toBe('-30,00 $');
    expect(screen.getByText('Fournitures d’atelier')).toBeTruthy();
  });
});

describe('taking over and the work order PDF', { timeout: 30_000 }, () => {
  it('names the holder seen in the take-over, shows a take-over lost meanwhile, and downloads the work order', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:work-order');
    URL.revokeObjectURL = vi.fn();
    const held = repair({});
    held.data.attributes.available_actions = ['take_over'];
    held.data.relationships.holder = { data: { type: 'users', id: 'u-jean' } };
    held.included.push({ type: 'users', id: 'u-jean', attributes: { firstname: 'Jean', lastname: 'Tremblay' } } as (typeof held.included)[number]);
    const seen = mockApi((c) => {
      if (c.method === 'GET' && c.url === '/repairs/r1/report') return { type: 'application/pdf', body: '%PDF-' };
      if (c.method === 'GET' && c.url.startsWith('/repairs/r1')) return { body: held };
      if (c.method === 'POST' && c.url === '/repairs/r1/take-over') return { status: 409, body: { errors: [{ status: '409', detail: 'Luc Lavoie a pris cette réparation en charge entre-temps.' }] } };
      return undefined;
    });
    show();
    expect((await screen.findByTestId('repair-held')).textContent).toContain('Jean Tremblay');
    fireEvent.click(within(screen.getByTestId('repair-actions')).getByText('Prendre en charge'));
    fireEvent.click(await screen.findByTestId('repair-actions-confirm'));
    expect((await screen.findByTestId('repair-actions-refused')).textContent).toContain('Luc Lavoie a pris cette réparation en charge entre-temps.');
    expect(seen.find((c) => c.url === '/repairs/r1/take-over')!.body).toEqual({ data: { type: 'repairs', id: 'r1', relationships: { holder: { data: { type: 'users', id: 'u-jean' } } } } });
    const pdf = screen.getByTestId('repair-report');
    expect(pdf.textContent).toBe('Bon de travail (PDF)');
    fireEvent.click(pdf);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u) === '/api/v1/repairs/r1/report')).toBe(true));
  });
});

describe('the repairs list', { timeout: 30_000 }, () => {
  it('shows the count of each state on its tab', async () => {
    mockApi((c) => (c.url.startsWith('/repairs/list/count') ? { body: { meta: { counts: { in_progress: 4, completed: 1 } } } } : undefined));
    renderAt('/inspecpro/repairs', '/inspecpro/repairs', <RepairsPage />);
    await waitFor(() => expect(screen.getByTestId('state-tab-all').textContent).toBe('Toutes (5)'));
    expect(screen.getByTestId('state-tab-in_progress').textContent).toBe('En cours (4)');
    expect(screen.getByTestId('state-tab-completed').textContent).toBe('Terminée (1)');
  });

  it('says the period a figure opened it on, in French and English, and drops it on request', async () => {
    const calls = mockApi(() => undefined);
    // The figures' link for the week of 23 to 29 November 2026 (local days, as figuresModel.ts makes them).
    const from = new Date(2026, 10, 23).toISOString();
    const to = new Date(new Date(2026, 10, 30).getTime() - 1).toISOString();
    const path = `/inspecpro/repairs?filter[completed_from]=${encodeURIComponent(from)}&filter[completed_to]=${encodeURIComponent(to)}&filter[comeback]=true`;
    renderAt(path, '/inspecpro/repairs', <RepairsPage />);
    expect((await screen.findByTestId('noted-completed_from')).textContent).toBe('Terminées du 23 nov. 2026 au 29 nov. 2026');
    expect(screen.getByTestId('noted-comeback').textContent).toBe('Retours seulement');
    await waitFor(() => expect(calls.some((c) => c.url.includes('filter[completed_from]=') && c.url.includes('filter[comeback]=true'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le filtre « Terminées du 23 nov. 2026 au 29 nov. 2026 »' }));
    await waitFor(() => expect(screen.queryByTestId('noted-completed_from')).toBeNull());
    expect(screen.getByTestId('noted-comeback')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('en');
    renderAt(path, '/inspecpro/repairs', <RepairsPage />);
    expect((await screen.findByTestId('noted-completed_from')).textContent).toBe('Completed from Nov 23, 2026 to Nov 29, 2026');
  });
});

