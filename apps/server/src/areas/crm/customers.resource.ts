import { customerName, declarations } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { type Attribute } from '../../jsonapi/attributes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { customers } from './crm.table.ts';
import { normalizedName } from './names.ts';

/** The customer's own value of each billing field, shown while billing is "same as customer". */
const BILLING_SOURCE: Record<string, (row: Record<string, unknown>) => unknown> = {
  billing_name: (r) => customerName(r) || null,
  billing_email: (r) => r.email ?? null,
  billing_phone: (r) => r.phone ?? null,
  billing_address: (r) => r.address ?? null,
  billing_city: (r) => r.city ?? null,
  billing_province: (r) => r.province ?? null,
  billing_postal_code: (r) => r.postal_code ?? null,
};

/** A billing attribute: its column, but the customer's value on read while the flag is on. */
function billing(name: string, a: Attribute): Attribute {
  a.compute = (row) => (row.billing_same_as_customer ? BILLING_SOURCE[name](row) : (row[name] ?? null));
  return a;
}

/** SQL of customer_name, for sorting (same rule as customerName of @atelier/domain). */
const personSql = sql`nullif(trim(coalesce(${customers.firstname}, '') || ' ' || coalesce(${customers.lastname}, '')), '')`;
const customerNameSql = normalizedName(sql`CASE WHEN ${customers.type} = 'company' THEN coalesce(nullif(${customers.company_name}, ''), ${personSql}) ELSE coalesce(${personSql}, ${customers.company_name}) END`);

export const customersResource = defineResource(declarations.customers, {
  table: customers,
  permissions: 'customers',
  tenancy: tenancy.organization(),
  attributes: {
    /** The dropdown label: company name for a company, first and last name for an individual. */
    customer_name: (a) => a.isVirtual((r) => customerName(r)),
    ...Object.fromEntries(Object.keys(BILLING_SOURCE).map((name) => [name, (a: Attribute) => billing(name, a)])),
  },
  relationships: {
    ...placedRelationships(),
    contacts: rel.hasMany('customer_id'),
    // The customer's vehicles and requests (their customer_id; written from those resources).
    vehicles: rel.hasMany('customer_id'),
    requests: rel.hasMany('customer_id'),
  },
  filters: {
    search: filter.search(['firstname', 'lastname', 'company_name', 'email', 'phone', 'tax_id', 'city']),
    type: filter.in('type'),
    province: filter.in('province'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  sortExpressions: { customer_name: customerNameSql },
  // Deleting a customer keeps its contacts (people outlive accounts): the foreign key unlinks them.
  hooks: { beforeWrite: checkCustomer },
  notify: { label: (row) => customerName(row as Record<string, unknown>) },
});

const BILLING_FIELDS = Object.keys(BILLING_SOURCE);

/**
 * The rules that depend on several fields: an individual has a first and last name, a company a
 * name; separate billing needs a name and an address. Billing fields are emptied while billing is
 * the customer's own, so they never hold stale values.
 */
function checkCustomer(_ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const v = input.values;
  const merged = { ...(existing ?? { type: 'individual', billing_same_as_customer: true }), ...v } as Record<string, unknown>;
  const errors = new ValidationErrors();
  const need = (name: string) => {
    const value = merged[name];
    if (value === null || value === undefined || value === '') errors.add(attributePointer(name), 'validation.required');
  };
  if (merged.type === 'company') need('company_name');
  else {
    need('firstname');
    need('lastname');
  }
  if (merged.billing_same_as_customer) {
    for (const f of BILLING_FIELDS) if (f in v || (existing && existing[f] !== null)) v[f] = null;
  } else {
    need('billing_name');
    need('billing_address');
  }
  errors.throwIfAny();
}

