import { discountExceedsCap, lineDiscount, lineDiscountProblem, workLineGross, type Permission, type WorkLine } from '@atelier/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { formatQuantity } from '../../reports/format.ts';
import { permissions, rolePermissions, roles } from '../admin/admin.table.ts';

// A line's discount (issue 27), on estimate items and repair items alike: a percentage of its
// parts and labour or an amount in cents, never both, never negative, never more than the line
// (the domain's lineDiscountProblem, 422). Giving or changing one needs 'apply discounts
// estimations' (403) and stays within the largest maximum of the actor's roles that grant it (422
// naming the cap; a role without a maximum gives no limit). An unchanged discount is not checked
// again against the actor's rights: the estimator who edits a price keeps the advisor's discount.

export const APPLY_DISCOUNTS: Permission = 'apply discounts estimations';
const NAMES = ['discount_percent', 'discount_amount'] as const;

/** The largest discount (percent) the actor's roles granting discounts allow; null: no maximum. */
export async function discountCap(ctx: RequestContext): Promise<string | null> {
  if (!ctx.actor.roleIds.length) return '0';
  const rows = await ctx.db
    .select({ cap: roles.max_discount_percent })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(inArray(roles.id, [...ctx.actor.roleIds]), eq(permissions.name, APPLY_DISCOUNTS)));
  if (!rows.length) return '0';
  if (rows.some((r) => r.cap === null)) return null;
  return rows.map((r) => r.cap!).reduce((a, b) => (Number(a) >= Number(b) ? a : b));
}

const same = (a: unknown, b: unknown) => (a === null || a === undefined || a === '' ? null : Number(a)) === (b === null || b === undefined || b === '' ? null : Number(b));

/**
 * Checks the line's discount as it will be written (`line`: the stored row overlaid with the
 * input): its shape always, the actor's right and cap when the input changes it.
 */
export async function checkLineDiscount(ctx: RequestContext, input: WriteInput, existing: Record<string, unknown> | null, line: WorkLine) {
  const pointer = attributePointer(line.discount_amount !== null && line.discount_amount !== undefined && line.discount_amount !== '' ? 'discount_amount' : 'discount_percent');
  const problem = lineDiscountProblem(line);
  if (problem) throw new ApiError(422, problem, undefined, { pointer });
  const changed = NAMES.some((n) => input.present.has(n) && !same(input.values[n], existing?.[n]));
  const discount = lineDiscount(line);
  if (!changed || !discount || (discount.kind === 'amount' ? discount.cents === 0 : Number(discount.percent) === 0)) return;
  if (!ctx.actor.permissions.has(APPLY_DISCOUNTS)) throw new ApiError(403, 'discount.forbidden', undefined, { pointer });
  const cap = await discountCap(ctx);
  if (cap === null) return;
  if (discountExceedsCap(workLineGross(line), discount, cap)) throw new ApiError(422, 'discount.over_cap', { cap: formatQuantity(Number(cap), ctx.locale) }, { pointer });
}

