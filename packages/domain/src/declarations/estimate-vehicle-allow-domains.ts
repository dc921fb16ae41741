import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A website allowed to embed the organization's price estimation frame (spec §3 "Allowed domain",
 * §7 /estimate-vehicle-allow-domains): a host name, optionally with a port, or *.example.com for
 * its subdomains. The frame answers only calls from these, and only these may frame it.
 */
export const estimateVehicleAllowDomains = declare('estimate-vehicle-allow-domains', {
  attributes: {
    domain: attr.string().isRequired().max(260),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['search'],
  sorts: ['domain', 'created_at'],
  defaultSort: 'domain',
});
