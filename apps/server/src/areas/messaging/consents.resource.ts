import { declarations, isEmail, textableNumber } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { customersResource } from '../crm/customers.resource.ts';
import { customers } from '../crm/crm.table.ts';
import { customerConsents } from './messaging.table.ts';

/** A consent recorded by a person (at the counter): the contact in its canonical form, who and when stamped. */
async function recordedAtCounter(ctx: RequestContext, input: WriteInput) {
  const v = input.values;
  const typed = typeof v.contact === 'string' ? v.contact.trim() : '';
  const contact = v.channel === 'sms' ? textableNumber(typed) : isEmail(typed) ? typed.toLowerCase() : null;
  const errors = new ValidationErrors();
  if (!contact) errors.add(attributePointer('contact'), 'sms.contact_invalid');
  errors.throwIfAny();
  // The engine found the customer among those the actor sees; its organization owns the consent.
  const [customer] = await ctx.db.select({ organization_id: customers.organization_id }).from(customers).where(eq(customers.id, String(v.customer_id)));
  Object.assign(v, { contact, organization_id: customer.organization_id, source: 'counter', given_by_id: ctx.actor.id, at: sql`now()` });
}

/**
 * Customers' consents (issue 26): recorded, never changed or deleted (a change of mind is a new
 * record; the latest decides). Whoever may edit a customer records them; replies record theirs.
 */
export const customerConsentsResource = defineResource(declarations['customer-consents'], {
  table: customerConsents,
  permissions: 'customers',
  alsoGrantedBy: { create: ['edit customers'] },
  tenancy: tenancy.ownedBy(customersResource, 'customer_id', { organization: true }),
  operations: { update: false, delete: false },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    customer: rel.belongsTo('customer_id'),
    givenBy: rel.belongsTo('given_by_id'),
  },
  filters: { customer: filter.ids('customer_id', 'customer'), channel: filter.in('channel'), kind: filter.in('kind') },
  hooks: { beforeWrite: (ctx, input, existing) => (existing ? undefined : recordedAtCounter(ctx, input)) },
});
