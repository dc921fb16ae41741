import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { organizations } from '../admin/admin.table.ts';
import { resellerTaxGroups } from './reseller.table.ts';

// Whose rows these are: a reseller's user writes its own reseller's (the engine stamps it);
// platform staff name the reseller, or it follows from the organization the row is about.

/** A new catalogue row's reseller: the user's, else the one staff named (422 when none). */
export function requireReseller(input: WriteInput) {
  if (!input.values.reseller_id) throw ApiError.many([{ status: 422, code: 'reseller.reseller_required', source: { pointer: relationshipPointer('reseller') } }]);
}

/**
 * The reseller of a row about an organization: the organization's own (422 at `pointer` when it has
 * none, or when the row's reseller is another: a reseller bills only its customers).
 */
export async function resellerOfOrganization(ctx: RequestContext, input: WriteInput, organizationId: string, pointer: string) {
  const [org] = await ctx.db.select({ reseller_id: organizations.reseller_id }).from(organizations).where(eq(organizations.id, organizationId));
  const given = input.values.reseller_id as string | undefined;
  if (!org?.reseller_id || (given && given !== org.reseller_id))
    throw ApiError.many([{ status: 422, code: 'reseller.organization_not_yours', source: { pointer: relationshipPointer(pointer) } }]);
  input.values.reseller_id = org.reseller_id;
  return org.reseller_id;
}

/**
 * A tax group a reseller's row names is that reseller's own (its users see no other; platform staff
 * see all and could name another's): 422 at taxGroup otherwise.
 */
export async function requireOwnTaxGroup(ctx: RequestContext, input: WriteInput, resellerId: string | null | undefined) {
  const group = input.values.tax_group_id as string | null | undefined;
  if (!group || !input.present.has('taxGroup')) return;
  const [row] = await ctx.db.select({ reseller_id: resellerTaxGroups.reseller_id }).from(resellerTaxGroups).where(eq(resellerTaxGroups.id, group));
  if (!resellerId || row?.reseller_id !== resellerId) throw ApiError.many([{ status: 422, code: 'reseller.tax_group_not_yours', source: { pointer: relationshipPointer('taxGroup') } }]);
}
