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
