import { COMEBACK_DAYS } from '@atelier/domain';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { repairItems, repairs } from './repairs.table.ts';

// Comebacks (issue 27, the service manager's figures): a repair opened within COMEBACK_DAYS of the
// completion of an earlier repair of the same vehicle that did the same job (an item of the same
// description, case and spaces aside). One SQL condition, for the figures and for the repairs'
// list (filter[comeback]), so the figure and the list behind it agree.

/** The repairs whose work is finished: what the figures count. */
export const FINISHED_REPAIR_STATES = ['completed', 'validated'] as const;

const earlier = alias(repairs, 'earlier_repair');
const earlierItem = alias(repairItems, 'earlier_item');
const laterItem = alias(repairItems, 'later_item');
const job = (detail: SQL) => sql`lower(regexp_replace(btrim(${detail}), '\\s+', ' ', 'g'))`;
const finished = sql.join(
  FINISHED_REPAIR_STATES.map((s) => sql`${s}`),
  sql`, `,
);

/** Whether the repair of the outer query is a comeback. */
export const isComeback: SQL = sql`exists (
  select 1 from ${repairs} ${earlier}
  join ${repairItems} ${earlierItem} on ${earlierItem.repair_id} = ${earlier.id}
  join ${repairItems} ${laterItem} on ${laterItem.repair_id} = ${repairs.id}
  where ${earlier.vehicle_id} = ${repairs.vehicle_id} and ${earlier.organization_id} = ${repairs.organization_id} and ${earlier.id} <> ${repairs.id}
    and ${earlier.state} in (${finished})
    and ${earlier.completed_at} < ${repairs.created_at} and ${earlier.completed_at} >= ${repairs.created_at} - make_interval(days => ${COMEBACK_DAYS})
    and ${job(sql`${earlierItem.detail}`)} = ${job(sql`${laterItem.detail}`)}
)`;

/** filter[comeback]=true: the comebacks; false: the others. */
export const comebackFilter = filter.custom((value) => {
  if (!['true', 'false', '1', '0'].includes(value)) throw badRequest('error.invalid_filter_value', { filter: 'comeback' }, 'filter[comeback]');
  return value === 'true' || value === '1' ? isComeback : sql`not ${isComeback}`;
});
