import { declarations } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import { newId } from '../../db/columns.ts';
import { copyName } from '../../i18n/index.ts';
import { writeLog } from '../../jsonapi/audit.ts';
import type { ActionDefinition, Row, RowOf } from '../../jsonapi/define-resource.ts';
import { changes } from '../../jsonapi/write.ts';
import {
  inspectionFormMultipliers,
  inspectionFormNotes,
  inspectionFormReminders,
  inspectionFormSectionFields,
  inspectionFormSections,
  inspectionForms,
} from './inspection-forms.table.ts';
import { fieldsOfForm, sectionsOfForm } from './structure.ts';

type FormRow = RowOf<typeof inspectionForms>;

const NAME_MAX = declarations['inspection-forms'].attributes.name.limits.max!;

/**
 * GET (or POST) /inspection-forms/{id}/duplicate: a deep copy of the form, answered with 201. The
 * copy's sections, sub-sections and fields are new records; its fields' conditions and copies
 * name the copied fields, never the original's; multipliers, notes and reminders are copied; the
 * copy has no version yet (no inspection was made from it).
 */
export const duplicateAction: ActionDefinition<FormRow> = {
  method: 'GET',
  permission: 'create inspection forms',
  contract: { summary: 'Copies the form with its sections, sub-sections, fields (conditions and copies re-pointed to the copies), multipliers, notes and reminders; answers the copy', status: 201 },
  async handler(ctx, form) {
    const source = form;
    const [copy] = (await ctx.db
      // direct write: a form's copy, written whole in a few statements (bulk path; the copy action logs it)
      .insert(inspectionForms)
      .values({
        organization_id: source.organization_id,
        name: copyName(ctx.locale, source.name, NAME_MAX),
        description: source.description,
        is_active: source.is_active,
        tag_ids: source.tag_ids,
        location_ids: source.location_ids,
      })
      .returning()) as FormRow[];
    const part = { organization_id: source.organization_id, inspection_form_id: copy.id };

    const sections = await sectionsOfForm(ctx.db, source.id);
    const fields = await fieldsOfForm(ctx.db, source.id);
    // New ids first, so that parents, conditions and copies can name them in the same statements.
    const ids = new Map([...sections, ...fields].map((r) => [r.id, newId()]));
    const mapped = (id: string | null) => (id === null ? null : (ids.get(id) ?? id));
    if (sections.length)
      // direct write: a form's copy (bulk path)
      await ctx.db.insert(inspectionFormSections).values(
        sections.map(({ id, created_at: _c, updated_at: _u, ...s }) => ({ ...s, ...part, id: ids.get(id)!, parent_id: mapped(s.parent_id) })),
      );
    if (fields.length)
      // direct write: a form's copy (bulk path)
      await ctx.db.insert(inspectionFormSectionFields).values(
        fields.map(({ id, created_at: _c, updated_at: _u, ...f }) => ({
          ...f,
          ...part,
          id: ids.get(id)!,
          section_id: mapped(f.section_id)!,
          copied_field_id: mapped(f.copied_field_id),
          conditions: f.conditions.map((c) => ({ ...c, field: mapped(c.field)! })),
        })),
      );
    const lines = [inspectionFormMultipliers, inspectionFormNotes, inspectionFormReminders] as const;
    for (const table of lines) {
      const rows = await ctx.db.select().from(table).where(eq(table.inspection_form_id, source.id)).orderBy(asc(table.id));
      // direct write: a form's copy (bulk path)
      if (rows.length) await ctx.db.insert(table).values(rows.map(({ id: _i, created_at: _c, updated_at: _u, ...r }) => ({ ...r, ...part })));
    }
    const def = ctx.registry.resource('inspection-forms');
    const created = changes(def, {}, copy);
    await writeLog(ctx, def, copy as Row, 'created', { ...created, attributes: { ...created.attributes, copied_from: source.id } });
    return { recordId: copy.id, status: 201, log: { copy_id: copy.id } };
  },
};
