import { describe, expect, it } from 'vitest';
import { QUEBEC } from '../taxes/test-rates.ts';
import { repairLineTotals } from './items.ts';
import { buildWorkOrder, type WorkOrderInput, type WorkOrderItemInput } from './work-order.ts';

/** An item with the totals it stored when written (with its group's rates then). */
function item(id: string, i: Partial<Omit<WorkOrderItemInput, 'totals'>>): WorkOrderItemInput {
  const line = { id, detail: id, quantity: 1, unit_price: 0, time: 0, hourly_rate: 12000, taxes: QUEBEC, repair_mode: 'internal' as const, state: 'pending' as const, ...i };
  return { ...line, totals: repairLineTotals(line) };
}

const input = (over: Partial<WorkOrderInput> = {}): WorkOrderInput => ({
  locale: 'fr',
  repair: { code: 'R-2026-000007', state: 'completed', type: 'customer', department: 'Atelier', created_at: '2026-03-12T13:00:00Z', started_at: '2026-03-12T14:00:00Z', completed_at: '2026-03-12T18:00:00Z' },
  estimation_code: 'E-2026-000012',
  inspection_code: 'I-2026-000123',
  items: [
    // by a subcontractor, 95.00 by hand: TPS 4.75, TVQ 9.47625 → 9.48
    item('alignment', { detail: 'Alignement', repair_mode: 'external', state: 'in_progress', manual_labour: 9500, time: 1, supplier: 'Alignement Pro', position: 2 }),
    // 180.00 + 1.5 h × 120.00 = 360.00: TPS 18.00, TVQ 35.91
    item('brakes', { detail: 'Freins avant', condition: 'to_replace', state: 'done', unit_price: 18000, time: '1.5', time_spent: '1.75', mechanics: ['Luc Roy', ' Luc Roy ', ''], part: 'Plaquettes', part_number: 'BP-11', part_status: 'received', position: 0 }),
    // under warranty: 200.00 + 60.00 covered
    item('battery', { detail: 'Batterie', repair_mode: 'warranty', state: 'done', unit_price: 20000, time: '0.5', time_spent: '0.4', position: 1 }),
    // could not be done: not charged
    item('wipers', { detail: 'Essuie-glaces', state: 'not_done', quantity: 2, unit_price: 1250, time: '0.2', part_status: 'to_order', position: 3 }),
  ],
  organization: { name: 'Garage Démo', lines: [] },
  vehicle: { vin: 'KM8K2CAB4PU001140', year: 2023, make: 'Hyundai', model: 'Kona', odometer: 18650, unit: 'km' },
  customer: { name: 'Transport Laval inc.', lines: [] },
  people: { approver: 'Marie Gagnon', repairers: ['Luc Roy', 'Ana Diaz'], completed_by: 'Luc Roy' },
  options: { 'general.document_footer': 'Pièces garanties 12 mois' },
  ...over,
});

describe('the work order of a repair', () => {
  const w = buildWorkOrder(input());
  const byId = new Map(w.lines.map((l) => [l.id, l]));

  it('lists the items in the repair’s order with mode, state, part status and who does them', () => {
    expect(w.lines.map((l) => [l.number, l.id, l.mode.label, l.state.label, l.part_status?.label ?? null])).toEqual([
      [1, 'brakes', "À l'interne", 'Fait', 'Reçue'],
      [2, 'battery', 'Sous garantie', 'Fait', null],
      [3, 'alignment', "À l'externe", 'En cours', null],
      [4, 'wipers', "À l'interne", 'Non fait', 'À commander'],
    ]);
    expect(byId.get('brakes')).toMatchObject({ mechanics: ['Luc Roy'], part: 'Plaquettes', part_number: 'BP-11', condition: { label: 'À remplacer' } });
    expect(byId.get('alignment')).toMatchObject({ supplier: 'Alignement Pro', labour: { manual: true } });
  });

  it('compares the planned and the clocked hours, per item and in total', () => {
    expect(w.lines.map((l) => [l.planned, l.actual])).toEqual([
      [1.5, 1.75],
      [0.5, 0.4],
      [1, null],
      [0.2, null],
    ]);
    expect(w.time).toEqual({ planned: 3.2, actual: 2.15, difference: -1.05 });
    expect(w.progress).toEqual({ done: 2, total: 3 });
  });

  it('prices each line to the cent, warranty lines at zero, and leaves out what was not done', () => {
    expect(byId.get('brakes')!.totals).toEqual({ parts: 18000, labour: 18000, discount: 0, part_charges: 0, subtotal: 36000, taxes: [{ code: 'TPS', amount: 1800 }, { code: 'TVQ', amount: 3592 }], tax: 5392, total: 41392, warranty: 0 });
    expect(byId.get('battery')!.totals).toMatchObject({ parts: 0, labour: 0, tax: 0, total: 0, warranty: 26000 });
    expect(byId.get('alignment')!.totals).toMatchObject({ labour: 9500, taxes: [{ code: 'TPS', amount: 475 }, { code: 'TVQ', amount: 948 }], total: 10923 });
    expect(byId.get('wipers')!).toMatchObject({ charged: false, totals: { total: 4900 + 245 + 488 } }) // TVQ rounded on its part and its labour apart;
    expect(w.totals).toMatchObject({ parts: 18000, labour: 27500, discount: 0, subtotal: 45500, taxes: [{ code: 'TPS', amount: 2275 }, { code: 'TVQ', amount: 4540 }], tax: 6815, total: 52315, warranty: 26000 });
    expect(w.taxes.map((t) => [t.code, t.rate, t.amount])).toEqual([
      ['TPS', '5', 2275],
      ['TVQ', '9.975', 4540],
    ]);
  });

  it('prints the totals the items stored, not what their group’s rates give now; a rate changed since is not printed', () => {
    // The TVQ went from 9.975 % to 10 % after the items were saved.
    const edited = buildWorkOrder(input({ items: input().items.map((i) => ({ ...i, taxes: [QUEBEC[0], { ...QUEBEC[1], rate: '10' }] })) }));
    expect(edited.lines.map((l) => l.totals)).toEqual(w.lines.map((l) => l.totals));
    expect(edited.totals).toEqual(w.totals);
    expect(edited.taxes).toEqual([
      { code: 'TPS', amount: 2275, rate: '5', type: 'percentage' },
      { code: 'TVQ', amount: 4540, rate: null, type: null },
    ]);
  });

  it('carries who approved, worked and completed it, where it comes from, and the footer', () => {
    expect(w).toMatchObject({
      code: 'R-2026-000007',
      state: { label: 'Terminée' },
      type: { label: 'Client' },
      estimation_code: 'E-2026-000012',
      inspection_code: 'I-2026-000123',
      people: { approver: 'Marie Gagnon', repairers: ['Luc Roy', 'Ana Diaz'], completed_by: 'Luc Roy', holder: null },
      documentFooter: 'Pièces garanties 12 mois',
    });
  });

  it('speaks English and prices Ontario’s HST', () => {
    const en = buildWorkOrder(
      input({
        locale: 'en',
        options: null,
        // 3 × 49.99 + 0.25 h × 140.00 = 184.97; HST 24.0461 → 24.05
        items: [item('oil', { state: 'done', quantity: 3, unit_price: 4999, time: '0.25', hourly_rate: 14000, part_status: 'received', taxes: [{ code: 'HST', rate: '13', type: 'percentage' }] })],
      }),
    );
    expect(en.lines[0]).toMatchObject({ mode: { label: 'Internally' }, state: { label: 'Done' }, part_status: { label: 'Received' } });
    expect(en.state.label).toBe('Completed');
    expect(en.totals).toMatchObject({ subtotal: 18497, taxes: [{ code: 'HST', amount: 2405 }], total: 20902 });
    expect(en.taxes).toEqual([{ code: 'HST', amount: 2405, rate: '13', type: 'percentage' }]);
    expect(en.documentFooter).toBeNull();
  });
});
