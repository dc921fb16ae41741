// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call, type Handler } from '../../testing/mockApi.tsx';
import { newLine } from '../../components/resource/lines.ts';
import { itemLinesConfig } from './EstimationItems.tsx';
import EstimationPage from './EstimationPage.tsx';
import EstimationsPage from './EstimationsPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

/** Spaces as one kind: fr-CA writes 1 234,56 $ with no-break spaces. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');

const JEAN = { type: 'users', id: 'u-jean', attributes: { firstname: 'Jean', lastname: 'Tremblay' } };
const ME = { type: 'users', id: 'u-me', attributes: { firstname: 'Moi', lastname: 'Même' } };
const QC = { type: 'tax-groups', id: 'tg-qc', attributes: { name: 'Québec' }, relationships: { taxes: { data: [{ type: 'taxes', id: 'gst' }, { type: 'taxes', id: 'qst' }] } } };
const TAXES = [
  { type: 'taxes', id: 'gst', attributes: { code: 'TPS', rate: '5', type: 'percentage', position: 0 } },
  { type: 'taxes', id: 'qst', attributes: { code: 'TVQ', rate: '9.975', type: 'percentage', position: 1 } },
];
// 2 × 49,99 $ of parts, 1,5 h × 120 $ of labour, taxed in Québec: 279,98 $ + TPS 14,00 $ + TVQ 27,93 $.
const ITEM = {
  type: 'estimation-items',
  id: 'i1',
  attributes: { detail: 'Plaquettes avant usées', condition: 'to_replace', urgency: null, part: 'Plaquettes', part_number: 'BP-1', quantity: '2', unit_price: 4999, time: '1.5', hourly_rate: 12000, manual_labour: null, warranty: false, state: null, customer_decision: null, images: ['https://photos.test/plaquettes.jpg'], total: 32191 },
  relationships: { taxGroup: { data: { type: 'tax-groups', id: 'tg-qc' } }, supplier: { data: null } },
};

type Resource = { type: string; id: string; attributes: Record<string, unknown>; relationships?: Record<string, unknown> };
type Doc = { data: Resource & { relationships: Record<string, unknown> }; included: Resource[] };

function estimation(attributes: Record<string, unknown> = {}): Doc {
  return {
    data: {
      type: 'estimations',
      id: 'e1',
      attributes: {
        code: 'E-2026-000001',
        state: 'in_progress',
        type: 'internal',
        department: 'Carrosserie',
        components_status: 'in_progress',
        times_status: 'in_progress',
        approval_status: 'pending',
        available_actions: ['end_components', 'take_over_times', 'cancel'],
        parts_total: 9998,
        labour_total: 18000,
        subtotal: 27998,
        tax_total: 4193,
        total: 32191,
        warranty_total: 0,
        tax_details: [{ code: 'TPS', amount: 1400 }, { code: 'TVQ', amount: 2793 }],
        created_at: '2026-11-20T14:00:00Z',
        updated_at: '2026-11-25T14:00:00Z',
        ...attributes,
      },
      relationships: {
        items: { data: [{ type: 'estimation-items', id: 'i1' }] },
        componentsHolder: { data: { type: 'users', id: 'u-me' } },
        timesHolder: { data: { type: 'users', id: 'u-jean' } },
        approvalHolder: { data: null },
      },
    },
    included: [ITEM, ME, JEAN, QC, ...TAXES],
  };
}

let doc = estimation();
let refuse: Record<string, { status: number; detail: string }> = {};
let calls: Call[] = [];
const MARY = { type: 'customers', id: 'c1', attributes: { type: 'individual', firstname: 'Mary', lastname: 'Grant', email: 'mary@example.com', locale: 'en' } };
const WIPERS = { type: 'deferred-work', id: 'd1', attributes: { detail: 'Balais d’essuie-glace', condition: 'to_replace', state: 'open', total: 5749, declined_at: '2026-10-02T15:00:00Z' } };
let sentTo: string | null = 'mary@example.com';
const server: Handler = (c) => {
  if (c.method === 'GET' && c.url === '/estimations/e1/report') return { type: 'application/pdf', body: '%PDF-' };
  if (c.method === 'GET' && c.url.startsWith('/estimations/e1')) return { body: doc };
  if (c.method === 'GET' && c.url.startsWith('/deferred-work')) return { body: { data: [WIPERS], meta: { page: { total: 1 } } } };
  if (c.method === 'POST' && c.url === '/estimations/e1/send-client-approve')
    return { body: { ...doc, meta: { approval: { url: 'https://atelier.test/approve/estimates/tok', email: sentTo, locale: 'en', expires_at: '2026-12-10T15:00:00Z' } } } };
  if (c.method === 'GET' && c.url.startsWith('/tax-groups')) return { body: { data: [QC], included: TAXES, meta: { page: { total: 1 } } } };
  if (c.method === 'POST') {
    const route = c.url.replace('/estimations/e1/', '');
    if (Object.hasOwn(refuse, route)) return { status: refuse[route].status, body: { errors: [{ status: String(refuse[route].status), detail: refuse[route].detail }] } };
    return { body: doc };
  }
  if (c.method === 'PATCH' && patchRefusal) return { status: 422, body: { errors: [{ status: '422', code: 'discount.over_cap_document', detail: patchRefusal, source: { pointer: '/data/attributes/document_discount_percent' } }] } };
  if (c.method === 'PATCH') return { body: doc };
  return undefined;
};
let patchRefusal: string | null = null;

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  doc = estimation();
  refuse = {};
  patchRefusal = null;
  sentTo = 'mary@example.com';
  signedIn.permissions = new Set(['view any estimations', 'view estimations', 'edit components estimations', 'take over estimations', 'cancel estimations']);
  calls = mockApi(server);
});

const showEstimate = () => renderAt('/inspecpro/estimates/e1', '/inspecpro/estimates/:id', <EstimationPage />);
const totals = () => screen.getByTestId('estimation-totals');
const total = (id: string) => text(within(totals()).getByTestId(`totals-${id}`));

describe('the estimates list', { timeout: 30_000 }, () => {
  it('shows the count of each state on its tab, and the estimates with their total', async () => {
    mockApi((c) => {
      if (c.url.startsWith('/estimations/list/count')) return { body: { meta: { counts: { pending: 2, in_progress: 3 } } } };
      if (c.url.startsWith('/estimations?'))
        return {
          body: {
            data: [{ type: 'estimations', id: 'e1', attributes: { code: 'E-2026-000001', state: 'in_progress', components_status: 'in_progress', times_status: 'pending', approval_status: 'pending', total: 123456, created_at: '2026-11-20T14:00:00Z' } }],
            meta: { page: { total: 1 } },
          },
        };
      return undefined;
    });
    renderAt('/inspecpro/estimates', '/inspecpro/estimates', <EstimationsPage />);
    await waitFor(() => expect(screen.getByTestId('state-tab-all').textContent).toBe('Toutes (5)'));
    expect(screen.getByTestId('state-tab-in_progress').textContent).toBe('En cours (3)');
    expect(screen.getByTestId('state-tab-pending').textContent).toBe('À assigner (2)');
    // A state without any has no count to show.
    expect(screen.getByTestId('state-tab-approved').textContent).toBe('Approuvée');
    const row = await screen.findByTestId('resource-row');
    expect(text(row)).toContain('E-2026-000001');
    expect(text(row)).toContain('1 234,56 $');
    fireEvent.click(screen.getByTestId('state-tab-pending'));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => decodeURIComponent(String(u)).includes('filter[state]=pending'))).toBe(true));
  });
});

describe('the estimate screen', { timeout: 30_000 }, () => {
  it('recomputes the totals live, QC taxes to the cent, and sends the items in cents; the server’s totals are shown until then', async () => {
    showEstimate();
    await screen.findByTestId('estimation-totals');
    await waitFor(() => expect(total('total')).toBe('321,91 $'));
    expect(screen.queryByTestId('totals-unsaved')).toBeNull();
    // Labour is Jean's phase: read only for me; parts are mine.
    const labour = within(screen.getByTestId('lines-estimation-items'));
    // The row holds the essentials; the labour's rate, the tax group and the photos are in the line's detail.
    expect(document.querySelector('[data-line-field="hourly_rate"]')).toBeNull();
    fireEvent.click(labour.getByRole('button', { name: 'Détails de Élément 1' }));
    expect(labour.queryByLabelText('Taux horaire (Élément 1)')).toBeNull();
    expect(text(document.querySelector('[data-line-field="hourly_rate"]')!)).toBe('120,00 $');
    expect(text(document.querySelector('[data-line-field="taxGroup"]')!)).toBe('Québec');
    // The inspection's photo of the item, as a thumbnail that enlarges.
    expect(screen.getByTestId('photo-thumbnail').getAttribute('aria-label')).toBe('Photo 1 : Plaquettes avant usées');
    const price = labour.getByLabelText('Prix unitaire (Élément 1)');
    fireEvent.change(price, { target: { value: '59,99' } });
    await waitFor(() => expect(total('parts')).toBe('119,98 $'));
    expect(screen.getByTestId('totals-unsaved')).toBeTruthy();
    expect(total('labour')).toBe('180,00 $');
    expect(total('subtotal')).toBe('299,98 $');
    // TPS 5 % of 119,98 and of 180,00 = 6,00 + 9,00; TVQ 9,975 % of each (as their invoice lines) = 11,97 (11,968) + 17,96 (17,955).
    expect(total('tax-TPS')).toBe('15,00 $');
    expect(total('tax-TVQ')).toBe('29,93 $');
    expect(total('total')).toBe('344,91 $');
    expect(text(screen.getByTestId('item-total'))).toBe('344,91 $');

    fireEvent.click(screen.getByTestId('items-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/estimations/e1');
    const items = (patch.body as { data: { relationships: { items: { data: { id: string; attributes: Record<string, unknown> }[] } } } }).data.relationships.items.data;
    expect(items).toHaveLength(1);
    expect(items[0].id).toBe('i1');
    // Only what the parts' holder writes, money in cents (the part's cost, fee and core as they were).
    expect(items[0].attributes).toEqual({
      part: 'Plaquettes',
      part_number: 'BP-1',
      quantity: 2,
      unit_price: 5999,
      unit_cost: null,
      environmental_fee_kind: null,
      environmental_fee: null,
      core_charge: null,
      core_returned: false,
    });
  });

  it('offers the actions the server lists, confirms a cancel, and shows a 409 refusal', async () => {
    refuse['end-components'] = { status: 409, detail: 'Les pièces de cette estimation sont déjà terminées' };
    showEstimate();
    const bar = await screen.findByTestId('estimation-actions');
    const buttons = within(bar).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Terminer les pièces', 'Annuler']);
    fireEvent.click(within(bar).getByTestId('estimation-actions-end_components'));
    const refused = await screen.findByTestId('estimation-actions-refused');
    expect(refused.textContent).toContain('Les pièces de cette estimation sont déjà terminées');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/estimations/e1/end-components')).toBe(true);

    fireEvent.click(within(bar).getByTestId('estimation-actions-cancel'));
    expect((await screen.findByTestId('estimation-actions-confirm-body')).textContent).toBe("Annuler l'estimation E-2026-000001 ? C'est définitif.");
    expect(calls.some((c) => c.url === '/estimations/e1/cancel')).toBe(false);
    fireEvent.click(screen.getByTestId('estimation-actions-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/estimations/e1/cancel')).toBe(true));
  });

  it('says who works on a phase and offers the take-over only with the permission', async () => {
    showEstimate();
    const prompt = await screen.findByTestId('held-times');
    expect(prompt.textContent).toContain("Jean Tremblay travaille sur la main-d'œuvre. Prendre en charge ?");
    fireEvent.click(within(prompt).getByTestId('take-over-times'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/estimations/e1/take-over/times')).toBe(true));
    cleanup();

    // Without the permission, the server lists no take-over: the user is only told.
    doc = estimation({ available_actions: ['end_components'] });
    showEstimate();
    const told = await screen.findByTestId('held-times');
    expect(told.textContent).toBe("Jean Tremblay travaille sur la main-d'œuvre.");
    expect(within(told).queryByRole('button')).toBeNull();
    // My own phase is not announced to me.
    expect(screen.queryByTestId('held-components')).toBeNull();
  });

  it('shows the estimate’s own fields, editable with the permission', async () => {
    showEstimate();
    const details = await screen.findByTestId('estimation-details');
    await waitFor(() => expect(details.querySelector('[data-field-view="department"]')?.textContent).toBe('Carrosserie'));
    expect(details.querySelector('[data-field-view="type"]')?.textContent).toBe('Interne (reconditionnement)');
    expect(within(details).queryByTestId('record-edit')).toBeNull();
    cleanup();
    signedIn.permissions = new Set([...signedIn.permissions, 'edit estimations']);
    showEstimate();
    fireEvent.click(await within(await screen.findByTestId('estimation-details')).findByTestId('record-edit'));
    expect(await screen.findByTestId('record-save')).toBeTruthy();
  });

  it('speaks English: the prompt, the actions and money in en-CA', async () => {
    await i18n.changeLanguage('en');
    showEstimate();
    expect((await screen.findByTestId('held-times')).textContent).toContain('Jean Tremblay is working on the labour. Take it over?');
    expect(within(screen.getByTestId('estimation-actions')).getAllByRole('button').map((b) => b.textContent)).toEqual(['End the parts', 'Cancel']);
    await waitFor(() => expect(total('total')).toBe('$321.91'));
    fireEvent.change(within(screen.getByTestId('lines-estimation-items')).getByLabelText('Unit price (Item 1)'), { target: { value: '59.99' } });
    await waitFor(() => expect(total('total')).toBe('$344.91'));
  });
});

describe('a line’s discount (issue 27)', { timeout: 30_000 }, () => {
  const sentItems = () => {
    const patch = calls.filter((c) => c.method === 'PATCH').at(-1)!;
    return (patch.body as { data: { relationships: { items: { data: { attributes: Record<string, unknown> }[] } } } }).data.relationships.items.data;
  };

  it('takes a percentage typed with "," or an amount typed with "." in French, shows it in the totals, and sends it (the amount in cents)', async () => {
    signedIn.permissions = new Set([...signedIn.permissions, 'edit estimations', 'apply discounts estimations']);
    showEstimate();
    await waitFor(() => expect(total('total')).toBe('321,91 $'));
    const lines = within(screen.getByTestId('lines-estimation-items'));
    fireEvent.click(lines.getByRole('button', { name: 'Détails de Élément 1' }));
    fireEvent.change(lines.getByLabelText('Remise (%) (Élément 1)'), { target: { value: '12,5' } });
    // 12,5 % of 99,98 + 180,00 = 35,00 (34,9975); taxes on the 244,98 left, per printed part.
    await waitFor(() => expect(total('discount')).toBe('-35,00 $'));
    expect(total('subtotal')).toBe('244,98 $');
    fireEvent.click(screen.getByTestId('items-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(sentItems()[0].attributes).toMatchObject({ discount_percent: 12.5 });

    fireEvent.change(lines.getByLabelText('Remise (%) (Élément 1)'), { target: { value: '' } });
    fireEvent.change(lines.getByLabelText('Remise ($) (Élément 1)'), { target: { value: '25.50' } });
    await waitFor(() => expect(total('discount')).toBe('-25,50 $'));
    expect(total('subtotal')).toBe('254,48 $');
    fireEvent.click(screen.getByTestId('items-save'));
    await waitFor(() => expect(sentItems()[0].attributes).toMatchObject({ discount_amount: 2550 }));
  });

  it('in English, takes "12.5" and "25,50" alike', async () => {
    await i18n.changeLanguage('en');
    signedIn.permissions = new Set([...signedIn.permissions, 'edit estimations', 'apply discounts estimations']);
    showEstimate();
    await waitFor(() => expect(total('total')).toBe('$321.91'));
    const lines = within(screen.getByTestId('lines-estimation-items'));
    fireEvent.click(lines.getByRole('button', { name: 'Details of Item 1' }));
    fireEvent.change(lines.getByLabelText('Discount (%) (Item 1)'), { target: { value: '12.5' } });
    await waitFor(() => expect(total('discount')).toBe('-$35.00'));
    fireEvent.change(lines.getByLabelText('Discount (%) (Item 1)'), { target: { value: '' } });
    fireEvent.change(lines.getByLabelText('Discount ($) (Item 1)'), { target: { value: '25,50' } });
    await waitFor(() => expect(total('discount')).toBe('-$25.50'));
  });

  it('is read only without the permission, the discount given shown', async () => {
    doc = estimation({ discount_total: 3500, subtotal: 24_498 });
    doc.included = doc.included.map((r) => (r.id === 'i1' ? { ...r, attributes: { ...r.attributes, discount_percent: '12.5' } } : r));
    showEstimate();
    await waitFor(() => expect(total('discount')).toBe('-35,00 $'));
    const lines = within(screen.getByTestId('lines-estimation-items'));
    fireEvent.click(lines.getByRole('button', { name: 'Détails de Élément 1' }));
    expect(lines.queryByLabelText('Remise (%) (Élément 1)')).toBeNull();
    expect(text(document.querySelector('[data-line-field="discount_percent"]')!)).toContain('12,5');
  });
});

describe('shop supplies and the document discount (issue 27)', { timeout: 30_000 }, () => {
  // 5 % of the 180,00 $ of labour: 9,00 $ of supplies, taxed in Québec; 20,00 $ off the document.
  const charged = () => {
    const d = estimation({ shop_supplies_percent: '5.0000', shop_supplies_cap: null, document_discount_amount: 2000, shop_supplies_total: 900, document_discount_total: 2000, discount_total: 2000, subtotal: 26_898 });
    d.data.relationships = { ...d.data.relationships, shopSuppliesTaxGroup: { data: { type: 'tax-groups', id: 'tg-qc' } } };
    return d;
  };
  const sentAttributes = () => (calls.filter((c) => c.method === 'PATCH').at(-1)!.body as { data: { attributes: Record<string, unknown> } }).data.attributes;

  it('shows the supplies and the document discount in the totals, recomputed live, and sends the discount typed', async () => {
    doc = charged();
    signedIn.permissions = new Set([...signedIn.permissions, 'edit estimations', 'apply discounts estimations']);
    showEstimate();
    await waitFor(() => expect(total('supplies')).toBe('9,00 $'));
    expect(total('document-discount')).toBe('-20,00 $');
    expect(within(totals()).queryByTestId('totals-discount')).toBeNull();
    // Parts at 2 × 59,99 $: 119,98 + 180,00 − 20,00 + 9,00 of supplies.
    fireEvent.change(within(screen.getByTestId('lines-estimation-items')).getByLabelText('Prix unitaire (Élément 1)'), { target: { value: '59,99' } });
    await waitFor(() => expect(total('subtotal')).toBe('288,98 $'));
    expect(total('supplies')).toBe('9,00 $');
    expect(total('document-discount')).toBe('-20,00 $');
    const charges = within(screen.getByTestId('document-charges'));
    fireEvent.change(charges.getByLabelText('Remise sur le document ($)'), { target: { value: '' } });
    fireEvent.change(charges.getByLabelText('Remise sur le document (%)'), { target: { value: '7,5' } });
    fireEvent.click(charges.getByTestId('document-charges-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(sentAttributes()).toMatchObject({ shop_supplies_percent: '5', shop_supplies_cap: null, document_discount_percent: '7.5', document_discount_amount: null });
  });

  it('in English, shows the role’s cap the server names; without the permission the discount is read only', async () => {
    await i18n.changeLanguage('en');
    doc = charged();
    signedIn.permissions = new Set([...signedIn.permissions, 'edit estimations', 'apply discounts estimations']);
    patchRefusal = 'The document discount is over your role’s maximum: 10 % of the document.';
    showEstimate();
    await waitFor(() => expect(total('supplies')).toBe('$9.00'));
    expect(total('document-discount')).toBe('-$20.00');
    const charges = within(screen.getByTestId('document-charges'));
    fireEvent.change(charges.getByLabelText('Document discount (%)'), { target: { value: '12.5' } });
    fireEvent.click(charges.getByTestId('document-charges-save'));
    expect(await charges.findByText('The document discount is over your role’s maximum: 10 % of the document.')).toBeTruthy();
    cleanup();
    signedIn.permissions = new Set(['view any estimations', 'view estimations', 'edit components estimations', 'edit estimations']);
    showEstimate();
    const readOnly = within(await screen.findByTestId('document-charges'));
    expect((readOnly.getByLabelText('Document discount ($)') as HTMLInputElement).readOnly).toBe(true);
    expect(readOnly.getByText('Giving a discount needs the “Apply discounts” permission.')).toBeTruthy();
  });
});

/** An estimate awaiting approval, of Mary's vehicle, its parts and labour done: what is sent to the customer. */
const complete = (attributes: Record<string, unknown> = {}) => {
  const d = estimation({ state: 'completed', components_status: 'done', times_status: 'done', approval_status: 'pending', available_actions: ['start_approve', 'send_client_approve', 'valid'], ...attributes });
  d.data.relationships = { ...d.data.relationships, componentsHolder: { data: null }, timesHolder: { data: null }, customer: { data: { type: 'customers', id: 'c1' } }, vehicle: { data: { type: 'vehicles', id: 'v1' } } };
  d.included = [...d.included, MARY, { type: 'vehicles', id: 'v1', attributes: { vin: '1HGCM82633A004352' } }];
  return d;
};

describe('the actions of an estimate to approve', { timeout: 30_000 }, () => {
  const EVERYTHING = ['start_components', 'start_times', 'start_approve', 'send_client_approve', 'valid', 'review', 'deny', 'by_pass', 'cancel'];
  const toApprove = () => {
    const d = estimation({ state: 'completed', components_status: 'done', times_status: 'done', approval_status: 'pending', available_actions: EVERYTHING });
    d.data.relationships = { ...d.data.relationships, componentsHolder: { data: null }, timesHolder: { data: null } };
    return d;
  };
  const buttons = (el: HTMLElement) => within(el).getAllByRole('button').map((b) => b.textContent);
  // jsdom lays nothing out: the popover hides its dropdown as detached from its button (display: none).
  const opened = async () => within(await screen.findByRole('menu', { hidden: true })).findAllByRole('menuitem', { hidden: true });

  it('shows the likely next filled, one more beside it, the rest in a menu with the destructive ones last, still confirmed', async () => {
    doc = toApprove();
    showEstimate();
    const bar = await screen.findByTestId('estimation-actions');
    expect(buttons(bar)).toEqual(["Commencer l'approbation", 'Valider', "Plus d'actions"]);
    // Sending to the customer is the one drawn filled, beside: the bar's likely next ones are not.
    expect(screen.getByTestId('send-client')).toBeTruthy();
    expect(within(bar).getByTestId('estimation-actions-start_approve').getAttribute('data-variant')).toBe('light');
    expect(within(bar).getByTestId('estimation-actions-valid').getAttribute('data-variant')).toBe('light');
    expect(screen.queryByTestId('estimation-actions-cancel')).toBeNull();

    fireEvent.click(within(bar).getByTestId('estimation-actions-more'));
    const items = await opened();
    // Both phases are done: starting one again says so.
    expect(items.map((i) => i.textContent)).toEqual(['Reprendre les pièces', "Reprendre la main-d'œuvre", 'Renvoyer en révision', 'Passer à la réparation', 'Refuser', 'Annuler']);
    // The destructive ones apart, in red.
    expect(screen.getByTestId('estimation-actions-menu').querySelectorAll('.mantine-Menu-divider')).toHaveLength(1);
    expect(items[4].previousElementSibling?.className).toContain('mantine-Menu-divider');
    expect(items.map((i) => i.style.getPropertyValue('--menu-item-color') !== '')).toEqual([false, false, false, false, true, true]);
    fireEvent.click(items[5]);
    expect((await screen.findByTestId('estimation-actions-confirm-body')).textContent).toBe("Annuler l'estimation E-2026-000001 ? C'est définitif.");
    expect(calls.some((c) => c.url === '/estimations/e1/cancel')).toBe(false);
    fireEvent.click(screen.getByTestId('estimation-actions-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/estimations/e1/cancel')).toBe(true));
  });

  it('in English, at work on the parts: ending them filled, a menu the arrows walk, a skip confirmed', async () => {
    await i18n.changeLanguage('en');
    // Parts in my hands, labour not started: ending the parts is what comes next, filled.
    doc = estimation({ times_status: 'pending', available_actions: ['assign', 'end_components', 'start_times', 'by_pass', 'cancel'] });
    doc.data.relationships = { ...doc.data.relationships, timesHolder: { data: null } };
    showEstimate();
    const bar = await screen.findByTestId('estimation-actions');
    expect(buttons(bar)).toEqual(['End the parts', 'Start the labour', 'More actions']);
    expect(within(bar).getByTestId('estimation-actions-end_components').getAttribute('data-variant')).toBe('filled');
    const more = within(bar).getByTestId('estimation-actions-more');
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(more);
    const items = await opened();
    expect(items.map((i) => i.textContent)).toEqual(['Assign', 'Skip to the repair', 'Cancel']);
    // The arrows walk the items.
    items[0].focus();
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[0]);
    // Skipping is confirmed, in English.
    fireEvent.click(items[1]);
    expect((await screen.findByTestId('estimation-actions-confirm-body')).textContent).toBe('Skip straight to the repair for estimate E-2026-000001? All its phases are then done.');
    fireEvent.click(screen.getByTestId('estimation-actions-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/estimations/e1/by-pass')).toBe(true));
  });
});

describe('sending the estimate to the customer', { timeout: 30_000 }, () => {
  it('asks where, in which language and for how long (the customer’s by default), then shows the link to copy and where it went', async () => {
    doc = complete({ version: 2, sent_at: '2026-11-24T15:00:00Z' });
    showEstimate();
    expect((await screen.findByTestId('estimation-sent')).textContent).toMatch(/^Version 2, le /);
    // Sending has its own dialog, not a plain button of the bar.
    expect(within(screen.getByTestId('estimation-actions')).queryByText('Envoyer au client')).toBeNull();
    fireEvent.click(screen.getByTestId('send-client'));
    const email = (await screen.findByTestId('send-client-email')) as HTMLInputElement;
    expect(email.value).toBe('mary@example.com');
    expect((screen.getByTestId('send-client-locale') as HTMLInputElement).value).toBe('Anglais');
    fireEvent.change(email, { target: { value: 'mary.grant@example.com' } });
    fireEvent.change(screen.getByTestId('send-client-days'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    const url = (await screen.findByTestId('send-client-url')) as HTMLInputElement;
    expect(url.value).toBe('https://atelier.test/approve/estimates/tok');
    expect(screen.getByTestId('send-client-where').textContent).toBe('Lien envoyé à mary@example.com (Anglais).');
    expect(screen.getByTestId('send-client-copy').textContent).toBe('Copier');
    const post = calls.find((c) => c.url === '/estimations/e1/send-client-approve')!;
    expect(post.body).toEqual({ data: { type: 'estimations', id: 'e1', attributes: { email: 'mary.grant@example.com', locale: 'en', expires_in_days: 7 } } });
  });

  it('says to hand the link over when there is no address, and refuses a validity out of range before sending', async () => {
    await i18n.changeLanguage('en');
    sentTo = null;
    doc = complete();
    showEstimate();
    fireEvent.click(await screen.findByTestId('send-client'));
    fireEvent.change(await screen.findByTestId('send-client-email'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('send-client-days'), { target: { value: '90' } });
    expect(await screen.findByText('Between 1 and 60 days')).toBeTruthy();
    expect((screen.getByTestId('send-client-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('send-client-days'), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    expect((await screen.findByTestId('send-client-where')).textContent).toBe('No e-mail address: give this link to the customer (text message, kiosk, print-out).');
    const post = calls.find((c) => c.url === '/estimations/e1/send-client-approve')!;
    expect(post.body).toEqual({ data: { type: 'estimations', id: 'e1', attributes: { locale: 'en', expires_in_days: 14 } } });
  });

  it('shows each item’s customer decision with its time', async () => {
    doc = complete();
    doc.included = doc.included.map((i) => (i.id === 'i1' ? { ...i, attributes: { ...i.attributes, customer_decision: 'declined', customer_decided_at: '2026-11-25T16:30:00Z' } } : i));
    showEstimate();
    const badge = await screen.findByTestId('customer-decision');
    expect(badge.getAttribute('data-decision')).toBe('declined');
    expect(text(badge)).toMatch(/^Refusé par le client.*2026/);
  });
});

describe('the estimate screen’s companions', { timeout: 30_000 }, () => {
  it('sends the holder seen with a take-over, and shows the 409 of a take-over lost meanwhile', async () => {
    refuse['take-over/times'] = { status: 409, detail: 'Luc Lavoie vient de prendre en charge la phase « Main-d’œuvre » de cette estimation.' };
    showEstimate();
    fireEvent.click(within(await screen.findByTestId('held-times')).getByTestId('take-over-times'));
    expect((await screen.findByTestId('take-over-refused')).textContent).toBe('Luc Lavoie vient de prendre en charge la phase « Main-d’œuvre » de cette estimation.');
    const post = calls.find((c) => c.url === '/estimations/e1/take-over/times')!;
    expect(post.body).toEqual({ data: { type: 'estimations', id: 'e1', relationships: { holder: { data: { type: 'users', id: 'u-jean' } } } } });
  });

  it('suggests the vehicle’s open deferred work and adds it while descriptions may change', async () => {
    signedIn.permissions = new Set([...signedIn.permissions, 'edit estimations']);
    doc = estimation({ state: 'pending', components_status: 'pending', times_status: 'pending', available_actions: ['start_components'] });
    doc.data.relationships = { ...doc.data.relationships, componentsHolder: { data: null }, timesHolder: { data: null }, vehicle: { data: { type: 'vehicles', id: 'v1' } } };
    doc.included = [...doc.included, { type: 'vehicles', id: 'v1', attributes: { vin: '1HGCM82633A004352' } }];
    showEstimate();
    const box = await screen.findByTestId('deferred-suggestions');
    expect(text(box)).toContain('Travaux reportés des visites précédentes');
    expect(text(box)).toContain('Balais d’essuie-glace');
    expect(text(box)).toContain('57,49 $');
    expect(calls.some((c) => c.url.startsWith('/deferred-work') && c.url.includes('filter[vehicle]=v1') && c.url.includes('filter[state]=open'))).toBe(true);
    fireEvent.click(within(box).getByTestId('deferred-add'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/estimations/e1/deferred-work')).toBe(true));
    expect(calls.find((c) => c.url === '/estimations/e1/deferred-work')!.body).toEqual({ data: [{ type: 'deferred-work', id: 'd1' }] });
    cleanup();

    // Once descriptions are locked (approval), the suggestion is shown, not offered.
    doc = complete();
    showEstimate();
    const shown = await screen.findByTestId('deferred-suggestions');
    expect(within(shown).queryByTestId('deferred-add')).toBeNull();
    cleanup();

    // Work declined on this very estimate is one of its items already: not suggested to it.
    const own = { ...WIPERS, relationships: { estimation: { data: { type: 'estimations', id: 'e1' } } } };
    mockApi((c) => (c.url.startsWith('/deferred-work') ? { body: { data: [own], meta: { page: { total: 1 } } } } : server(c)));
    showEstimate();
    await screen.findByTestId('estimation-items');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/deferred-work'))).toBe(true));
    // Its answer is rendered by now (the mocked fetch answers at once).
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('deferred-suggestions')).toBeNull();
  });

  it('has the estimate’s comment thread and downloads the quote', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:quote');
    URL.revokeObjectURL = vi.fn();
    signedIn.permissions = new Set([...signedIn.permissions, 'view any comments']);
    showEstimate();
    await screen.findByTestId('estimation-page');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/comments') && c.url.includes('filter[object_type]=estimations') && c.url.includes('filter[object_id]=e1'))).toBe(true));
    const pdf = screen.getByTestId('estimation-report');
    expect(pdf.textContent).toBe('Télécharger le devis (PDF)');
    fireEvent.click(pdf);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u) === '/api/v1/estimations/e1/report')).toBe(true));
  });

  it('starts an item added by hand at a quantity of 1', () => {
    expect(newLine(itemLinesConfig(['description', 'parts', 'labour'], new Map())).quantity).toBe(1);
  });
});
