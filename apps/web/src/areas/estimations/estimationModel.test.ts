import { describe, expect, it } from 'vitest';
import { type RecordOf, estimationWorkflow } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { deserialize } from '../../api/documents.ts';
import { headerActions, heldByOthers, nextEstimationActions, itemFieldWritable, itemLine, liveTotals, phasesOf, taxesByGroup } from './estimationModel.ts';

const jean = { id: 'u-jean', type: 'users', firstname: 'Jean', lastname: 'Tremblay' };
const record = (extra: Record<string, unknown> = {}): Model => ({
  id: 'e1',
  type: 'estimations',
  state: 'in_progress',
  components_status: 'in_progress',
  times_status: 'done',
  approval_status: 'pending',
  componentsHolder: jean,
  timesHolder: null,
  approvalHolder: null,
  available_actions: ['take_over_components', 'cancel'],
  ...extra,
});
// As the client reads them: a tax's `type` attribute (percentage, amount) stands over its JSON:API type.
const QC = taxesByGroup(
  deserialize<RecordOf<'tax-groups'>>({
    data: [
      { type: 'tax-groups', id: 'qc', attributes: { name: 'Québec' }, relationships: { taxes: { data: [{ type: 'taxes', id: 'b' }, { type: 'taxes', id: 'a' }] } } },
      { type: 'tax-groups', id: 'levy', attributes: { name: 'Pneus' }, relationships: { taxes: { data: [{ type: 'taxes', id: 'l' }] } } },
    ],
    included: [
      { type: 'taxes', id: 'b', attributes: { code: 'TVQ', rate: '9.975', type: 'percentage', position: 1 } },
      { type: 'taxes', id: 'a', attributes: { code: 'TPS', rate: '5', type: 'percentage', position: 0 } },
      { type: 'taxes', id: 'l', attributes: { code: 'PNEU', rate: '3', type: 'amount', position: 0 } },
    ],
  }) as RecordOf<'tax-groups'>[],
);

describe('the estimate screen’s model', () => {
  it('reads the phases as the domain takes them, holders by id; an unknown status is not started', () => {
    expect(phasesOf(record({ times_status: 'weird' }))).toEqual({
      components: { status: 'in_progress', holder: 'u-jean' },
      times: { status: 'pending', holder: null },
      approval: { status: 'pending', holder: null },
    });
  });

  it('offers the server’s actions in the domain’s order, take-overs apart', () => {
    expect(headerActions(['cancel', 'take_over_times', 'end_components', 'unknown'])).toEqual(['end_components', 'cancel']);
    expect(headerActions(null)).toEqual([]);
    expect(headerActions([...estimationWorkflow.actions]).some((a) => a.startsWith('take_over'))).toBe(false);
  });

  it('tells who holds a phase, with the take-over when the server offers it; never one’s own', () => {
    expect(heldByOthers(record(), 'u-me')).toEqual([{ phase: 'components', holder: jean, takeOver: 'take_over_components' }]);
    expect(heldByOthers(record({ available_actions: ['cancel'] }), 'u-me')).toEqual([{ phase: 'components', holder: jean, takeOver: null }]);
    expect(heldByOthers(record(), 'u-jean')).toEqual([]);
    // A done phase is nobody's.
    expect(heldByOthers(record({ components_status: 'done' }), 'u-me')).toEqual([]);
  });

  it('an item’s field is writable when its phase group is the user’s', () => {
    expect(itemFieldWritable('unit_price', ['parts'])).toBe(true);
    expect(itemFieldWritable('hourly_rate', ['parts'])).toBe(false);
    expect(itemFieldWritable('taxGroup', ['description'])).toBe(true);
    expect(itemFieldWritable('total', ['description', 'parts', 'labour', 'decision'])).toBe(false);
    expect(itemFieldWritable('constructor', ['description'])).toBe(false);
  });

  it('the taxes of a group in their order', () => {
    expect(QC.get('qc')).toEqual([
      { code: 'TPS', rate: '5', type: 'percentage' },
      { code: 'TVQ', rate: '9.975', type: 'percentage' },
    ]);
  });

  it('a line typed in dollars is priced in cents as the document sent', () => {
    expect(itemLine({ id: null, quantity: 2, unit_price: 19.99, time: '', hourly_rate: 120, manual_labour: '', taxGroup: 'qc', warranty: false }, QC)).toMatchObject({
      quantity: 2,
      unit_price: 1999,
      manual_labour: null,
      time: null,
      hourly_rate: 12000,
      warranty: false,
    });
  });

  it('live totals: Québec taxes per line to the cent, a levy per unit, warranty and denied items apart', () => {
    const t = liveTotals(
      [
        // 1 × 0,10 $: TPS 0,005 → 0,01; TVQ 0,009975 → 0,01 (half away from zero, per line).
        { id: null, quantity: 1, unit_price: 0.1, taxGroup: 'qc' },
        // 4 tires × 150 $ + 1 h × 100 $, QC; a 3 $ levy per tire on another line.
        { id: null, quantity: 4, unit_price: 150, time: 1, hourly_rate: 100, taxGroup: 'qc' },
        { id: null, quantity: 4, unit_price: 0, taxGroup: 'levy' },
        { id: null, quantity: 1, unit_price: 500, taxGroup: 'qc', warranty: true },
        { id: null, quantity: 1, unit_price: 80, taxGroup: 'qc', state: 'denied' },
      ],
      QC,
    );
    expect(t.proposed.subtotal).toBe(10 + 70000);
    expect(t.proposed.taxes).toEqual([
      { code: 'TPS', amount: 1 + 3500 },
      { code: 'TVQ', amount: 1 + 6983 },
      { code: 'PNEU', amount: 1200 },
    ]);
    expect(t.proposed.total).toBe(70010 + 3501 + 6984 + 1200);
    expect(t.proposed.warranty).toBe(50000);
    expect(t.lines[4].total).toBe(8000 + 400 + 798);
  });
});

describe('the likely next action on an estimate', () => {
  const phases = (components: string, times: string, approval = 'pending') =>
    phasesOf({ id: 'e1', components_status: components, times_status: times, approval_status: approval } as never);
  it('assigns a new one, starts the phase not done yet first, ends the phase held', () => {
    expect(nextEstimationActions('pending', phases('pending', 'pending'))).toEqual(['assign', 'start_components', 'start_times']);
    expect(nextEstimationActions('in_progress', phases('done', 'pending'))).toEqual(['end_components', 'end_times', 'start_times', 'start_components']);
    expect(nextEstimationActions('reviewed', phases('done', 'done'))).toEqual(['end_components', 'end_times', 'start_components', 'start_times']);
  });
  it('takes up the approval of a complete one, reopens a decided one, nothing once canceled', () => {
    expect(nextEstimationActions('completed', phases('done', 'done'))).toEqual(['end_approve', 'start_approve', 'valid']);
    expect(nextEstimationActions('denied', phases('done', 'done', 'done'))).toEqual(['redo_approve']);
    expect(nextEstimationActions('canceled', phases('done', 'done'))).toEqual([]);
  });
});
