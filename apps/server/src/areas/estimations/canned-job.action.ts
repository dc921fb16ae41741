import { isUuid } from '../../jsonapi/attributes.ts';
import type { ActionDefinition } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { cannedJobsWithLines } from '../canned-jobs/apply.ts';
import { defaultHourlyRate, defaultTaxGroup, type EstimationRow } from './estimation-lines.ts';
import { jobItemLines, pricedItemRows } from './from-inspection.ts';
import { isObject } from '@atelier/domain';


/**
 * POST /estimations/{id}/canned-job (issue 27): the advisor adds a canned job to the estimate in one
 * step, while its items may still be added (addItemsPolicy). The job's parts and labour were priced by
 * the shop, so its lines come priced as an inspection's draft does, whoever holds the phases: they are
 * new lines, nobody's entry is changed, and the estimators edit them as any other.
 */
export const addCannedJob: ActionDefinition<EstimationRow> = {
  path: ':id/canned-job',
  permission: 'edit estimations',
  contract: {
    summary: "Adds a canned job's lines to the estimate as items (an inventory part fills its name, number and price; the settings' rate and tax group where the job has none); answers the estimate",
    body: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'object', required: ['type', 'id'], properties: { type: { const: 'canned-jobs' }, id: { type: 'string' } } } },
    },
  },
  async handler(ctx, estimation, body) {
    const data = isObject(body) ? body.data : undefined;
    const id = isObject(data) && data.type === 'canned-jobs' && typeof data.id === 'string' ? data.id : null;
    if (!id) throw new ApiError(422, 'canned_job.required', undefined, { pointer: '/data' });
    const found = isUuid(id) ? (await cannedJobsWithLines(ctx.db, estimation.organization_id, [id])).get(id) : undefined;
    if (!found) throw new ApiError(422, 'validation.relationship_not_found', { id }, { pointer: '/data/id' });
    if (!found.job.active) throw new ApiError(422, 'canned_job.inactive', { name: found.job.name }, { pointer: '/data/id' });
    if (!found.lines.length) throw new ApiError(422, 'canned_job.empty', { name: found.job.name }, { pointer: '/data/id' });
    const base = {
      detail: '',
      images: [],
      quantity: '1',
      unit_price: null,
      manual_labour: null,
      time: null,
      warranty: false,
      hourly_rate: await defaultHourlyRate(ctx.db, estimation.organization_id),
      tax_group_id: await defaultTaxGroup(ctx.db, estimation.organization_id),
    };
    const lines = await jobItemLines(ctx.db, estimation.organization_id, base, found.lines);
    const made = await records(ctx, 'estimation-items').create(await pricedItemRows(ctx.db, estimation, lines), { cause: { type: 'canned-jobs', id } });
    return { log: { canned_job: found.job.name, items: made.map((i) => String(i.id)) } };
  },
};
