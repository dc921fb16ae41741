import { declarations, movementTotals, warehouseProblems, MOVEMENT_WAREHOUSES, type StockMovementType } from '@atelier/domain';
import { inArray, sql } from 'drizzle-orm';
import { tenancy, toUuidArray } from '../../access/tenancy.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, ValidationErrors, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { column, filter, uuidList } from '../../jsonapi/filters.ts';
import { allowed } from '../../jsonapi/policies.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { stampRelationships } from '../trade/lines.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { stockMovements, warehouses } from './inventory.table.ts';
import { stockMovementFlow } from './stock-movements.actions.ts';

type MovementRow = RowOf<typeof stockMovements>;

const SIDE_RELATIONSHIP = { source: 'sourceWarehouse', destination: 'destinationWarehouse' } as const;
const SIDE_COLUMN = { source: 'source_warehouse_id', destination: 'destination_warehouse_id' } as const;

/** The repair (or other record) that caused it, as the actor sees it; else a 422 on trigger_object_id. */
async function checkTrigger(ctx: RequestContext, v: Record<string, unknown>, errors: ValidationErrors) {
  const type = v.trigger_object_type as string | null | undefined;
  const id = v.trigger_object_id as string | null | undefined;
  if (!type && !id) return;
  if (!type || !id) return errors.add(attributePointer(type ? 'trigger_object_id' : 'trigger_object_type'), 'validation.required');
  const resource = ctx.registry.has(type) ? ctx.registry.resource(type) : null;
  const found = resource && allowed(ctx, resource, 'view') ? await findRow(ctx, resource, id).catch((err) => (err instanceof ApiError && err.status === 404 ? null : Promise.reject(err))) : null;
  if (!found) errors.add(attributePointer('trigger_object_id'), 'stock_movement.trigger_not_found');
}

/**
 * A new movement gets its code and creator; its type decides its warehouses (a warehouse the type
 * does not use is cleared), which decide its locations unless they are given.
 */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: MovementRow | null) {
  const v = input.values;
  const errors = new ValidationErrors();
  const type = (v.type ?? existing?.type) as StockMovementType;
  const at = (side: 'source' | 'destination') => (input.present.has(SIDE_RELATIONSHIP[side]) ? v[SIDE_COLUMN[side]] : existing?.[SIDE_COLUMN[side]]) as string | null;
  for (const side of ['source', 'destination'] as const) if (!MOVEMENT_WAREHOUSES[type][side]) v[SIDE_COLUMN[side]] = null;
  const needs = MOVEMENT_WAREHOUSES[type];
  for (const { side, problem } of warehouseProblems(type, needs.source ? at('source') : null, needs.destination ? at('destination') : null))
    errors.add(relationshipPointer(SIDE_RELATIONSHIP[side]), problem === 'same' ? 'stock_movement.same_warehouse' : 'stock_movement.warehouse_required');
  if (!existing) await checkTrigger(ctx, v, errors);
  errors.throwIfAny();
  if (existing) return;
  v.code = await nextRecordCode(ctx.db, String(v.organization_id), 'M');
  v.creator_id = ctx.actor.id;
  if (!input.present.has('allowedLocations')) {
    const ids = [at('source'), at('destination')].filter((id): id is string => !!id);
    const places = ids.length ? await ctx.db.select({ location_ids: warehouses.location_ids }).from(warehouses).where(inArray(warehouses.id, ids)) : [];
    v.location_ids = [...new Set(places.flatMap((w) => w.location_ids))];
  }
}

/**
 * Stock movements (spec platform §3 Inventory, §7 /stock-movements; issue 22): a workflow
 * document with lines on the kit. Its lines are a child collection (the item count and cost are
 * derived from them); validate and cancel are the workflow's (stock-movements.actions.ts).
 */
export const stockMovementsResource = defineResource(declarations['stock-movements'], {
  table: stockMovements,
  permissions: 'stock movements',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    sourceWarehouse: rel.belongsTo('source_warehouse_id'),
    destinationWarehouse: rel.belongsTo('destination_warehouse_id'),
    items: rel.ownsMany('stock_movement_id', { order: 'position', derive: movementTotals }),
    triggerObject: rel.morphTo('trigger_object_type', 'trigger_object_id'),
    creator: rel.belongsTo('creator_id'),
    ...stampRelationships(),
  },
  filters: {
    state: filter.in('state'),
    type: filter.in('type'),
    warehouse: filter.custom((value, _ctx, table) => {
      const ids = uuidList('warehouse', value);
      if (!ids.length) return undefined;
      return sql`(${column(table, 'source_warehouse_id')} = ANY(${toUuidArray(ids)}) OR ${column(table, 'destination_warehouse_id')} = ANY(${toUuidArray(ids)}))`;
    }),
    search: filter.search(['code', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  workflow: stockMovementFlow,
  hooks: { beforeWrite },
  // Only a draft is deleted, as it is edited.
  policies: { delete: stockMovementFlow.editable },
  notify: { label: (row) => String(row.code ?? '') },
});
