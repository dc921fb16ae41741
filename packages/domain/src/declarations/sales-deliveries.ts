import { attr, declare, organizationRecord, rel } from '../declare/declare.ts';
import { salesDeliveryWorkflow as workflow } from '../sales/sales.ts';
import { deliveryAttributes, deliveryMovementRelationships } from './trade-lines.ts';

/**
 * What leaves the parts room for a customer (spec platform §3 Sales, §4, §7; issue 23), generated
 * from its order. Validating it makes its stock movement out of the order's warehouse and moves
 * the order's delivery status; canceling a validated one puts the parts back.
 */
export const salesDeliveries = declare('sales-deliveries', {
  attributes: {
    code: attr.string().isReadOnly(),
    state: attr.enum(workflow.states, workflow.stateLabels).isReadOnly(),
    delivered_on: attr.date(),
    ...deliveryAttributes(workflow),
  },
  relationships: {
    ...organizationRecord(),
    /** The validated order it delivers (given on create, kept). */
    salesOrder: rel.toOne('sales-orders', { required: true, createOnly: true }),
    recipient: rel.toOne('customers', { readOnly: true }),
    sourceWarehouse: rel.toOne('warehouses', { readOnly: true }),
    items: rel.toMany('sales-delivery-items'),
    ...deliveryMovementRelationships(),
  },
  filters: ['state', 'salesOrder', 'recipient', 'search', 'tags'],
  sorts: ['created_at', 'updated_at', 'code', 'state', 'delivered_on'],
  defaultSort: '-created_at',
});
