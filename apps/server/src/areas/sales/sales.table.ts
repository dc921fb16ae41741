import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DELIVERY_STATUSES,
  INVOICING_STATUSES,
  INVOICING_TYPES,
  PAYMENT_SOURCES,
  PAYMENT_STATUSES,
  ORDER_INVOICE_KINDS,
  SALES_INVOICE_KINDS,
  salesDeliveryWorkflow,
  salesInvoiceWorkflow,
  salesOrderWorkflow,
  type InvoicingType,
  type PaymentSource,
  type SalesInvoiceKind,
} from '@atelier/domain';
import { cents, oneOf, ownedBy, requiredRef, valueChecks } from '../../db/columns.ts';
import { linkLocaleCheck, publicLinkColumns } from '../../db/public-links.ts';
import { tenantTable } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { warehouses } from '../inventory/inventory.table.ts';
import { repairItems, repairs } from '../repairs/repairs.table.ts';
import { estimations } from '../estimations/estimations.table.ts';
import { coveredColumns, deliveryColumns, documentColumns, documentIndexes, documentState, invoiceColumns, orderColumns, paymentColumns, paymentIndexes, productLineColumns, quantityCheck, tradeLineChecks, tradeLineColumns } from '../trade/trade.columns.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

// The sales documents (issue 23): a customer's orders, the deliveries and invoices generated from
// them (or an invoice from a completed repair), the payments of the invoices. Their lines are
// trade lines (trade.columns.ts), as purchases' are.

export const salesOrders = tenantTable(
  'sales_orders',
  {
    ...documentColumns(),
    ...orderColumns(),
    customer_id: requiredRef('customer_id', () => customers.id),
    source_warehouse_id: uuid('source_warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    invoice_type: text('invoice_type').$type<SalesInvoiceKind>().notNull().default('standard'),
    customer_reference: text('customer_reference'),
  },
  (t) => [
    ...documentIndexes('sales_orders', t),
    index('sales_orders_customer_idx').on(t.customer_id),
    index('sales_orders_warehouse_idx').on(t.source_warehouse_id),
    ...valueChecks('sales_orders', t, {
      state: salesOrderWorkflow.states,
      invoicing_type: INVOICING_TYPES,
      invoice_type: ORDER_INVOICE_KINDS,
      invoicing_status: INVOICING_STATUSES,
      delivery_status: DELIVERY_STATUSES,
    }),
  ],
);

export const salesOrderItems = tenantTable(
  'sales_order_items',
  {
    sales_order_id: ownedBy('sales_order_id', () => salesOrders.id),
    ...tradeLineColumns(),
    ...coveredColumns(),
  },
  (t) => [index('sales_order_items_order_idx').on(t.sales_order_id, t.position), index('sales_order_items_product_idx').on(t.product_id), ...tradeLineChecks('sales_order_items', t)],
);

export const salesDeliveries = tenantTable(
  'sales_deliveries',
  {
    ...documentColumns(),
    ...deliveryColumns(),
    sales_order_id: requiredRef('sales_order_id', () => salesOrders.id),
    customer_id: requiredRef('customer_id', () => customers.id),
    source_warehouse_id: requiredRef('source_warehouse_id', () => warehouses.id),
    delivered_on: date('delivered_on', { mode: 'string' }),
  },
  (t) => [...documentIndexes('sales_deliveries', t), index('sales_deliveries_order_idx').on(t.sales_order_id), oneOf('sales_deliveries_state_check', t.state, salesDeliveryWorkflow.states)],
);

export const salesDeliveryItems = tenantTable(
  'sales_delivery_items',
  {
    sales_delivery_id: ownedBy('sales_delivery_id', () => salesDeliveries.id),
    sales_order_item_id: requiredRef('sales_order_item_id', () => salesOrderItems.id),
    ...productLineColumns(),
  },
  (t) => [
    index('sales_delivery_items_delivery_idx').on(t.sales_delivery_id, t.position),
    index('sales_delivery_items_order_item_idx').on(t.sales_order_item_id),
    quantityCheck('sales_delivery_items', t),
  ],
);

export const salesInvoices = tenantTable(
  'sales_invoices',
  {
    ...documentColumns(),
    state: documentState(),
    kind: text('kind').$type<SalesInvoiceKind>().notNull().default('standard'),
    customer_id: requiredRef('customer_id', () => customers.id),
    sales_order_id: uuid('sales_order_id').references(() => salesOrders.id, { onDelete: 'restrict' }),
    repair_id: uuid('repair_id').references(() => repairs.id, { onDelete: 'restrict' }),
    /** The approved estimate a deposit is asked on (deducted on the invoice of the repair it opened). */
    estimation_id: uuid('estimation_id').references(() => estimations.id, { onDelete: 'restrict' }),
    /** The validated invoice a credit note corrects. */
    credited_invoice_id: uuid('credited_invoice_id').references((): AnyPgColumn => salesInvoices.id, { onDelete: 'restrict' }),
    vehicle_id: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    source_warehouse_id: uuid('source_warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    invoicing_type: text('invoicing_type').$type<InvoicingType>(),
    ...invoiceColumns(),
    /** What its validated credit notes took off it (cents, positive): its balance is its total less this and what is paid. */
    amount_credited: cents('amount_credited'),
  },
  (t) => [
    ...documentIndexes('sales_invoices', t),
    index('sales_invoices_credited_idx').on(t.credited_invoice_id),
    index('sales_invoices_estimation_idx').on(t.estimation_id),
    // A credit note corrects an invoice, and only a credit note does.
    check('sales_invoices_credit_note_check', sql`(${t.kind} = 'credit_note') = (${t.credited_invoice_id} IS NOT NULL)`),
    index('sales_invoices_order_idx').on(t.sales_order_id),
    index('sales_invoices_customer_idx').on(t.customer_id),
    // A repair is invoiced once (a canceled invoice does not count).
    uniqueIndex('sales_invoices_repair_unique').on(t.repair_id).where(sql`${t.repair_id} IS NOT NULL AND ${t.state} <> 'canceled'`),
    ...valueChecks('sales_invoices', t, { state: salesInvoiceWorkflow.states, kind: SALES_INVOICE_KINDS, invoicing_type: INVOICING_TYPES, payment_status: PAYMENT_STATUSES }),
  ],
);

export const salesInvoiceItems = tenantTable(
  'sales_invoice_items',
  {
    sales_invoice_id: ownedBy('sales_invoice_id', () => salesInvoices.id),
    /** The order line it invoices (none: a line of the invoice's own). */
    sales_order_item_id: uuid('sales_order_item_id').references(() => salesOrderItems.id, { onDelete: 'restrict' }),
    /** The repair item it invoices. */
    repair_item_id: uuid('repair_item_id').references(() => repairItems.id, { onDelete: 'set null' }),
    /** The line of the corrected invoice this credit note's (negative) line gives back. */
    credited_item_id: uuid('credited_item_id').references((): AnyPgColumn => salesInvoiceItems.id, { onDelete: 'restrict' }),
    /** The deposit invoice this (negative) line deducts. */
    deducted_invoice_id: uuid('deducted_invoice_id').references((): AnyPgColumn => salesInvoices.id, { onDelete: 'restrict' }),
    ...tradeLineColumns(),
  },
  (t) => [
    index('sales_invoice_items_invoice_idx').on(t.sales_invoice_id, t.position),
    index('sales_invoice_items_order_item_idx').on(t.sales_order_item_id),
    index('sales_invoice_items_product_idx').on(t.product_id),
    index('sales_invoice_items_deducted_idx').on(t.deducted_invoice_id),
    index('sales_invoice_items_credited_idx').on(t.credited_item_id),
    // A deduction or a credit is a negative quantity: only the price and discount are bounded.
    check('sales_invoice_items_unit_price_check', sql`${t.unit_price} >= 0`),
    check('sales_invoice_items_discount_check', sql`${t.discount} >= 0 AND ${t.discount} <= 100`),
  ],
);

export const salesPayments = tenantTable(
  'sales_payments',
  {
    sales_invoice_id: requiredRef('sales_invoice_id', () => salesInvoices.id),
    ...paymentColumns(),
    source: text('source').$type<PaymentSource>().notNull().default('manual'),
    /** The payment a refund (a negative payment) gives back. */
    refund_of_id: uuid('refund_of_id').references((): AnyPgColumn => salesPayments.id, { onDelete: 'restrict' }),
    /** What was given back of this payment by its refunds (cents, positive). */
    amount_refunded: cents('amount_refunded'),
    transaction_id: text('transaction_id'),
    transaction_data: jsonb('transaction_data'),
  },
  (t) => [
    index('sales_payments_invoice_idx').on(t.sales_invoice_id),
    index('sales_payments_refund_of_idx').on(t.refund_of_id),
    // Never more given back than was paid: the last guard behind the locked check.
    check('sales_payments_refunded_check', sql`${t.amount_refunded} >= 0 AND (${t.amount} < 0 OR ${t.amount_refunded} <= ${t.amount})`),
    ...paymentIndexes('sales_payments', t, { refunds: true }),
    oneOf('sales_payments_source_check', t.source, PAYMENT_SOURCES),
    uniqueIndex('sales_payments_transaction_unique').on(t.source, t.transaction_id).where(sql`${t.transaction_id} IS NOT NULL`),
  ],
);

/**
 * A link sent to the customer to see and pay an invoice (no sign-in). As for the other public
 * links, only the SHA-256 of its random token is kept; `url` is the page it opens (the provider of
 * an online payment sends the customer back there).
 */
export const salesInvoiceLinks = pgTable(
  'sales_invoice_links',
  {
    ...publicLinkColumns(),
    sales_invoice_id: ownedBy('sales_invoice_id', () => salesInvoices.id),
    url: text('url').notNull(),
    /** Where the link was e-mailed (null: handed over another way). */
    email: text('email'),
  },
  (t) => [index('sales_invoice_links_invoice_idx').on(t.sales_invoice_id), linkLocaleCheck('sales_invoice_links', t)],
);
