import { salesDeliveryWorkflow } from '@atelier/domain';
import type { DeliverySide } from '../trade/deliveries.ts';
import { tradeOrders, type TradeSide } from '../trade/orders.ts';
import { salesDeliveries, salesDeliveryItems, salesInvoiceItems, salesInvoices, salesOrderItems, salesOrders } from './sales.table.ts';

// What a sales order's validated deliveries and invoices cover of it (issue 23): the trade kit's
// order coverage over the sales tables.

export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesOrderItemRow = typeof salesOrderItems.$inferSelect;

export const salesSide: TradeSide = {
  types: { order: 'sales-orders', orderItem: 'sales-order-items' },
  orders: salesOrders,
  orderItems: salesOrderItems,
  deliveries: salesDeliveries,
  deliveryItems: salesDeliveryItems,
  invoices: salesInvoices,
  invoiceItems: salesInvoiceItems,
  keys: { order: 'sales_order_id', delivery: 'sales_delivery_id', invoice: 'sales_invoice_id', orderLine: 'sales_order_item_id' },
  messages: {
    overDelivered: 'sales.over_delivered',
    overInvoiced: 'sales.over_invoiced',
    nothingToDeliver: 'sales.nothing_to_deliver',
    nothingToInvoice: 'sales.nothing_to_invoice',
    notALine: 'sales.not_a_line',
  },
  // Parts leave the warehouse; work and free lines are invoiced, not delivered.
  deliverable: (line) => !!line.product_id,
};

export const salesOrderKit = tradeOrders<SalesOrderRow, SalesOrderItemRow>(salesSide);

/** A delivery: its parts leave the order's warehouse (the trade kit's deliveries; the stock rules still refuse: 409 naming the part and what is left). */
export const deliverySide: DeliverySide = {
  type: 'sales-deliveries',
  workflow: salesDeliveryWorkflow,
  code: 'BL',
  movement: 'remove',
  columns: { warehouse: 'source_warehouse_id', party: 'customer_id' },
  orderRelationship: 'salesOrder',
  orderLineRelationship: 'salesOrderItem',
  messages: {
    state: 'sales_delivery.cannot_action',
    final: 'sales_delivery.final',
    noItems: 'sales_delivery.no_items',
    orderCompleted: 'sales_delivery.order_completed',
    orderNotValidated: 'sales_order.not_validated',
    noWarehouse: 'sales_order.no_warehouse',
  },
  summaries: {
    validate: 'Validates the delivery: its parts leave the order’s warehouse (one stock movement; 409 when the stock lacks them) and the order’s delivery status follows (409 over what is left to deliver, naming the line)',
    cancel: 'Cancels the delivery; a validated one puts its parts back in the warehouse',
  },
};
