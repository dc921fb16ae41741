// Reseller billing (issue 24): a reseller's catalogue (products, services, packages), its
// organizations' subscriptions with their renewal job, its invoices and their payments.
import { defineArea } from '../area.ts';
import { packagesResource, resellerProductsResource, resellerServicesResource } from './catalogue.resource.ts';
import { seedDemoReseller } from './demo.ts';
import { renewalJobs } from './renewals.ts';
import { resellerInvoiceRoutes } from './report/reseller-invoice.routes.ts';
import { resellerInvoiceItemsResource } from './reseller-invoice-items.resource.ts';
import { resellerInvoicesResource } from './reseller-invoices.resource.ts';
import { resellerPaymentsResource } from './reseller-payments.resource.ts';
import { subscriptionsResource } from './subscriptions.resource.ts';
import { resellerTaxesResource, resellerTaxGroupsResource } from './tax-groups.resource.ts';

export const resellerArea = defineArea({
  name: 'reseller',
  resources: [resellerTaxGroupsResource, resellerTaxesResource, resellerProductsResource, resellerServicesResource, packagesResource, subscriptionsResource, resellerInvoicesResource, resellerInvoiceItemsResource, resellerPaymentsResource],
  routes: [resellerInvoiceRoutes],
  jobs: renewalJobs,
  demo: seedDemoReseller,
});
