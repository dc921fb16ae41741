import { attr, declare, organizationRecord, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { STOCK_MOVEMENT_TYPES, STOCK_MOVEMENT_TYPE_LABELS, STOCK_TRIGGER_TYPES, stockMovementWorkflow } from '../inventory/stock-movements.ts';

/**
 * A stock movement (spec platform §3 Inventory, §4, §7 /stock-movements; issue 22): parts added,
 * removed, moved or counted, line by line; validating applies it to the stock, canceling a
 * validated one reverses it (inventory/stock-movements.ts). Its code is given when it is made.
 */
export const stockMovements = declare('stock-movements', {
  attributes: {
    code: attr.string().isReadOnly(),
    type: attr.enum(STOCK_MOVEMENT_TYPES, STOCK_MOVEMENT_TYPE_LABELS).isRequired(),
    state: attr.enum(stockMovementWorkflow.states, stockMovementWorkflow.stateLabels).isReadOnly(),
    notes: attr.text().max(5000),
    /** What caused it (for now a repair that used the parts), with trigger_object_id. */
    trigger_object_type: attr.enum(STOCK_TRIGGER_TYPES).isCreateOnly(),
    trigger_object_id: attr.uuid().isCreateOnly(),
    /** Lines and the value of the parts they move at their unit costs (cents), kept from the lines. */
    item_count: attr.integer().isReadOnly(),
    total_cost: attr.money().isReadOnly(),
    ...workflowAttributes(stockMovementWorkflow, 'validated_at', 'canceled_at'),
  },
  relationships: {
    ...organizationRecord(),
    sourceWarehouse: rel.toOne('warehouses'),
    destinationWarehouse: rel.toOne('warehouses'),
    items: rel.toMany('stock-movement-items'),
    triggerObject: rel.polymorphicOne(STOCK_TRIGGER_TYPES),
    ...stampedBy('creator', 'validatedBy', 'canceledBy'),
  },
  filters: ['state', 'type', 'warehouse', 'search', 'tags'],
  sorts: ['created_at', 'updated_at', 'code', 'state', 'type', 'total_cost'],
  defaultSort: '-created_at',
});
