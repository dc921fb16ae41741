// Sales (issue 23): a customer's orders, the deliveries and invoices generated from them, the
// invoice of a completed repair, and the payments of the invoices.
import { defineArea } from '../area.ts';
import { seedDemoSales } from './demo.ts';
// Its invoices are payable online (registered with the online payments area when the area loads).
import './payable.ts';
import { salesFiguresRoutes } from './figures.routes.ts';
import { invoicePublicRoutes } from './public.routes.ts';
import { invoiceRoutes } from './report/invoice.routes.ts';
import { salesDeliveriesResource } from './sales-deliveries.resource.ts';
import { salesDeliveryItemsResource } from './sales-delivery-items.resource.ts';
import { salesInvoiceItemsResource } from './sales-invoice-items.resource.ts';
import { salesInvoicesResource } from './sales-invoices.resource.ts';
import { salesOrderItemsResource } from './sales-order-items.resource.ts';
import { salesOrdersResource } from './sales-orders.resource.ts';
import { salesPaymentsResource } from './sales-payments.resource.ts';

export const salesArea = defineArea({
  name: 'sales',
  resources: [
    salesOrdersResource,
    salesOrderItemsResource,
    salesDeliveriesResource,
    salesDeliveryItemsResource,
    salesInvoicesResource,
    salesInvoiceItemsResource,
    salesPaymentsResource,
  ],
  routes: [invoiceRoutes, invoicePublicRoutes, salesFiguresRoutes],
  demo: seedDemoSales,
});
