import { sql, type BuildColumns, type BuildExtraConfigColumns } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { CannedJobContent, TemplateChange } from '@atelier/domain';
import { at, id, ownedBy, timestamps } from '../../db/columns.ts';
import { resellers, tenantTable, userRef, type TenantColumns } from '../admin/admin.table.ts';
import { cannedJobs } from '../canned-jobs/canned-jobs.table.ts';
import { inspectionForms } from '../inspections/inspection-forms.table.ts';
import type { FormStructure } from '../inspections/versions.ts';

// Templates a reseller publishes to its organizations (issue 27): inspection forms and canned jobs,
// each published as numbered versions of a source record's content and adopted by organizations as
// records of their own. Every kind has the same three tables (made below): the template, its
// versions, the organizations' adoptions; a kind adds its source, content and adopted record.

type Table<N extends string, C extends Record<string, PgColumnBuilderBase>> = PgTableWithColumns<{ name: N; schema: undefined; columns: BuildColumns<N, C, 'pg'>; dialect: 'pg' }>;
type Extra<N extends string, C extends Record<string, PgColumnBuilderBase>> = (t: BuildExtraConfigColumns<N, C, 'pg'>) => PgTableExtraConfigValue[];

const templateColumns = () => ({
  id: id(),
  reseller_id: uuid('reseller_id')
    .notNull()
    .references((): AnyPgColumn => resellers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  version: integer('version').notNull().default(0),
  ...timestamps(),
});
type TemplateColumns<C> = ReturnType<typeof templateColumns> & C;

/** A reseller's template of a kind: `source` its source record's column. `version`: its latest published version's number. */
function templateTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(name: N, source: C, extra: Extra<N, TemplateColumns<C>>): Table<N, TemplateColumns<C>> {
  return pgTable(name, { ...templateColumns(), ...source }, (t) => [uniqueIndex(`${name}_name_unique`).on(t.reseller_id, sql`lower(${t.name})`), ...extra(t)]);
}

const versionColumns = () => ({
  id: id(),
  number: integer('number').notNull(),
  changes: jsonb('changes').$type<TemplateChange[]>().notNull().default([]),
  published_by_id: userRef('published_by_id'),
  created_at: at('created_at').notNull().defaultNow(),
});
type VersionColumns<C> = ReturnType<typeof versionColumns> & C;

/** A published version: the source's content then (`owned`: its template and content columns), frozen once written. */
function versionTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(name: N, owned: C, extra: Extra<N, VersionColumns<C>>): Table<N, VersionColumns<C>> {
  return pgTable(name, { ...versionColumns(), ...owned }, extra);
}

/** An organization's record adopted from a template (`owned`: the template and the record): the version it holds, a later one it passed on. */
const adoptionColumns = () => ({
  version: integer('version').notNull(),
  skipped_version: integer('skipped_version'),
});
type AdoptionColumns<C> = C & ReturnType<typeof adoptionColumns>;
const adoptionTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(name: N, owned: C, extra: Extra<N, TenantColumns<AdoptionColumns<C>>>) =>
  tenantTable<N, AdoptionColumns<C>>(name, { ...owned, ...adoptionColumns() }, extra);

/** A reseller's inspection form template. */
export const formTemplates = templateTable(
  'form_templates',
  // SET NULL: the template and its versions outlive the form they were published from.
  { source_form_id: uuid('source_form_id').references((): AnyPgColumn => inspectionForms.id, { onDelete: 'set null' }) },
  (t) => [index('form_templates_source_idx').on(t.source_form_id)],
);

/** A published version: the source form's structure then (its parts' ids are the template's keys). */
export const formTemplateVersions = versionTable(
  'form_template_versions',
  { form_template_id: ownedBy('form_template_id', () => formTemplates.id), structure: jsonb('structure').$type<FormStructure>().notNull() },
  (t) => [uniqueIndex('form_template_versions_number_unique').on(t.form_template_id, t.number)],
);

/** An organization's form adopted from a template. */
export const formTemplateAdoptions = adoptionTable(
  'form_template_adoptions',
  { form_template_id: ownedBy('form_template_id', () => formTemplates.id), inspection_form_id: ownedBy('inspection_form_id', () => inspectionForms.id) },
  (t) => [uniqueIndex('form_template_adoptions_form_unique').on(t.inspection_form_id), index('form_template_adoptions_template_idx').on(t.form_template_id, t.organization_id)],
);

/** A reseller's canned job template, published from one of its organizations' canned jobs. */
export const cannedJobTemplates = templateTable(
  'canned_job_templates',
  // SET NULL: the template and its versions outlive the job they were published from.
  { source_canned_job_id: uuid('source_canned_job_id').references((): AnyPgColumn => cannedJobs.id, { onDelete: 'set null' }) },
  (t) => [index('canned_job_templates_source_idx').on(t.source_canned_job_id)],
);

/** A published version: the source job's content then (its lines without ids, its triggers by the form templates' keys). */
export const cannedJobTemplateVersions = versionTable(
  'canned_job_template_versions',
  { canned_job_template_id: ownedBy('canned_job_template_id', () => cannedJobTemplates.id), content: jsonb('content').$type<CannedJobContent>().notNull() },
  (t) => [uniqueIndex('canned_job_template_versions_number_unique').on(t.canned_job_template_id, t.number)],
);

/** An organization's canned job adopted from a template. */
export const cannedJobTemplateAdoptions = adoptionTable(
  'canned_job_template_adoptions',
  {
    canned_job_template_id: ownedBy('canned_job_template_id', () => cannedJobTemplates.id),
    canned_job_id: ownedBy('canned_job_id', () => cannedJobs.id),
  },
  (t) => [uniqueIndex('canned_job_template_adoptions_job_unique').on(t.canned_job_id), index('canned_job_template_adoptions_template_idx').on(t.canned_job_template_id, t.organization_id)],
);
