import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { arrayOf, toUuidArray } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ActionDefinition, Row, RowOf } from '../../jsonapi/define-resource.ts';
import { ValidationErrors } from '../../jsonapi/errors.ts';
import { inspectionForms, inspectionFormSectionFields, inspectionFormSections } from './inspection-forms.table.ts';
import { fieldsOfForm, sectionsOfForm } from './structure.ts';
import { isObject } from '@atelier/domain';

// POST /inspection-forms/{id}/reorder: the editor's drag and drop. The body is the whole order of
// the form, in one document:
//   { "sections": [ { "id": "<section>", "subSections": [ { "id": "<sub-section>", "fields": ["<field>", …] }, … ] }, … ] }
// A sub-section listed under another section moves there, a field listed under another
// sub-section moves there; every section, sub-section and field of the form is listed once.
// Everything is written in the action's transaction, the form locked.


/** The new place of a row: its parent (a section's parent stays null) and its order. */
interface Place {
  id: string;
  parent: string | null;
  order: number;
}

/** Reads the wanted order; errors point into the body (/sections/1/subSections/0/fields/2). */
function readOrder(body: unknown, known: { sections: Set<string>; subSections: Set<string>; fields: Set<string> }) {
  const errors = new ValidationErrors();
  const places = { sections: [] as Place[], subSections: [] as Place[], fields: [] as Place[] };
  const seen = new Set<string>();
  /** The id at `pointer` if it names a record of the kind, once. */
  const take = (item: unknown, kind: Set<string>, pointer: string): string | null => {
    const id = typeof item === 'string' ? item : isObject(item) && typeof item.id === 'string' ? item.id : null;
    if (id === null) errors.add(pointer, 'inspection_form.reorder_invalid');
    else if (!kind.has(id)) errors.add(pointer, 'inspection_form.reorder_unknown', { id: id.slice(0, 100) });
    else if (seen.has(id)) errors.add(pointer, 'inspection_form.reorder_duplicate', { id });
    else {
      seen.add(id);
      return id;
    }
    return null;
  };
  const list = (v: unknown, pointer: string): unknown[] => {
    if (Array.isArray(v)) return v;
    errors.add(pointer, 'validation.array');
    return [];
  };
  const sections = list(isObject(body) ? body.sections : undefined, '/sections');
  sections.forEach((section, s) => {
    const sectionId = take(section, known.sections, `/sections/${s}`);
    if (sectionId) places.sections.push({ id: sectionId, parent: null, order: s });
    list(isObject(section) ? (section.subSections ?? []) : [], `/sections/${s}/subSections`).forEach((sub, b) => {
      const at = `/sections/${s}/subSections/${b}`;
      const subId = take(sub, known.subSections, at);
      if (subId && sectionId) places.subSections.push({ id: subId, parent: sectionId, order: b });
      list(isObject(sub) ? (sub.fields ?? []) : [], `${at}/fields`).forEach((field, k) => {
        const fieldId = take(field, known.fields, `${at}/fields/${k}`);
        if (fieldId && subId) places.fields.push({ id: fieldId, parent: subId, order: k });
      });
    });
  });
  const missing = [...known.sections, ...known.subSections, ...known.fields].filter((id) => !seen.has(id));
  if (missing.length && errors.empty) errors.add('/sections', 'inspection_form.reorder_missing', { count: missing.length });
  errors.throwIfAny();
  return places;
}

/** Writes the places that changed, in one statement per table (a section's parent stays as it is: none). */
async function move(db: RequestContext['db'], table: PgTable, parentColumn: string, places: Place[]) {
  if (!places.length) return;
  const parent = sql.identifier(parentColumn);
  // One array parameter per column, NULL where a place keeps its parent (ids come from the database).
  const parents = `{${places.map((p) => p.parent ?? 'NULL').join(',')}}`;
  // direct write: a form's reorder, one statement per table (bulk path; the reorder action logs it)
  await db.execute(sql`
    UPDATE ${table} SET ${parent} = coalesce(w.parent, ${table}.${parent}), order_number = w.n, updated_at = now()
    FROM unnest(${toUuidArray(places.map((p) => p.id))}, ${parents}::uuid[], ${arrayOf(places.map((p) => p.order), 'integer')}) AS w(id, parent, n)
    WHERE ${table}.id = w.id`);
}

/** Only the rows whose parent or order changes. */
const changed = <R extends { id: string; order_number: number }>(rows: R[], parentOf: (r: R) => string | null, places: Place[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return places.filter((p) => {
    const r = byId.get(p.id)!;
    return r.order_number !== p.order || (p.parent !== null && parentOf(r) !== p.parent);
  });
};

export const reorderAction: ActionDefinition<RowOf<typeof inspectionForms>> = {
  permission: 'edit inspection forms',
  contract: {
    summary: 'Orders the whole form at once (drag and drop): sections, sub-sections (possibly moved to another section) and fields (possibly moved to another sub-section)',
    body: {
      type: 'object',
      required: ['sections'],
      properties: {
        sections: {
          type: 'array',
          description: 'Every section of the form, in order, each with every sub-section it is to hold, each with every field it is to hold.',
          items: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'string' },
              subSections: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'string' }, fields: { type: 'array', items: { type: 'string', description: 'A field id.' } } },
                },
              },
            },
          },
        },
      },
    },
  },
  async handler(ctx, form, body) {
    const sections = await sectionsOfForm(ctx.db, form.id);
    const fields = await fieldsOfForm(ctx.db, form.id);
    const places = readOrder(body, {
      sections: new Set(sections.filter((s) => !s.parent_id).map((s) => s.id)),
      subSections: new Set(sections.filter((s) => s.parent_id).map((s) => s.id)),
      fields: new Set(fields.map((f) => f.id)),
    });
    const sectionMoves = changed(sections, (s) => s.parent_id, [...places.sections, ...places.subSections]);
    const fieldMoves = changed(fields, (f) => f.section_id, places.fields);
    await move(ctx.db, inspectionFormSections, 'parent_id', sectionMoves);
    await move(ctx.db, inspectionFormSectionFields, 'section_id', fieldMoves);
    if (!sectionMoves.length && !fieldMoves.length) return {};
    // direct write: the reordered form's updated_at (the reorder action logs it)
    const [row] = (await ctx.db.update(inspectionForms).set({ updated_at: sql`now()` }).where(sql`${inspectionForms.id} = ${form.id}`).returning()) as Row[];
    return { row, log: { moved: sectionMoves.length + fieldMoves.length } };
  },
};
