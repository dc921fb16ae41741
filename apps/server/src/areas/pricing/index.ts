// Used-vehicle price estimation (issue 13): market data, allowed domains, request logs, keys,
// the estimation routes and the frame's public calls. The valuation itself is @atelier/domain's.
import { defineArea } from '../area.ts';
import { seedDemoSales } from './demo.ts';
import { embedPageHeaders } from './embed-page.ts';
import { allowDomainsResource, appraisalsResource, requestLogsResource, vehicleSalesResource } from './pricing.resources.ts';
import { requestLogJobs } from './request-log.ts';
import { API_KEY_ROUTES, pricingRoutes } from './routes.ts';
import { vehicleSalesImport } from './vehicle-sales.import.ts';

export const pricingArea = defineArea({
  name: 'pricing',
  resources: [vehicleSalesResource, allowDomainsResource, requestLogsResource, appraisalsResource],
  importModels: [vehicleSalesImport],
  routes: [pricingRoutes],
  apiKeyRoutes: API_KEY_ROUTES,
  pageHeaders: { '/embed/vehicle-estimate': embedPageHeaders },
  jobs: requestLogJobs,
  demo: seedDemoSales,
});
