import { declarations, noteProblems, type FormNote } from '@atelier/domain';
import { isNull } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { duplicateAction } from './duplicate.ts';
import { inspectionFormSections, inspectionForms } from './inspection-forms.table.ts';
import { reorderAction } from './reorder.ts';
import { throwProblems } from './structure.ts';

/**
 * The notes' ranges may not overlap: a rule of the whole list, checked here on the list as the
 * form's document leaves it (each line's own rules are its resource's). Pointers go to the line.
 */
function checkNotes(_ctx: RequestContext, input: WriteInput) {
  const notes = input.children.notes;
  if (!notes) return;
  const lines = notes.items.map((i) => ({ ...i.existing, ...i.input.values }) as unknown as FormNote);
  throwProblems(noteProblems(lines), (p) => `${relationshipPointer('notes')}/data${p.replace(/^\/(\d+)\//, (_, i: string) => `/${notes.items[Number(i)].index}/attributes/`)}`);
}

/**
 * Inspection forms (spec §3, issue 10). Their sections, sub-sections and fields are records of
 * their own, written at their own routes (the editor saves one at a time) and ordered together by
 * POST /reorder; multipliers, notes and reminders are lines written inside the form's document.
 */
export const inspectionFormsResource = defineResource(declarations['inspection-forms'], {
  table: inspectionForms,
  permissions: 'inspection forms',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    sections: rel.hasMany('inspection_form_id', { order: 'order_number', where: () => isNull(inspectionFormSections.parent_id) }),
    multipliers: rel.ownsMany('inspection_form_id'),
    notes: rel.ownsMany('inspection_form_id'),
    reminders: rel.ownsMany('inspection_form_id', { order: 'order_number' }),
  },
  filters: {
    search: filter.search(['name', 'description']),
    tags: filter.overlaps('tag_ids', 'tags'),
    is_active: filter.boolean('is_active'),
  },
  hooks: { beforeWrite: checkNotes },
  actions: { reorder: reorderAction, duplicate: duplicateAction },
  notify: { label: (row: Row) => String(row.name ?? '') },
});
