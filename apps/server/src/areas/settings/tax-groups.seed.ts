import { defaultTaxGroups, type Locale, type Province } from '@atelier/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { options, organizations } from '../admin/admin.table.ts';
import { taxGroups, taxes } from './settings.table.ts';

/**
 * Gives an organization the Canadian tax groups in its language (domain defaultTaxGroups) and
 * makes its province's group the default of estimates, purchases and sales.
 */
export async function seedTaxGroups(db: Db, organizationId: string, locale: Locale) {
  const [org] = await db.select({ province: organizations.province }).from(organizations).where(eq(organizations.id, organizationId));
  let defaultId: string | null = null;
  for (const group of defaultTaxGroups((org?.province as Province | null) ?? null, locale)) {
    const id = newId();
    if (group.isDefault) defaultId = id;
    await db.insert(taxGroups).values({ id, organization_id: organizationId, name: group.name });
    if (group.taxes.length)
      await db.insert(taxes).values(group.taxes.map((t, position) => ({ organization_id: organizationId, tax_group_id: id, code: t.code, rate: t.rate, type: t.type, position })));
  }
  if (!defaultId) return;
  for (const name of ['estimations.default_tax_group', 'purchases.default_tax_group', 'sales.default_tax_group'])
    await db
      .update(options)
      .set({ value: sql`to_jsonb(${defaultId}::text)` })
      .where(and(eq(options.organization_id, organizationId), eq(options.name, name)));
}
