import { describe, expect, it } from 'vitest';
import { workLineTotals } from '../lines/work-lines.ts';
import type { TaxRate } from '../taxes/taxes.ts';
import { QUEBEC } from '../taxes/test-rates.ts';
import { buildQuote, type QuoteInput, type QuoteItemInput } from './quote.ts';

/** An item with the totals it stored when written (with its group's rates then). */
function item(id: string, i: Partial<Omit<QuoteItemInput, 'totals'>>): QuoteItemInput {
  const line = { id, detail: id, quantity: 1, unit_price: 0, time: 0, hourly_rate: 12000, taxes: QUEBEC, ...i };
  return { ...line, totals: workLineTotals(line) };
}

const items: QuoteItemInput[] = [
  // 300.00 parts + 0.8 h × 120.00 = 96.00 labour = 396.00; TPS 19.80; TVQ 39.501 → 39.50
  item('tires', { detail: 'Pneus avant', condition: 'to_replace', urgency: 'urgent', quantity: 2, unit_price: 15000, time: '0.8', state: 'approved', customer_decision: 'approved', customer_decided_at: '2026-03-11T15:00:00Z', position: 0, part: 'Michelin X-Ice', part_number: 'MX-205-55', images: ['/p/1', '/p/2'] }),
  // 89.99 + 50.00 by hand = 139.99; TPS 6.9995 → 7.00; TVQ 13.964 → 13.96
  item('pads', { detail: 'Plaquettes avant', condition: 'to_repair', urgency: 'urgent', unit_price: 8999, manual_labour: 5000, position: 1 }),
  // declined by the customer: not charged
  item('wipers', { detail: 'Essuie-glaces', condition: 'to_schedule', urgency: 'monitor', quantity: 2, unit_price: 1250, customer_decision: 'declined', position: 2 }),
  // under warranty: 200.00 + 60.00 covered, nothing charged
  item('battery', { detail: 'Batterie', condition: 'to_replace', urgency: 'urgent', unit_price: 20000, time: '0.5', warranty: true, position: 3, images: ['/p/2', '/p/3'] }),
  // denied by the approver
  item('noise', { detail: 'Bruit à l’avant', condition: 'to_verify', urgency: 'soon', time: '1.25', state: 'denied', position: 4 }),
  item('wash', { detail: 'Lavage', manual_labour: 0, position: 5 }),
];

const input = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  locale: 'fr',
  estimation: { code: 'E-2026-000012', state: 'completed', type: 'customer', version: 3, created_at: '2026-03-10T13:00:00Z', sent_at: '2026-03-11T14:00:00Z', notes: '  ', stock: 'S-1234' },
  items,
  organization: { name: 'Garage Démo', lines: ['1200 rue Sainte-Catherine Ouest'], logo: '/logo' },
  vehicle: { vin: 'KM8K2CAB4PU001140', year: 2023, make: 'Hyundai', model: 'Kona', odometer: 18650, unit: 'km' },
  customer: { name: 'Transport Laval inc.', lines: ['450-555-0101'] },
  options: { 'general.document_footer': '  TPS 123456789 RT0001  ', 'general.currency': 'CAD' },
  ...over,
});

describe('the quote of an estimate', () => {
  const q = buildQuote(input());

  it('groups the items by urgency, then condition, in the estimate’s order, numbered as printed', () => {
    expect(q.groups.map((g) => [g.title, g.lines.map((l) => `${l.number} ${l.id}`)])).toEqual([
      ['À faire maintenant · À remplacer', ['1 tires', '2 battery']],
      ['À faire maintenant · À réparer', ['3 pads']],
      ['À prévoir · À vérifier', ['4 noise']],
      ['À surveiller · À planifier', ['5 wipers']],
      ['Autres travaux', ['6 wash']],
    ]);
  });

  it('gives each line its parts, labour and taxes to the cent', () => {
    const [tires, battery] = q.groups[0].lines;
    expect(tires).toMatchObject({ quantity: 2, unit_price: 15000, labour: { time: 0.8, hourly_rate: 12000, manual: false }, part: 'Michelin X-Ice', part_number: 'MX-205-55' });
    expect(tires.totals).toEqual({ parts: 30000, labour: 9600, discount: 0, part_charges: 0, subtotal: 39600, taxes: [{ code: 'TPS', amount: 1980 }, { code: 'TVQ', amount: 3951 }], tax: 5931, total: 45531, warranty: 0 });
    const pads = q.groups[1].lines[0];
    expect(pads.labour).toEqual({ time: 0, hourly_rate: 12000, manual: true });
    expect(pads.totals).toMatchObject({ parts: 8999, labour: 5000, taxes: [{ code: 'TPS', amount: 700 }, { code: 'TVQ', amount: 1397 }], total: 16096 });
    expect(battery).toMatchObject({ warranty: true, charged: true });
    expect(battery.totals).toMatchObject({ subtotal: 0, tax: 0, total: 0, warranty: 26000 });
  });

  it('totals what is proposed (neither denied nor declined) and what is approved, with each tax’s rate', () => {
    expect(q.totals.proposed).toMatchObject({ parts: 38999, labour: 14600, discount: 0, subtotal: 53599, taxes: [{ code: 'TPS', amount: 2680 }, { code: 'TVQ', amount: 5348 }], tax: 8028, total: 61627, warranty: 26000 });
    expect(q.totals.approved.total).toBe(45531);
    expect(q.hasApproved).toBe(true);
    expect(q.taxes).toEqual([
      { code: 'TPS', amount: 2680, rate: '5', type: 'percentage' },
      { code: 'TVQ', amount: 5348, rate: '9.975', type: 'percentage' },
    ]);
    expect(q.groups.map((g) => g.total)).toEqual([45531, 16096, 0, 0, 0]);
  });

  it('adds the shop supplies (capped) and the document discount, each part taxed as printed', () => {
    const charged = buildQuote(input({ terms: { supplies_percent: '5', supplies_cap: 500, supplies_taxes: QUEBEC, discount_amount: 1000 } }));
    // 5 % of 146.00 $ of labour = 7.30 $, capped at 5.00 $ (TPS 0.25, TVQ 0.50); 10.00 $ off (TPS −0.50, TVQ −1.00).
    expect(charged.totals.proposed).toMatchObject({ supplies: 500, document_discount: 1000, discount: 1000, subtotal: 53099, taxes: [{ code: 'TPS', amount: 2655 }, { code: 'TVQ', amount: 5298 }], total: 61052 });
  });

  it('prints the totals the items stored, not what their group’s rates give now; a rate changed since is not printed', () => {
    // The TVQ went from 9.975 % to 10 % after the items were saved.
    const edited = buildQuote(input({ items: items.map((i) => ({ ...i, taxes: [QUEBEC[0], { ...QUEBEC[1], rate: '10' }] })) }));
    expect(edited.groups[0].lines[0].totals).toEqual(q.groups[0].lines[0].totals);
    expect(edited.totals).toEqual(q.totals);
    expect(edited.taxes).toEqual([
      { code: 'TPS', amount: 2680, rate: '5', type: 'percentage' },
      { code: 'TVQ', amount: 5348, rate: null, type: null },
    ]);
  });

  it('says each item’s decisions: the approver’s and the customer’s', () => {
    const byId = new Map(q.groups.flatMap((g) => g.lines).map((l) => [l.id, l]));
    expect(byId.get('tires')!.approval).toEqual({ state: { code: 'approved', label: 'Approuvé' }, customer: { code: 'approved', label: 'Accepté par le client', decided_at: '2026-03-11T15:00:00Z' } });
    expect(byId.get('pads')!.approval).toEqual({ state: { code: 'undecided', label: 'À décider' }, customer: null });
    expect(byId.get('wipers')!).toMatchObject({ charged: false, approval: { customer: { code: 'declined', label: 'Refusé par le client' } } });
    expect(byId.get('noise')!).toMatchObject({ charged: false, approval: { state: { code: 'denied', label: 'Refusé' } } });
  });

  it('carries the header, the photos to load, the footer and an unsigned signature block', () => {
    expect(q).toMatchObject({ code: 'E-2026-000012', state: { label: 'À approuver' }, type: { label: 'Client' }, notes: null, stock: 'S-1234', logo: '/logo', documentFooter: 'TPS 123456789 RT0001' });
    expect(q.photos).toEqual(['/p/1', '/p/2', '/p/3']);
    expect(q.signature).toEqual({ name: 'Transport Laval inc.', signed: null });
  });

  it('is a draft until its parts and labour are done (or while sent back for revision)', () => {
    const draft = (state: QuoteInput['estimation']['state']) => buildQuote(input({ estimation: { ...input().estimation, state } })).draft;
    for (const state of ['draft', 'pending', 'assigned', 'in_progress', 'reviewed'] as const) expect(draft(state), state).toBe(true);
    for (const state of ['completed', 'approved', 'denied', 'canceled'] as const) expect(draft(state), state).toBe(false);
  });

  it('marks a signature given to an earlier version of the estimate', () => {
    const signed = (version: number) => buildQuote(input({ signature: { signer: 'Marc Laval', signed_at: '2026-03-11T15:00:00Z', image: 'data:image/png;base64,AA==', version } })).signature.signed;
    expect(signed(3)).toMatchObject({ signer: 'Marc Laval', stale: false });
    expect(signed(2)).toMatchObject({ stale: true });
  });

  it('speaks English, and prices Ontario’s HST with an amount-type levy', () => {
    const levy: TaxRate = { code: 'Tire levy', rate: '3.5', type: 'amount' };
    const en = buildQuote(
      input({
        locale: 'en',
        options: {},
        // 4 × 100.00 + 1.5 h × 135.00 = 602.50; HST 78.325 → 78.33; levy 4 × 3.50 = 14.00
        items: [item('tires', { condition: 'to_replace', urgency: 'soon', quantity: 4, unit_price: 10000, time: '1.5', hourly_rate: 13500, taxes: [{ code: 'HST', rate: '13', type: 'percentage' }, levy] }), item('wash', { manual_labour: 0, taxes: null })],
      }),
    );
    expect(en.groups.map((g) => g.title)).toEqual(['Plan soon · To replace', 'Other work']);
    expect(en.groups[0].lines[0].approval.state.label).toBe('To decide');
    expect(en.state.label).toBe('To approve');
    expect(en.totals.proposed).toMatchObject({ subtotal: 60250, tax: 9233, total: 69483 });
    expect(en.taxes).toEqual([
      { code: 'HST', amount: 7833, rate: '13', type: 'percentage' },
      { code: 'Tire levy', amount: 1400, rate: '3.5', type: 'amount' },
    ]);
    expect(en.hasApproved).toBe(false);
    expect(en.documentFooter).toBeNull();
  });
});
