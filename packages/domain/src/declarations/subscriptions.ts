import { attr, declare, rel, workflowAttributes } from '../declare/declare.ts';
import { subscriptionWorkflow as workflow } from '../reseller/billing.ts';

/**
 * An organization's subscription to a package (spec platform §3 Subscription, §4: active,
 * expired, renewable; renewed): one per organization, its period from start to end.
 */
export const subscriptions = declare('subscriptions', {
  attributes: {
    state: attr.enum(workflow.states, workflow.stateLabels).isReadOnly(),
    /** When it starts (now when left out). */
    start_time: attr.datetime().isCreateOnly(),
    /** When it ends (one period of the package after the start when left out). */
    end_time: attr.datetime(),
    /** Renewed by itself at its end, its invoice made (the renewal job). */
    auto_renew: attr.boolean(),
    notes: attr.text().max(2000),
    ...workflowAttributes(workflow, 'renewed_at'),
  },
  relationships: {
    organization: rel.toOne('organizations', { required: true, createOnly: true }),
    package: rel.toOne('packages', { required: true }),
    reseller: rel.toOne('resellers', { readOnly: true }),
    invoices: rel.toMany('reseller-invoices', { readOnly: true }),
  },
  filters: ['state', 'organization', 'package', 'auto_renew'],
  sorts: ['end_time', 'start_time', 'state', 'created_at', 'updated_at'],
  defaultSort: 'end_time',
});
