import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TemplateChange } from '@atelier/domain';
import { at, id, ownedBy, timestamps } from '../../db/columns.ts';
import { resellers, tenantTable, userRef } from '../admin/admin.table.ts';
import { inspectionForms } from '../inspections/inspection-forms.table.ts';
import type { FormStructure } from '../inspections/versions.ts';

// Templates a reseller publishes to its organizations (issue 27): inspection forms, published as
// numbered versions of a source form's structure, adopted by organizations as forms of their own.

/** A reseller's inspection form template. `version`: its latest published version's number. */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: id(),
    reseller_id: uuid('reseller_id')
      .notNull()
      .references((): AnyPgColumn => resellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    // SET NULL: the template and its versions outlive the form they were published from.
    source_form_id: uuid('source_form_id').references((): AnyPgColumn => inspectionForms.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('form_templates_name_unique').on(t.reseller_id, sql`lower(${t.name})`), index('form_templates_source_idx').on(t.source_form_id)],
);

/** A published version: the source form's structure then (its parts' ids are the template's keys). */
export const formTemplateVersions = pgTable(
  'form_template_versions',
  {
    id: id(),
    form_template_id: ownedBy('form_template_id', () => formTemplates.id),
    number: integer('number').notNull(),
    structure: jsonb('structure').$type<FormStructure>().notNull(),
    hash: text('hash').notNull(),
    changes: jsonb('changes').$type<TemplateChange[]>().notNull().default([]),
    published_by_id: userRef('published_by_id'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_template_versions_number_unique').on(t.form_template_id, t.number)],
);

/** An organization's form adopted from a template: the version it holds, a later one it passed on. */
export const formTemplateAdoptions = tenantTable(
  'form_template_adoptions',
  {
    form_template_id: ownedBy('form_template_id', () => formTemplates.id),
    inspection_form_id: ownedBy('inspection_form_id', () => inspectionForms.id),
    version: integer('version').notNull(),
    skipped_version: integer('skipped_version'),
  },
  (t) => [uniqueIndex('form_template_adoptions_form_unique').on(t.inspection_form_id), index('form_template_adoptions_template_idx').on(t.form_template_id, t.organization_id)],
);
