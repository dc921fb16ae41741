import { declarations, periodEnd, renewedPeriod, subscriptionState, subscriptionWorkflow as workflow, type PackageFrequency } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { records } from '../../jsonapi/records.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { resellerOfOrganization } from './owner.ts';
import { packages, subscriptions } from './reseller.table.ts';

type SubscriptionRow = RowOf<typeof subscriptions>;

const packageOf = async (ctx: RequestContext, id: string) => (await ctx.db.select().from(packages).where(eq(packages.id, id)))[0];

/** A renewal's new period and state (the renew action's and the renewal job's). */
export async function renewalValues(ctx: RequestContext, row: SubscriptionRow, now = new Date()) {
  const plan = await packageOf(ctx, row.package_id);
  const { start, end } = renewedPeriod({ start: new Date(row.start_time), end: new Date(row.end_time) }, plan.frequency as PackageFrequency, now);
  return { start_time: start.toISOString(), end_time: end.toISOString(), state: subscriptionState(end, now) };
}

export const subscriptionFlow = workflowParts({
  workflow,
  table: subscriptions,
  messages: workflowMessages('subscription'),
  actions: {
    renew: {
      summary: 'Extends the subscription by its package’s frequency: from its end, or from now once expired (GET /subscriptions/{id}/renew)',
      values: (ctx, row) => renewalValues(ctx, row),
    },
  },
});

/**
 * A new subscription is its organization's reseller's, of one of that reseller's packages; it
 * starts now unless told, and runs one period of its package unless its end is given. Its state
 * follows its end.
 */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: SubscriptionRow | null) {
  const v = input.values;
  const resellerId = existing ? existing.reseller_id : await resellerOfOrganization(ctx, input, String(v.organization_id), 'organization');
  const plan = await packageOf(ctx, String(v.package_id ?? existing?.package_id));
  if (plan.reseller_id !== resellerId) throw ApiError.many([{ status: 422, code: 'reseller.organization_not_yours', source: { pointer: relationshipPointer('package') } }]);
  const start = new Date(String(v.start_time ?? existing?.start_time ?? new Date().toISOString()));
  if (!existing) v.start_time = start.toISOString();
  const end = v.end_time ? new Date(String(v.end_time)) : existing ? new Date(existing.end_time) : periodEnd(start, plan.frequency as PackageFrequency);
  if (end.getTime() <= start.getTime()) throw ApiError.many([{ status: 422, code: 'reseller.end_before_start', source: { pointer: attributePointer('end_time') } }]);
  Object.assign(v, { end_time: end.toISOString(), state: subscriptionState(end, new Date()) });
}

/** The organization names its subscription and package (organizations.package, .subscription). */
async function afterWrite(ctx: RequestContext, row: SubscriptionRow, _input: WriteInput, existing: SubscriptionRow | null) {
  if (!existing || existing.package_id !== row.package_id)
    await records(ctx, 'organizations').update([row.organization_id], { package_id: row.package_id, subscription_id: row.id }, { cause: { type: 'subscriptions', id: row.id } });
}

/** An organization without a subscription is on no package. */
async function beforeDelete(ctx: RequestContext, row: SubscriptionRow) {
  await records(ctx, 'organizations').update([row.organization_id], { package_id: null, subscription_id: null }, { cause: { type: 'subscriptions', id: row.id } });
}

/** Organizations' subscriptions to a reseller's packages (spec platform §3 Subscription, §4, §7 renew; issue 24). */
export const subscriptionsResource = defineResource(declarations.subscriptions, {
  table: subscriptions,
  permissions: 'subscriptions',
  tenancy: tenancy.reseller({ organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    package: rel.belongsTo('package_id'),
    reseller: rel.belongsTo('reseller_id'),
    invoices: rel.hasMany('subscription_id'),
  },
  filters: {
    state: filter.in('state'),
    organization: filter.ids('organization_id', 'organization'),
    package: filter.ids('package_id', 'package'),
    auto_renew: filter.boolean('auto_renew'),
  },
  uniques: { subscriptions_organization_unique: { relationship: 'organization', code: 'reseller.already_subscribed' } },
  workflow: subscriptionFlow,
  hooks: { beforeWrite, afterWrite, beforeDelete },
  notify: { label: (row) => String(row.end_time ?? '').slice(0, 10) },
});
