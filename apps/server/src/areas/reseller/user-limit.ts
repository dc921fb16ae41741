import { overUserLimit } from '@atelier/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { organizations, users } from '../admin/admin.table.ts';
import { packages } from './reseller.table.ts';

/**
 * A package's maximum of active users (issue 24): one more active user of the organization
 * (created, activated, invited) than its package allows is a 422 at `pointer` naming the limit.
 * The organization's row is locked first, so two users added at once are counted one after the
 * other. `userId`: the user being activated (not counted twice).
 */
export async function checkUserLimit(ctx: RequestContext, organizationId: string | null | undefined, pointer: string, userId?: string) {
  if (!organizationId) return;
  const [plan] = await ctx.db
    .select({ name: packages.name, maximum: packages.maximum_users })
    .from(organizations)
    .innerJoin(packages, eq(packages.id, organizations.package_id))
    .where(eq(organizations.id, organizationId))
    .for('update', { of: organizations });
  if (plan?.maximum == null) return;
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organization_id, organizationId), eq(users.active, true), userId ? ne(users.id, userId) : undefined));
  if (overUserLimit(count, plan.maximum)) throw ApiError.many([{ status: 422, code: 'reseller.user_limit', params: { package: plan.name, maximum: plan.maximum }, source: { pointer } }]);
}
