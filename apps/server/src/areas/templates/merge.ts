import { TEMPLATE_LISTS, templateParts, type TemplateChange, type TemplateListLevel } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import type { Db } from '../../db/client.ts';
import { inspectionFormMultipliers, inspectionFormNotes, inspectionFormReminders, inspectionFormSectionFields, inspectionFormSections } from '../inspections/inspection-forms.table.ts';
import { fieldsOfForm, sectionsOfForm } from '../inspections/structure.ts';
import { fieldColumns, formStructure, type FormStructure, type FrozenField, type FrozenSection, type FrozenSubSection } from '../inspections/versions.ts';

// A template version written into an organization's form (areas/templates): a whole version when
// the form is adopted, the changes the domain's plan takes when it is updated (planTemplateUpdate).
// The form's parts carry the template's keys (template_key), so the next update finds them.

type Part = { level: 'section'; node: FrozenSection } | { level: 'sub-section'; node: FrozenSubSection; parent: string } | { level: 'field'; node: FrozenField; parent: string };

/** Every part of a structure by key, with its parent's key: the domain's templateParts, whose nodes are the structure's own (FormStructure's). */
const partsOf = (structure: FormStructure) => templateParts(structure) as unknown as Map<string, Part>;

/**
 * The form's live structure named by the template's keys: a part adopted from the template by its
 * key, one of the organization's own by its id; the fields its conditions read and copy likewise.
 */
export async function keyedStructure(ctx: RequestContext, formId: string): Promise<{ structure: FormStructure; idOf: Map<string, string> }> {
  // Read once: the keys from the rows, the structure from the same rows.
  const read = { sections: await sectionsOfForm(ctx.db, formId), fields: await fieldsOfForm(ctx.db, formId) };
  const rows = [...read.sections, ...read.fields];
  const keyOf = new Map(rows.map((r) => [r.id, r.template_key ?? r.id]));
  const idOf = new Map(rows.map((r) => [r.template_key ?? r.id, r.id]));
  const key = (id: string | null) => (id === null ? null : (keyOf.get(id) ?? id));
  const live = await formStructure(ctx.db, formId, read);
  const structure: FormStructure = {
    ...live,
    sections: live.sections.map((s) => ({
      ...s,
      id: key(s.id)!,
      subSections: s.subSections.map((sub) => ({
        ...sub,
        id: key(sub.id)!,
        fields: sub.fields.map((f) => ({ ...f, id: key(f.id)!, copiedField: key(f.copiedField), conditions: f.conditions.map((c) => ({ ...c, field: key(c.field)! })) })),
      })),
    })),
  };
  return { structure, idOf };
}

const sectionValues = (s: FrozenSection | FrozenSubSection) => ({
  name: s.name,
  name_en: s.name_en,
  factor: s.factor,
  order_number: s.order_number,
  ...('icon' in s ? { icon: s.icon } : {}),
});

/** A frozen field's row values, the fields it names (its copy's, its conditions') by `id`. */
const fieldValues = (f: FrozenField, id: (key: string) => string) => ({
  ...fieldColumns(f),
  points_threshold: f.points_threshold,
  safety_critical: f.safety_critical === true,
  copied_field_id: f.copiedField === null ? null : id(f.copiedField),
  conditions: f.conditions.map((c) => ({ ...c, field: id(c.field) })),
});

const LIST_TABLES = { multipliers: inspectionFormMultipliers, notes: inspectionFormNotes, reminders: inspectionFormReminders } as const;
const LIST_TYPES = { multipliers: 'inspection-form-multipliers', notes: 'inspection-form-notes', reminders: 'inspection-form-reminders' } as const;

interface NewParts {
  sections: Record<string, unknown>[];
  subSections: Record<string, unknown>[];
  fields: Record<string, unknown>[];
}

/**
 * The rows of the parts `keys` of `next` (with what is inside them) for the form `own` names: new
 * ids first, set in `ids` by key, since a field's conditions and copy may name another new field.
 */
function newParts(next: FormStructure, keys: readonly string[], own: { organization_id: string; inspection_form_id: string }, ids: Map<string, string>): NewParts {
  const parts = partsOf(next);
  const out: NewParts = { sections: [], subSections: [], fields: [] };
  const placed: { key: string; node: FrozenField; parent: string }[] = [];
  const add = (key: string) => {
    const part = parts.get(key)!;
    ids.set(key, newId());
    if (part.level === 'section') {
      out.sections.push({ ...own, ...sectionValues(part.node), id: ids.get(key), parent_id: null, template_key: key });
      part.node.subSections.forEach((s) => add(s.id));
    } else if (part.level === 'sub-section') {
      out.subSections.push({ ...own, ...sectionValues(part.node), id: ids.get(key), parent_id: part.parent, template_key: key });
      part.node.fields.forEach((f) => add(f.id));
    } else placed.push({ key, node: part.node, parent: part.parent });
  };
  keys.forEach(add);
  const idFor = (key: string) => ids.get(key) ?? key;
  out.subSections = out.subSections.map((s) => ({ ...s, parent_id: idFor(s.parent_id as string) }));
  out.fields = placed.map((f) => ({ ...own, ...fieldValues(f.node, idFor), id: ids.get(f.key), section_id: idFor(f.parent), template_key: f.key }));
  return out;
}

/** A list's lines as the form's rows (a reminder's template id aside). */
const listRows = (next: FormStructure, level: TemplateListLevel, own: { organization_id: string; inspection_form_id: string }) =>
  (next[level] as Record<string, unknown>[]).map(({ id: _template, ...line }) => ({ ...own, ...line }));

/**
 * A whole version written into a new, empty form (an adoption): a bulk copy, as duplicating a form
 * is, logged by the adopt action. Its parts keep the template's keys.
 */
export async function copyVersion(db: Db, form: { id: string; organization_id: string }, structure: FormStructure) {
  const own = { organization_id: form.organization_id, inspection_form_id: form.id };
  const rows = newParts(structure, structure.sections.map((s) => s.id), own, new Map());
  // direct write: an adopted version's copy (bulk path, as a form's duplicate)
  for (const list of [rows.sections, rows.subSections]) if (list.length) await db.insert(inspectionFormSections).values(list as (typeof inspectionFormSections.$inferInsert)[]);
  // direct write: an adopted version's copy (bulk path)
  if (rows.fields.length) await db.insert(inspectionFormSectionFields).values(rows.fields as (typeof inspectionFormSectionFields.$inferInsert)[]);
  for (const level of TEMPLATE_LISTS) {
    const lines = listRows(structure, level, own);
    // direct write: an adopted version's copy (bulk path)
    if (lines.length) await db.insert(LIST_TABLES[level]).values(lines as never[]);
  }
}

/**
 * Writes the changes of `next` into an adopted form: parts added (with what is inside them),
 * changed and removed, lists replaced, each through the engine's write path (logged, caused by the
 * template). `idOf` names the form's parts by key (keyedStructure); `changes` are the plan's.
 */
export async function applyChanges(
  ctx: RequestContext,
  form: { id: string; organization_id: string },
  next: FormStructure,
  changes: readonly TemplateChange[],
  idOf: Map<string, string>,
  cause: { type: string; id: string },
) {
  const parts = partsOf(next);
  const ids = new Map(idOf);
  const own = { organization_id: form.organization_id, inspection_form_id: form.id };
  const opts = { cause };
  const added = newParts(next, changes.filter((c) => c.kind === 'added').map((c) => c.key), own, ids);
  const idFor = (key: string) => ids.get(key) ?? key;
  await records(ctx, 'inspection-form-sections').create(added.sections, opts);
  await records(ctx, 'inspection-form-sections').create(added.subSections, opts);
  await records(ctx, 'inspection-form-section-fields').create(added.fields, opts);

  // The changed parts: one locked read and one log per table, each row its own values.
  const fieldValuesById = new Map<string, Record<string, unknown>>();
  const sectionValuesById = new Map<string, Record<string, unknown>>();
  for (const c of changes) {
    if (c.kind !== 'changed' || TEMPLATE_LISTS.includes(c.level as TemplateListLevel)) continue;
    const part = parts.get(c.key)!;
    const id = ids.get(c.key)!;
    if (part.level === 'field') fieldValuesById.set(id, { ...fieldValues(part.node, idFor), section_id: idFor(part.parent) });
    else sectionValuesById.set(id, { ...sectionValues(part.node), ...(part.level === 'sub-section' ? { parent_id: idFor(part.parent) } : {}) });
  }
  await records(ctx, 'inspection-form-section-fields').update([...fieldValuesById.keys()], (row) => fieldValuesById.get(String(row.id))!, opts);
  await records(ctx, 'inspection-form-sections').update([...sectionValuesById.keys()], (row) => sectionValuesById.get(String(row.id))!, opts);
  // Fields first: a removed sub-section's fields go with it, and a field is gone before its section.
  const removed = changes.filter((c) => c.kind === 'removed');
  await records(ctx, 'inspection-form-section-fields').delete(removed.filter((c) => c.level === 'field').map((c) => ids.get(c.key)!), opts);
  await records(ctx, 'inspection-form-sections').delete(removed.filter((c) => c.level !== 'field').map((c) => ids.get(c.key)!), opts);

  for (const level of TEMPLATE_LISTS) {
    if (!changes.some((c) => c.level === level)) continue;
    const table = LIST_TABLES[level];
    const old = await ctx.db.select({ id: table.id }).from(table).where(eq(table.inspection_form_id, form.id));
    await records(ctx, LIST_TYPES[level]).delete(old.map((r) => r.id), opts);
    await records(ctx, LIST_TYPES[level]).create(listRows(next, level, own), opts);
  }
}
