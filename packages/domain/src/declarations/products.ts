import { attr, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS, PART_CHARGE_MAX_CENTS } from '../lines/part-charges.ts';

/**
 * A part or product the organization stocks or sells (spec platform §3 Inventory, issue 22): its
 * sku (unique per organization, whatever the case), prices in cents, tax group and category; its
 * suppliers are the supplier-products naming it; its stock, the warehouse-products.
 */
export const products = declare('products', {
  attributes: {
    sku: attr.string().isRequired().max(100),
    name: attr.string().isRequired().max(255),
    description: attr.text().max(5000),
    part_number: attr.string().max(100),
    barcode: attr.string().max(100),
    /** The unit it is counted in (unité, L, paire). */
    unit: attr.string().max(30),
    /** Cents: what it usually costs to buy, what it sells for, the list price. */
    buying_price: attr.money().min(0).max(100_000_000),
    selling_price: attr.money().min(0).max(100_000_000),
    price: attr.money().min(0).max(100_000_000),
    /** The environmental fee it carries (issue 27): tires, batteries; the amount per unit is the settings', by province. */
    environmental_fee_kind: attr.enum(ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS),
    /** Cents per unit charged for its core, refunded when the old one is returned. */
    core_charge: attr.money().min(0).max(PART_CHARGE_MAX_CENTS),
    category: attr.string().max(100),
    active: attr.boolean(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    taxGroup: rel.toOne('tax-groups'),
    supplierProducts: rel.toMany('supplier-products', { readOnly: true }),
    warehouseProducts: rel.toMany('warehouse-products', { readOnly: true }),
  },
  filters: ['search', 'category', 'active', 'tags'],
  sorts: ['sku', 'name', 'category', 'price', 'selling_price', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
