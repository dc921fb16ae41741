import { COMEBACK_DAYS } from '@atelier/domain';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest } from '../../jsonapi/errors.ts';
import { tenancy } from '../../access/tenancy.ts';
import { filter } from '../../jsonapi/filters.ts';
import { repairItems, repairs } from './repairs.table.ts';

// Comebacks (issue 27, the service manager's figures): a repair opened within COMEBACK_DAYS of the
// completion of an earlier repair of the same vehicle that did the same job (an item of the same
// description, case and surrounding spaces aside). One SQL condition, for the figures and for the repairs'
// list (filter[comeback]), so the figure and the list behind it agree.

/** The repairs whose work is finished: what the figures count. */
export const FINISHED_REPAIR_STATES = ['completed', 'validated'] as const;

const earlier = alias(repairs, 'earlier_repair');
const earlierItem = alias(repairItems, 'earlier_item');
const laterItem = alias(repairItems, 'later_item');
const job = (detail: SQL) => sql`lower(btrim(${detail}))`;
const finished = sql.join(
  FINISHED_REPAIR_STATES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The ids of the comebacks among the repairs `among` keeps (a condition on the repairs table): one
 * uncorrelated statement the planner hashes, not a lookup per repair.
 */
export const comebackIds = (among: SQL | undefined): SQL => sql`select ${repairs.id} from ${repairs}
  join ${repairItems} ${laterItem} on ${laterItem.repair_id} = ${repairs.id}
  join ${repairs} ${earlier} on ${earlier.vehicle_id} = ${repairs.vehicle_id} and ${earlier.organization_id} = ${repairs.organization_id} and ${earlier.id} <> ${repairs.id}
    and ${earlier.state} in (${finished})
    and ${earlier.completed_at} < ${repairs.created_at} and ${earlier.completed_at} >= ${repairs.created_at} - make_interval(days => ${COMEBACK_DAYS})
  join ${repairItems} ${earlierItem} on ${earlierItem.repair_id} = ${earlier.id} and ${job(sql`${earlierItem.detail}`)} = ${job(sql`${laterItem.detail}`)}${among ? sql` where ${among}` : sql``}`;

/** filter[comeback]=true: the comebacks (among the repairs the user may see); false: the others. */
export const comebackFilter = filter.custom((value, ctx) => {
  if (!['true', 'false', '1', '0'].includes(value)) throw badRequest('error.invalid_filter_value', { filter: 'comeback' }, 'filter[comeback]');
  const comeback = sql`${repairs.id} in (${comebackIds(tenancy.organization().scope(ctx.actor, repairs))})`;
  return value === 'true' || value === '1' ? comeback : sql`not ${comeback}`;
});
