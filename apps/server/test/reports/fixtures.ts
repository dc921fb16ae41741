import { repairLineTotals, workLineTotals, type QuoteInput, type QuoteItemInput, type TaxRate, type WorkOrderInput, type WorkOrderItemInput } from '@atelier/domain';

// Fixture inputs of the documents' models: French in Québec (GST + QST), English in Ontario (HST).

export const QC: TaxRate[] = [
  { code: 'TPS', rate: '5', type: 'percentage' },
  { code: 'TVQ', rate: '9.975', type: 'percentage' },
];
/** An item with the totals it stored when written (the quote prints those). */
function item(id: string, i: Partial<Omit<QuoteItemInput, 'totals'>>): QuoteItemInput {
  const line = { id, detail: id, quantity: 1, unit_price: 0, time: 0, hourly_rate: 12000, taxes: QC, ...i };
  return { ...line, totals: workLineTotals(line) };
}
export const FOOTER = 'Garage Démo inc. · TPS 123456789 RT0001 · TVQ 1234567890 TQ0001';

/**
 * What a French document prints of the vehicle and the company customer it is about: these
 * fixtures' (the models' tests), made again through the API by the reports' API tests.
 */
export const PRINTED_SUBJECT_FR = ['KM8K2CAB4PU001140', 'Hyundai', 'Kona', '18 650 km', 'Transport Laval inc.', '450-555-0101'];
/** What a French work order of these fixtures prints at its end: its taxes, the warranty's line, its notes, the two signatures. */
export const WORK_ORDER_END_FR = ['TPS (5 %)', 'TVQ (9,975 %)', 'Couvert par la garantie (non facturé)', 'Client attend sur place.', 'Travaux terminés (mécanicien)', 'Véhicule reçu (client)'];

export const french: QuoteInput = {
  locale: 'fr',
  estimation: { code: 'E-2026-000012', state: 'completed', type: 'customer', version: 3, created_at: '2026-03-10T13:00:00Z', sent_at: '2026-03-11T14:00:00Z', stock: 'S-1234', notes: 'Le cœur du « problème » : l’embrayage.' },
  items: [
    item('tires', { detail: 'Pneus avant usés à l’intérieur', condition: 'to_replace', urgency: 'urgent', quantity: 2, unit_price: 15000, time: '0.8', state: 'approved', customer_decision: 'approved', part: 'Michelin X-Ice', part_number: 'MX-205-55', images: ['/photo/1', '/photo/gone'] }),
    item('pads', { detail: 'Plaquettes avant', condition: 'to_repair', urgency: 'urgent', unit_price: 8999, manual_labour: 5000 }),
    item('wipers', { detail: 'Essuie-glaces', condition: 'to_schedule', urgency: 'monitor', quantity: 2, unit_price: 1250, customer_decision: 'declined' }),
    item('battery', { detail: 'Batterie', condition: 'to_replace', urgency: 'urgent', unit_price: 20000, time: '0.5', warranty: true }),
    // Enough lines to run over a page: the footer and page numbers on each.
    ...Array.from({ length: 24 }, (_, k) => item(`extra${k}`, { detail: `Vérification supplémentaire numéro ${k + 1}`, condition: 'to_verify', urgency: 'soon', time: '0.25' })),
  ],
  organization: { name: 'Garage Démo', lines: ['1200 rue Sainte-Catherine Ouest', 'Montréal QC H3B 1K9'], logo: '/logo' },
  location: { name: 'Garage Démo Montréal', lines: [] },
  vehicle: { vin: 'KM8K2CAB4PU001140', year: 2023, make: 'Hyundai', model: 'Kona', odometer: 18650, unit: 'km' },
  customer: { name: 'Transport Laval inc.', lines: ['450-555-0101'] },
  estimator: 'Julie Côté',
  options: { 'general.document_footer': FOOTER },
};

export const english: QuoteInput = {
  ...french,
  locale: 'en',
  estimation: { ...french.estimation, state: 'approved', approved_at: '2026-03-12T14:00:00Z', notes: null },
  items: [
    item('tires', { detail: 'Winter tires', condition: 'to_replace', urgency: 'soon', quantity: 4, unit_price: 10000, time: '1.5', hourly_rate: 13500, state: 'approved', customer_decision: 'approved', taxes: [{ code: 'HST', rate: '13', type: 'percentage' }, { code: 'Tire levy', rate: '3.5', type: 'amount' }] }),
    item('wash', { detail: 'Wash', manual_labour: 0, state: 'denied', taxes: null }),
  ],
  options: {},
  signature: { signer: 'Marc Laval', signed_at: '2026-03-11T15:00:00Z', image: 'data:signature', version: 2 },
};


/** A repair item with the totals it stored when written (the work order prints those). */
function repairItem(id: string, i: Partial<Omit<WorkOrderItemInput, 'totals'>>): WorkOrderItemInput {
  const line = { id, detail: id, quantity: 1, unit_price: 0, time: 0, hourly_rate: 12000, taxes: QC, repair_mode: 'internal' as const, state: 'pending' as const, ...i };
  return { ...line, totals: repairLineTotals(line) };
}

export const frenchRepair: WorkOrderInput = {
  locale: 'fr',
  repair: { code: 'R-2026-000007', state: 'completed', type: 'customer', department: 'Atelier mécanique', created_at: '2026-03-12T13:00:00Z', started_at: '2026-03-12T14:00:00Z', completed_at: '2026-03-12T18:00:00Z', notes: 'Client attend sur place.' },
  estimation_code: 'E-2026-000012',
  inspection_code: 'I-2026-000123',
  items: [
    repairItem('brakes', { detail: 'Freins avant', condition: 'to_replace', state: 'done', unit_price: 18000, time: '1.5', time_spent: '1.75', mechanics: ['Luc Roy'], part: 'Plaquettes', part_number: 'BP-11', part_status: 'received' }),
    repairItem('battery', { detail: 'Batterie', repair_mode: 'warranty', state: 'done', unit_price: 20000, time: '0.5', time_spent: '0.4', mechanics: ['Ana Diaz'], part_status: 'received' }),
    repairItem('alignment', { detail: 'Alignement', repair_mode: 'external', state: 'in_progress', manual_labour: 9500, time: 1, supplier: 'Alignement Pro' }),
    repairItem('wipers', { detail: 'Essuie-glaces', state: 'not_done', quantity: 2, unit_price: 1250, time: '0.2', part_status: 'to_order' }),
  ],
  organization: { name: 'Garage Démo', lines: ['1200 rue Sainte-Catherine Ouest', 'Montréal QC H3B 1K9'], logo: '/logo' },
  vehicle: french.vehicle,
  customer: french.customer,
  people: { approver: 'Marie Gagnon', repairers: ['Luc Roy', 'Ana Diaz'], completed_by: 'Luc Roy' },
  options: { 'general.document_footer': FOOTER },
};

export const englishRepair: WorkOrderInput = {
  ...frenchRepair,
  locale: 'en',
  // 3 × 49.99 + 0.25 h × 140.00 = 184.97; HST 24.05
  items: [repairItem('oil', { detail: 'Oil change', state: 'done', quantity: 3, unit_price: 4999, time: '0.25', hourly_rate: 14000, time_spent: '0.5', part_status: 'received', mechanics: ['Luc Roy'], taxes: [{ code: 'HST', rate: '13', type: 'percentage' }] })],
  options: null,
};
