import { attr, declare, rel, timestamps } from '../declare/declare.ts';

export const supplierProducts = declare('supplier-products', {
  attributes: {
    supplier_sku: attr.string().max(100),
    cost: attr.money().min(0).max(2000000000),
    lead_time_days: attr.integer().min(0).max(3650),
    /** Its place in the supplier's list, kept by the engine. */
    position: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    // The supplier's organization, stamped by the engine.
    organization: rel.toOne('organizations', { readOnly: true }),
    supplier: rel.toOne('suppliers', { required: true }),
    product: rel.toOne('products'),
  },
  filters: ['supplier', 'product', 'search'],
  sorts: ['supplier_sku', 'cost', 'lead_time_days', 'position', 'created_at', 'updated_at'],
  defaultSort: 'supplier_sku',
});
