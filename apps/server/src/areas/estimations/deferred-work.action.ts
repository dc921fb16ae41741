import { writableItemGroups, estimationWorkflow, isObject } from '@atelier/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { ActionDefinition, Policy } from '../../jsonapi/define-resource.ts';
import { ApiError, ValidationErrors } from '../../jsonapi/errors.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { createRecord } from '../../jsonapi/write.ts';
import { phasesOf, type EstimationRow } from './estimation-lines.ts';
import { reofferDeferredWork } from './deferred-work.ts';
import { deferredWork } from './deferred-work.table.ts';

// POST /estimations/{id}/deferred-work: the vehicle's suggestions from earlier visits become items
// of this estimate (docs/decisions.md "Customer approval and deferred work"). Each item is written
// as POST /estimation-items writes one (defaults from the settings, totals, the estimate's sums,
// the log); each suggestion is then closed as offered again on this estimate.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The suggestions named by the body ({ data: [{ type: 'deferred-work', id }] }), in its order (repeats too), or 422 pointing at what is wrong. */
function namedIds(body: unknown): string[] {
  const data = isObject(body) ? body.data : undefined;
  if (!Array.isArray(data) || !data.length) throw new ApiError(422, 'estimation.deferred_work_required', undefined, { pointer: '/data' });
  const errors = new ValidationErrors();
  const ids = data.map((d, i) => {
    if (!isObject(d) || d.type !== 'deferred-work' || typeof d.id !== 'string' || !d.id) errors.add(`/data/${i}`, 'estimation.deferred_work_required');
    return isObject(d) ? String(d.id) : '';
  });
  errors.throwIfAny();
  return ids;
}

/** Items are added while the descriptions may change (before approval), as any new item. */
export const addItemsPolicy: Policy<[row: EstimationRow]> = {
  refuses: { 409: 'Items are added only while their descriptions may change (before the approval).' },
  check(ctx, row) {
    if (!writableItemGroups(row.state, phasesOf(row), ctx.actor.id).includes('description'))
      return conflictWith('estimation.item_description_locked', { state: estimationWorkflow.stateLabels[row.state][ctx.locale] });
  },
};

export const addDeferredWork: ActionDefinition<EstimationRow> = {
  path: ':id/deferred-work',
  permission: 'edit estimations',
  contract: {
    summary: "Adds the vehicle's open deferred work to the estimate: one item per suggestion (detail, condition, urgency; the settings' hourly rate and tax group), each suggestion closed as offered again here",
    body: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', minItems: 1, items: { type: 'object', required: ['type', 'id'], properties: { type: { const: 'deferred-work' }, id: { type: 'string' } } } } },
    },
  },
  async handler(ctx, record, body) {
    const estimation = record;
    const named = namedIds(body);
    const ids = [...new Set(named)];
    // Only well-formed ids are looked up (the others are simply not found).
    const wellFormed = ids.filter((id) => UUID.test(id));
    const found = wellFormed.length
      ? await ctx.db
          .select()
          .from(deferredWork)
          .where(and(inArray(deferredWork.id, wellFormed), eq(deferredWork.organization_id, estimation.organization_id)))
      : [];
    const byId = new Map(found.map((w) => [w.id, w]));
    const errors = new ValidationErrors();
    // Each problem at its entry of the body.
    named.forEach((id, i) => {
      const work = byId.get(id);
      if (!work || work.vehicle_id !== estimation.vehicle_id) errors.add(`/data/${i}`, 'estimation.deferred_work_other_vehicle');
      else if (work.state !== 'open') errors.add(`/data/${i}`, 'deferred_work.not_open');
    });
    errors.throwIfAny();
    const items = ctx.registry.resource('estimation-items');
    const made = new Map<string, string>();
    for (const id of ids) {
      const work = byId.get(id)!;
      const item = await createRecord(ctx, items, {
        data: {
          type: 'estimation-items',
          attributes: { detail: work.detail, condition: work.condition, urgency: work.urgency },
          relationships: { estimation: { data: { type: 'estimations', id: estimation.id } } },
        },
      });
      made.set(id, item.id as string);
    }
    await reofferDeferredWork(ctx, estimation, made);
    return { log: { deferred_work: ids } };
  },
};
