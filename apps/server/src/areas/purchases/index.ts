// Purchases (issue 22): suppliers and what they sell, and the documents of buying parts from them:
// orders, the receipts and bills generated from them, and the payments of the bills.
import { defineArea } from '../area.ts';
import { seedDemoPurchases } from './demo.ts';
import { purchaseOrderRoutes } from './report/purchase-order.routes.ts';
import { purchasesDeliveriesResource } from './purchases-deliveries.resource.ts';
import { purchasesDeliveryItemsResource } from './purchases-delivery-items.resource.ts';
import { purchasesInvoiceItemsResource } from './purchases-invoice-items.resource.ts';
import { purchasesInvoicesResource } from './purchases-invoices.resource.ts';
import { purchasesOrderItemsResource } from './purchases-order-items.resource.ts';
import { purchasesOrdersResource } from './purchases-orders.resource.ts';
import { purchasesPaymentsResource } from './purchases-payments.resource.ts';
import { supplierProductsResource } from './supplier-products.resource.ts';
import { suppliersImport } from './suppliers.import.ts';
import { suppliersResource } from './suppliers.resource.ts';

export const purchasesArea = defineArea({
  name: 'purchases',
  resources: [
    suppliersResource,
    supplierProductsResource,
    purchasesOrdersResource,
    purchasesOrderItemsResource,
    purchasesDeliveriesResource,
    purchasesDeliveryItemsResource,
    purchasesInvoicesResource,
    purchasesInvoiceItemsResource,
    purchasesPaymentsResource,
  ],
  importModels: [suppliersImport],
  routes: [purchaseOrderRoutes],
  demo: seedDemoPurchases,
});
