import type { RequestContext } from '../../jsonapi/context.ts';
import type { Refusal } from '../../jsonapi/define-resource.ts';
import { forbid } from '../../jsonapi/policies.ts';
import { userName } from '../admin/assignees.ts';
import type { InspectionRow } from './inspection-scoring.ts';

// The inspection's own policies come from its workflow (inspections.actions.ts); its answers
// (inspection-fields.resource.ts) are the holder's too.

/** Work in progress is its holder's: the others take it over first (403 naming the holder). */
export async function notHolder(ctx: RequestContext, row: InspectionRow): Promise<Refusal | undefined> {
  if (row.holder_id !== ctx.actor.id) return forbid('inspection.not_holder', { holder: await userName(ctx, row.holder_id) });
}
