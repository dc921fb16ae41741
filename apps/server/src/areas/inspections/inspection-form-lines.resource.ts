import { declarations, multiplierProblems, noteProblems, type FormMultiplier, type FormNote } from '@atelier/domain';
import { and, eq, ne } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { inspectionFormsResource } from './inspection-forms.resource.ts';
import { inspectionFormMultipliers, inspectionFormNotes, inspectionFormReminders } from './inspection-forms.table.ts';
import { throwProblems } from './structure.ts';

// The lines of an inspection form: multipliers, notes (verdicts by score) and reminders. Written
// inside the form's document (its multipliers, notes, reminders) or at their own routes; seen by
// whoever sees the form, with its permissions, its organization stamped from it.

const owned = () => tenancy.ownedBy(inspectionFormsResource, 'inspection_form_id', { organization: true });
const lineRelationships = { organization: rel.belongsTo('organization_id'), inspectionForm: rel.belongsTo('inspection_form_id') };
/** One line's problem (pointer /0/value) on the line's own attribute. */
const onLine = (p: string) => attributePointer(p.replace(/^\/\d+\//, ''));

/** A multiplier comparing greater or less needs a number to compare with. */
function checkMultiplier(_ctx: RequestContext, input: WriteInput, existing: RowOf<typeof inspectionFormMultipliers> | null) {
  throwProblems(multiplierProblems([{ ...existing, ...input.values } as FormMultiplier]), onLine);
}

/**
 * A note's range may not overlap another note's of the form. In the form's document the form
 * checks the whole list (inspection-forms.resource.ts); at the note's own route, against the
 * form's other notes, the form being locked by the engine.
 */
async function checkNote(ctx: RequestContext, input: WriteInput, existing: RowOf<typeof inspectionFormNotes> | null) {
  if (input.parent) return;
  const note = { ...existing, ...input.values } as FormNote & { inspection_form_id: string };
  const others = await ctx.db
    .select()
    .from(inspectionFormNotes)
    .where(and(eq(inspectionFormNotes.inspection_form_id, note.inspection_form_id), existing ? ne(inspectionFormNotes.id, existing.id) : undefined));
  const mine = `/${others.length}/`;
  throwProblems(
    noteProblems([...others, note]).filter((p) => p.pointer.startsWith(mine)),
    onLine,
  );
}

export const inspectionFormMultipliersResource = defineResource(declarations['inspection-form-multipliers'], {
  table: inspectionFormMultipliers,
  permissions: 'inspection forms',
  tenancy: owned(),
  relationships: lineRelationships,
  filters: { inspectionForm: filter.ids('inspection_form_id', 'inspectionForm'), type: filter.in('type') },
  hooks: { beforeWrite: checkMultiplier },
  notify: { label: (row) => `${row.field} ${row.operation} ${row.value}` },
});

export const inspectionFormNotesResource = defineResource(declarations['inspection-form-notes'], {
  table: inspectionFormNotes,
  permissions: 'inspection forms',
  tenancy: owned(),
  relationships: lineRelationships,
  filters: { inspectionForm: filter.ids('inspection_form_id', 'inspectionForm') },
  hooks: { beforeWrite: checkNote },
  notify: { label: (row) => String(row.text ?? '') },
});

export const inspectionFormRemindersResource = defineResource(declarations['inspection-form-reminders'], {
  table: inspectionFormReminders,
  permissions: 'inspection forms',
  tenancy: owned(),
  relationships: lineRelationships,
  filters: { inspectionForm: filter.ids('inspection_form_id', 'inspectionForm'), search: filter.search(['text']) },
  notify: { label: (row) => String(row.text ?? '') },
});
