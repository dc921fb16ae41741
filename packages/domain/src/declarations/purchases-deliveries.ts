import { attr, declare, organizationRecord, rel } from '../declare/declare.ts';
import { purchasesDeliveryWorkflow as workflow } from '../purchases/purchases.ts';
import { deliveryAttributes, deliveryMovementRelationships } from './trade-lines.ts';

/**
 * A receipt of parts from a supplier (spec platform §3 Purchases, §4, §7; issue 22), generated
 * from its order. Validating it makes its stock movement into the order's warehouse and moves
 * the order's delivery status; canceling a validated one reverses that movement.
 */
export const purchasesDeliveries = declare('purchases-deliveries', {
  attributes: {
    code: attr.string().isReadOnly(),
    state: attr.enum(workflow.states, workflow.stateLabels).isReadOnly(),
    /** The supplier's packing slip. */
    supplier_reference: attr.string().max(100),
    received_on: attr.date(),
    ...deliveryAttributes(workflow),
  },
  relationships: {
    ...organizationRecord(),
    /** The validated order it receives (given on create, kept). */
    purchasesOrder: rel.toOne('purchases-orders', { required: true, createOnly: true }),
    supplier: rel.toOne('suppliers', { readOnly: true }),
    destinationWarehouse: rel.toOne('warehouses', { readOnly: true }),
    items: rel.toMany('purchases-delivery-items'),
    ...deliveryMovementRelationships(),
  },
  filters: ['state', 'purchasesOrder', 'supplier', 'search', 'tags'],
  sorts: ['created_at', 'updated_at', 'code', 'state', 'received_on'],
  defaultSort: '-created_at',
});
