import { declare, rel, timestamps } from '../declare/declare.ts';
import { workLineAttributes } from './work-lines.ts';

// A canned job is the shop's price list: a discount is given on an estimate's line, never in the job.
const { condition: _condition, discount_percent: _percent, discount_amount: _amount, ...line } = workLineAttributes();

/**
 * A line of a canned job: what is done, its part (an inventory product fills its name, number and
 * price when the job is used, unless typed here) and its labour (hours at the job's rate, else the
 * settings' rate), as an estimate's item will carry it.
 */
export const cannedJobItems = declare('canned-job-items', {
  attributes: { ...line, ...timestamps() },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    cannedJob: rel.toOne('canned-jobs', { required: true, createOnly: true }),
    product: rel.toOne('products'),
    supplier: rel.toOne('suppliers'),
    taxGroup: rel.toOne('tax-groups'),
  },
  filters: ['cannedJob', 'product'],
  sorts: ['position', 'created_at'],
  defaultSort: 'position',
});
