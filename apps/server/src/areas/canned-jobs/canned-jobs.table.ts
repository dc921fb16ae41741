import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { locationIds, ownedBy, tagIds, workLinePriceColumns } from '../../db/columns.ts';
import { tenantTable } from '../admin/admin.table.ts';
import { inspectionFormSectionFields } from '../inspections/inspection-forms.table.ts';
import { products } from '../inventory/inventory.table.ts';
import { suppliers } from '../purchases/purchases.table.ts';
import { taxGroups } from '../settings/settings.table.ts';

/** A canned job (issue 27): a named job of parts and labour, per organization. Its name is unique there. */
export const cannedJobs = tenantTable(
  'canned_jobs',
  {
    name: text('name').notNull(),
    code: text('code'),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    tag_ids: tagIds(),
    location_ids: locationIds(),
  },
  (t) => [
    uniqueIndex('canned_jobs_org_name_unique').on(t.organization_id, sql`lower(${t.name})`),
    uniqueIndex('canned_jobs_org_code_unique').on(t.organization_id, sql`lower(${t.code})`),
    index('canned_jobs_location_ids_idx').using('gin', t.location_ids),
  ],
);

/** A line of a canned job, as an estimate's item will carry it (money in cents, hours and quantity as decimals). */
export const cannedJobItems = tenantTable(
  'canned_job_items',
  {
    canned_job_id: ownedBy('canned_job_id', () => cannedJobs.id),
    position: integer('position').notNull().default(0),
    detail: text('detail').notNull(),
    ...workLinePriceColumns(),
    product_id: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    tax_group_id: uuid('tax_group_id').references(() => taxGroups.id),
  },
  (t) => [
    index('canned_job_items_job_idx').on(t.canned_job_id, t.position),
    check('canned_job_items_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** A form field's answer that calls for a canned job. */
export const cannedJobTriggers = tenantTable(
  'canned_job_triggers',
  {
    canned_job_id: ownedBy('canned_job_id', () => cannedJobs.id),
    position: integer('position').notNull().default(0),
    field_id: uuid('field_id')
      .notNull()
      .references(() => inspectionFormSectionFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    index('canned_job_triggers_job_idx').on(t.canned_job_id, t.position),
    index('canned_job_triggers_field_idx').on(t.organization_id, t.field_id),
    uniqueIndex('canned_job_triggers_unique').on(t.canned_job_id, t.field_id, sql`lower(${t.value})`),
  ],
);
