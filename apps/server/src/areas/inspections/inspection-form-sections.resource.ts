import { declarations } from '@atelier/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Policy, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, badRequest, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { inspectionFormsResource } from './inspection-forms.resource.ts';
import { inspectionFormSections } from './inspection-forms.table.ts';
import { fieldsOfForm, lockForm, nextOrder, sectionById } from './structure.ts';
import { referencesFrom } from './references.ts';

type SectionRow = RowOf<typeof inspectionFormSections>;

/**
 * A new section or sub-section: its form is locked and gives the organization; a sub-section's
 * parent must be a top-level section of the same form (two levels, no more); it goes last among
 * its siblings unless it says its place.
 */
async function checkSection(ctx: RequestContext, input: WriteInput, existing: SectionRow | null) {
  const v = input.values;
  const formId = (existing?.inspection_form_id ?? v.inspection_form_id) as string;
  const form = await lockForm(ctx.db, formId);
  if (!form) return;
  v.organization_id = form.organization_id;
  if (existing) return;
  const errors = new ValidationErrors();
  const parentId = (v.parent_id as string | null | undefined) ?? null;
  if (parentId) {
    const parent = await sectionById(ctx.db, parentId);
    if (parent && parent.inspection_form_id !== formId) errors.add(relationshipPointer('parent'), 'inspection_form.parent_other_form');
    else if (parent?.parent_id) errors.add(relationshipPointer('parent'), 'inspection_form.parent_nested');
  }
  errors.throwIfAny();
  if (!input.present.has('order_number'))
    v.order_number = await nextOrder(
      ctx.db,
      inspectionFormSections,
      and(eq(inspectionFormSections.inspection_form_id, formId), parentId ? eq(inspectionFormSections.parent_id, parentId) : isNull(inspectionFormSections.parent_id))!,
    );
}

/**
 * A section goes with its sub-sections and their fields; not while a field elsewhere in the form
 * depends on one of them (a condition reads it, or it is copied): 409 naming those fields.
 */
const deletable: Policy<[row: SectionRow]> = {
  refuses: { 409: 'A field outside the section reads one of its fields in a condition or copies it (the message names them).' },
  async check(ctx, row) {
    const fields = await fieldsOfForm(ctx.db, row.inspection_form_id);
    const sub = await ctx.db
      .select({ id: inspectionFormSections.id })
      .from(inspectionFormSections)
      .where(sql`${inspectionFormSections.id} = ${row.id} OR ${inspectionFormSections.parent_id} = ${row.id}`);
    const inside = new Set(sub.map((s) => s.id));
    const going = new Set(fields.filter((f) => inside.has(f.section_id)).map((f) => f.id));
    const names = referencesFrom(fields, going);
    if (names.length) return conflictWith('inspection_form.section_referenced', { fields: names.join(', ') });
  },
};

/** Sections and sub-sections of inspection forms: seen by whoever sees the form, with its permissions. */
export const inspectionFormSectionsResource = defineResource(declarations['inspection-form-sections'], {
  table: inspectionFormSections,
  permissions: 'inspection forms',
  tenancy: tenancy.ownedBy(inspectionFormsResource, 'inspection_form_id', { organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    inspectionForm: rel.belongsTo('inspection_form_id'),
    parent: rel.belongsTo('parent_id'),
    subSections: rel.hasMany('parent_id', { order: 'order_number' }),
    fields: rel.hasMany('section_id', { order: 'order_number' }),
  },
  filters: {
    inspectionForm: filter.ids('inspection_form_id', 'inspectionForm'),
    parent: filter.ids('parent_id', 'parent'),
    /** true: the sections; false: the sub-sections. */
    top_level: filter.custom((value) => {
      if (!['true', 'false', '1', '0'].includes(value)) throw badRequest('error.invalid_filter_value', { filter: 'top_level' }, 'filter[top_level]');
      return value === 'true' || value === '1' ? isNull(inspectionFormSections.parent_id) : sql`${inspectionFormSections.parent_id} IS NOT NULL`;
    }),
    search: filter.search(['name']),
  },
  hooks: { beforeWrite: checkSection },
  policies: { delete: deletable },
  notify: { label: (row) => String(row.name ?? '') },
});
