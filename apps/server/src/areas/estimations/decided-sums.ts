import type { ApprovalSums } from '@atelier/domain';
import { and, eq, gte, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { allowed } from '../../jsonapi/policies.ts';
import { listScope } from '../../jsonapi/scope.ts';
import { estimationItems, estimations } from './estimations.table.ts';
import { estimationsResource } from './estimations.resource.ts';

/**
 * The approval of estimates in money (the sales figures, the service manager's): of the items the
 * customer decided on from `start` to `end` (instants, end excluded), in the estimates' list scope
 * of this request, the approved ones' amount before taxes and all of them; null to whoever may not
 * list the estimates.
 */
export async function decidedSums(ctx: RequestContext, query: Record<string, string | string[]>, start: SQL, end: SQL): Promise<ApprovalSums | null> {
  if (!allowed(ctx, estimationsResource, 'viewAny')) return null;
  const [decided] = await ctx.db
    .select({
      approved: sql<number>`coalesce(sum(${estimationItems.subtotal}) filter (where ${estimationItems.customer_decision} = 'approved'), 0)::bigint`,
      proposed: sql<number>`coalesce(sum(${estimationItems.subtotal}), 0)::bigint`,
    })
    .from(estimationItems)
    .innerJoin(estimations, eq(estimations.id, estimationItems.estimation_id))
    .where(and(listScope(ctx, estimationsResource, query), ne(estimations.state, 'canceled'), isNotNull(estimationItems.customer_decision), gte(estimationItems.customer_decided_at, start), lt(estimationItems.customer_decided_at, end)));
  return { approved: Number(decided!.approved), proposed: Number(decided!.proposed) };
}
