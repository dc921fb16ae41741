import { productCents, type DecimalInput } from '../lines/decimal.ts';
import { defineEnum } from '../enums.ts';
import { CANCEL_ACTION, WORK_STATES, defineWorkflow } from '../workflow/workflow.ts';

// A stock movement (spec platform §3 Inventory, §4 Documents; issue 22): parts added to a
// warehouse, removed from it, moved between two, or counted (correct). A draft is written freely;
// validating applies every line to the stock at once (stock.ts), canceling a validated movement
// reverses it.

export const [STOCK_MOVEMENT_TYPES, STOCK_MOVEMENT_TYPE_LABELS] = defineEnum('stock_movement_types', ['add', 'remove', 'move', 'correct']);
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];

/** The records a movement may be caused by: the repair that used the parts, the receipt of an order. */
export const STOCK_TRIGGER_TYPES = ['repairs', 'purchases-deliveries', 'sales-deliveries'] as const;

export const stockMovementWorkflow = defineWorkflow({
  states: {
    draft: WORK_STATES.draft,
    validated: { label: { fr: 'Validé', en: 'Validated' }, color: 'teal' },
    canceled: { label: { fr: 'Annulé', en: 'Canceled' }, color: 'red' },
  },
  actions: {
    validate: {
      label: { fr: 'Valider', en: 'Validate' },
      permission: 'validate stock movements',
      from: ['draft'],
      to: 'validated',
      stamps: { by: 'validated_by_id', at: 'validated_at' },
      get: true,
      confirm: true,
    },
    // Canceling a validated movement puts its parts back where they were.
    cancel: { ...CANCEL_ACTION, permission: 'cancel stock movements', from: ['draft', 'validated'], color: 'red.8' },
  },
  editable: ['draft'],
  next: { draft: ['validate', 'cancel'], validated: ['cancel'] },
});

export type StockMovementState = (typeof stockMovementWorkflow)['states'][number];
export type StockMovementAction = (typeof stockMovementWorkflow)['actions'][number];

/** Which warehouses a type of movement works on: parts leave the source and arrive at the destination; a count is of the destination. */
export const MOVEMENT_WAREHOUSES: Readonly<Record<StockMovementType, { source: boolean; destination: boolean }>> = {
  add: { source: false, destination: true },
  remove: { source: true, destination: false },
  move: { source: true, destination: true },
  correct: { source: false, destination: true },
};

export type WarehouseSide = 'source' | 'destination';

/** What is wrong with a movement's warehouses for its type: a missing one, or a move to where the parts are. */
export function warehouseProblems(type: StockMovementType, source: string | null, destination: string | null): { side: WarehouseSide; problem: 'required' | 'same' }[] {
  const needs = MOVEMENT_WAREHOUSES[type];
  const problems: { side: WarehouseSide; problem: 'required' | 'same' }[] = [];
  if (needs.source && !source) problems.push({ side: 'source', problem: 'required' });
  if (needs.destination && !destination) problems.push({ side: 'destination', problem: 'required' });
  if (type === 'move' && source && source === destination) problems.push({ side: 'destination', problem: 'same' });
  return problems;
}

/** What a movement's lines add up to (stored on it): their count and the value they move at their unit costs, in cents. */
export function movementTotals(items: readonly Record<string, unknown>[]) {
  return {
    item_count: items.length,
    total_cost: items.reduce((sum: number, i) => sum + productCents(i.quantity as DecimalInput, (i.unit_cost as number | null) ?? 0), 0),
  };
}
