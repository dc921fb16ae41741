import { bigint, date, index, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DELIVERY_STATUSES,
  INVOICING_STATUSES,
  INVOICING_TYPES,
  PAYMENT_STATUSES,
  purchasesDeliveryWorkflow,
  purchasesInvoiceWorkflow,
  purchasesOrderWorkflow,
  type InvoicingType,
} from '@atelier/domain';
import { oneOf, ownedBy, requiredRef, valueChecks } from '../../db/columns.ts';
import { tenantTable } from '../admin/admin.table.ts';
import { warehouses } from '../inventory/inventory.table.ts';
import { repairItems } from '../repairs/repairs.table.ts';
import { estimationItems } from '../estimations/estimations.table.ts';
import { coveredColumns, deliveryColumns, documentColumns, documentIndexes, documentState, invoiceColumns, orderColumns, paymentColumns, paymentIndexes, productLineColumns, quantityCheck, tradeLineChecks, tradeLineColumns } from '../trade/trade.columns.ts';
import { suppliers } from './purchases.table.ts';

// The purchase documents (issue 22): orders to suppliers, the receipts and bills generated from
// them, the payments of the bills. Their lines are trade lines (trade.columns.ts).

export const purchasesOrders = tenantTable(
  'purchases_orders',
  {
    ...documentColumns(),
    ...orderColumns(),
    supplier_id: requiredRef('supplier_id', () => suppliers.id),
    destination_warehouse_id: requiredRef('destination_warehouse_id', () => warehouses.id),
    supplier_reference: text('supplier_reference'),
  },
  (t) => [
    ...documentIndexes('purchases_orders', t),
    index('purchases_orders_supplier_idx').on(t.supplier_id),
    index('purchases_orders_warehouse_idx').on(t.destination_warehouse_id),
    ...valueChecks('purchases_orders', t, {
      state: purchasesOrderWorkflow.states,
      invoicing_type: INVOICING_TYPES,
      invoicing_status: INVOICING_STATUSES,
      delivery_status: DELIVERY_STATUSES,
    }),
  ],
);

export const purchasesOrderItems = tenantTable(
  'purchases_order_items',
  {
    purchases_order_id: ownedBy('purchases_order_id', () => purchasesOrders.id),
    ...tradeLineColumns(),
    ...coveredColumns(),
    /** The repair or estimate item it is ordered for ("order the missing parts"): the item's part status follows this line. */
    repair_item_id: uuid('repair_item_id').references((): AnyPgColumn => repairItems.id, { onDelete: 'set null' }),
    estimation_item_id: uuid('estimation_item_id').references((): AnyPgColumn => estimationItems.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('purchases_order_items_order_idx').on(t.purchases_order_id, t.position),
    index('purchases_order_items_repair_item_idx').on(t.repair_item_id),
    index('purchases_order_items_estimation_item_idx').on(t.estimation_item_id),
    index('purchases_order_items_product_idx').on(t.product_id),
    ...tradeLineChecks('purchases_order_items', t),
  ],
);

export const purchasesDeliveries = tenantTable(
  'purchases_deliveries',
  {
    ...documentColumns(),
    ...deliveryColumns(),
    purchases_order_id: requiredRef('purchases_order_id', () => purchasesOrders.id),
    supplier_id: requiredRef('supplier_id', () => suppliers.id),
    destination_warehouse_id: requiredRef('destination_warehouse_id', () => warehouses.id),
    supplier_reference: text('supplier_reference'),
    received_on: date('received_on', { mode: 'string' }),
  },
  (t) => [...documentIndexes('purchases_deliveries', t), index('purchases_deliveries_order_idx').on(t.purchases_order_id), oneOf('purchases_deliveries_state_check', t.state, purchasesDeliveryWorkflow.states)],
);

export const purchasesDeliveryItems = tenantTable(
  'purchases_delivery_items',
  {
    purchases_delivery_id: ownedBy('purchases_delivery_id', () => purchasesDeliveries.id),
    purchases_order_item_id: requiredRef('purchases_order_item_id', () => purchasesOrderItems.id),
    ...productLineColumns(),
    unit_cost: bigint('unit_cost', { mode: 'number' }),
  },
  (t) => [
    index('purchases_delivery_items_delivery_idx').on(t.purchases_delivery_id, t.position),
    index('purchases_delivery_items_order_item_idx').on(t.purchases_order_item_id),
    quantityCheck('purchases_delivery_items', t),
  ],
);

export const purchasesInvoices = tenantTable(
  'purchases_invoices',
  {
    ...documentColumns(),
    state: documentState(),
    supplier_id: requiredRef('supplier_id', () => suppliers.id),
    purchases_order_id: uuid('purchases_order_id').references(() => purchasesOrders.id, { onDelete: 'restrict' }),
    invoicing_type: text('invoicing_type').$type<InvoicingType>(),
    supplier_reference: text('supplier_reference'),
    ...invoiceColumns(),
  },
  (t) => [
    ...documentIndexes('purchases_invoices', t),
    index('purchases_invoices_order_idx').on(t.purchases_order_id),
    index('purchases_invoices_supplier_idx').on(t.supplier_id),
    ...valueChecks('purchases_invoices', t, { state: purchasesInvoiceWorkflow.states, invoicing_type: INVOICING_TYPES, payment_status: PAYMENT_STATUSES }),
  ],
);

export const purchasesInvoiceItems = tenantTable(
  'purchases_invoice_items',
  {
    purchases_invoice_id: ownedBy('purchases_invoice_id', () => purchasesInvoices.id),
    /** The order line it bills (none: a line of the bill's own, freight or a deposit). */
    purchases_order_item_id: uuid('purchases_order_item_id').references(() => purchasesOrderItems.id, { onDelete: 'restrict' }),
    ...tradeLineColumns(),
  },
  (t) => [
    index('purchases_invoice_items_invoice_idx').on(t.purchases_invoice_id, t.position),
    index('purchases_invoice_items_order_item_idx').on(t.purchases_order_item_id),
    index('purchases_invoice_items_product_idx').on(t.product_id),
    ...tradeLineChecks('purchases_invoice_items', t),
  ],
);

export const purchasesPayments = tenantTable(
  'purchases_payments',
  {
    purchases_invoice_id: requiredRef('purchases_invoice_id', () => purchasesInvoices.id),
    ...paymentColumns(),
  },
  (t) => [index('purchases_payments_invoice_idx').on(t.purchases_invoice_id), ...paymentIndexes('purchases_payments', t)],
);
