import { declarations, normalizeAllowedDomain } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { appraisals } from './appraisals.table.ts';
import { estimateVehicleAllowDomains, requestLogs, vehicleSales } from './pricing.table.ts';

/** Sales and listings the built-in valuation compares with (imported, or typed one by one). */
export const vehicleSalesResource = defineResource(declarations['vehicle-sales'], {
  table: vehicleSales,
  permissions: 'vehicle sales',
  tenancy: tenancy.organization(),
  // Market data comes by the thousand from imports: the activity log would only repeat the import's lines.
  logged: false,
  relationships: { organization: rel.belongsTo('organization_id') },
  filters: {
    search: filter.search(['make', 'model', 'series', 'vin']),
    make: filter.custom((value) => sql`lower(${vehicleSales.make}) = ${value.trim().toLowerCase()}`),
    model: filter.custom((value) => sql`lower(${vehicleSales.model}) = ${value.trim().toLowerCase()}`),
    year: filter.integers('year'),
    kind: filter.in('kind'),
  },
  notify: { label: (row) => `${row.year} ${row.make} ${row.model}` },
});

/** Websites allowed to embed the frame; written as a host ("https://www.garage.ca/x" is kept as www.garage.ca). */
export const allowDomainsResource = defineResource(declarations['estimate-vehicle-allow-domains'], {
  table: estimateVehicleAllowDomains,
  permissions: 'vehicle estimation domains',
  tenancy: tenancy.organization(),
  relationships: { organization: rel.belongsTo('organization_id') },
  filters: { search: filter.search(['domain']) },
  uniques: { estimate_vehicle_allow_domains_unique: { attribute: 'domain', code: 'pricing.domain_taken' } },
  hooks: {
    beforeWrite(_ctx, input) {
      if (!input.present.has('domain') || typeof input.values.domain !== 'string') return;
      const checked = normalizeAllowedDomain(input.values.domain);
      if (checked.ok) {
        input.values.domain = checked.value;
        return;
      }
      const errors = new ValidationErrors();
      errors.add(attributePointer('domain'), checked.code);
      errors.throwIfAny();
    },
  },
  notify: { label: (row) => String(row.domain ?? '') },
});

/** The estimation's call log: written by the pricing routes, read and deleted here. */
export const requestLogsResource = defineResource(declarations['request-logs'], {
  table: requestLogs,
  permissions: 'request logs',
  tenancy: tenancy.organization(),
  operations: { create: false, update: false },
  logged: false,
  relationships: {
    user: rel.belongsTo('user_id'),
    domain: rel.belongsTo('domain_id'),
    organization: rel.belongsTo('organization_id'),
  },
  filters: {
    channel: filter.in('channel'),
    http_status_code: filter.integers('http_status_code'),
    user: filter.ids('user_id', 'user'),
    search: filter.search(['host', 'ip_address', 'endpoint']),
  },
});

/** The estimates kept (issue 27): written by the estimation routes with their request log (appraisals.ts), read here. */
export const appraisalsResource = defineResource(declarations.appraisals, {
  table: appraisals,
  permissions: 'appraisals',
  tenancy: tenancy.organization(),
  ...READ_ONLY,
  relationships: {
    vehicle: rel.belongsTo('vehicle_id'),
    inspection: rel.belongsTo('inspection_id'),
    user: rel.belongsTo('user_id'),
    lead: rel.belongsTo('lead_id'),
    organization: rel.belongsTo('organization_id'),
  },
  filters: {
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    source: filter.in('source'),
    search: filter.search(['vin', 'make', 'model', 'series']),
    created_from: filter.since('created_at', 'created_from', 'from'),
    created_to: filter.since('created_at', 'created_to', 'to'),
  },
});
