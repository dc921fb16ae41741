import { CONDITION_OPERATORS, MAX_OPTION_LENGTH, declarations, fieldProblems, formProblems, requiredByDefault, type FormField, isObject } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { NestedError, ParseResult } from '../../jsonapi/attributes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Policy, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { inspectionFormsResource } from './inspection-forms.resource.ts';
import { inspectionFormSectionFields } from './inspection-forms.table.ts';
import { referencesFrom } from './references.ts';
import { addProblems, asFormField, fieldsOfForm, lockForm, nextOrder, sectionById, type FieldRow } from './structure.ts';

type Row = RowOf<typeof inspectionFormSectionFields>;

/** The most options and conditions a field takes (a form is for people, not a data dump). */
const MAX_OPTIONS = 50;
const MAX_CONDITIONS = 20;


/**
 * A list of objects with exactly the given members, each read by its own parser; errors point at
 * the item and member (points_threshold/2/points). What the values mean is the domain's rules' to say.
 */
const listOf =
  (max: number, members: Record<string, (v: unknown) => ParseResult>) =>
  (value: unknown): ParseResult => {
    if (!Array.isArray(value)) return { ok: false, code: 'validation.array' };
    if (value.length > max) return { ok: false, code: 'validation.max_items', params: { max } };
    const nested: NestedError[] = [];
    const items = value.map((item, i) => {
      if (!isObject(item)) {
        nested.push({ path: `/${i}`, code: 'validation.object' });
        return null;
      }
      for (const key of Object.keys(item))
        if (!Object.hasOwn(members, key)) nested.push({ path: `/${i}/${key}`, code: 'validation.unknown_attribute', params: { name: key.slice(0, 100) } });
      const out: Record<string, unknown> = {};
      for (const [key, parse] of Object.entries(members)) {
        const r = parse(item[key]);
        if (r.ok) {
          // A member left empty is not stored (an option without an English label has no option_en).
          if (r.value !== undefined) out[key] = r.value;
        }
        else nested.push({ path: `/${i}/${key}`, code: r.code, params: r.params });
      }
      return out;
    });
    return nested.length ? { ok: false, code: nested[0].code, nested } : { ok: true, value: items };
  };

const text =
  (maxLength: number) =>
  (v: unknown): ParseResult =>
    typeof v === 'number' && Number.isFinite(v)
      ? { ok: true, value: String(v) }
      : typeof v !== 'string'
        ? { ok: false, code: v === undefined || v === null ? 'validation.required' : 'validation.string' }
        : [...v].length > maxLength
          ? { ok: false, code: 'validation.max_length', params: { max: maxLength } }
          : { ok: true, value: v.trim() };
const number = (v: unknown): ParseResult => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : NaN;
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, code: v === undefined || v === null ? 'validation.required' : 'validation.numeric' };
};

/** An optional label: empty or left out is none (not stored). */
const optionalText =
  (maxLength: number) =>
  (v: unknown): ParseResult => {
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return { ok: true, value: undefined };
    return text(maxLength)(v);
  };
/** An optional flag: left out or null is none (not stored: the default rule). */
const optionalFlag = (v: unknown): ParseResult =>
  v === undefined || v === null ? { ok: true, value: undefined } : typeof v === 'boolean' ? { ok: true, value: v } : { ok: false, code: 'validation.boolean' };
const parsePoints = listOf(MAX_OPTIONS, { option: text(MAX_OPTION_LENGTH), points: number, option_en: optionalText(MAX_OPTION_LENGTH), failing: optionalFlag });
const parseConditions = listOf(MAX_CONDITIONS, { field: text(36), operator: text(20), value: text(255) });

/** A new field has no id yet: no condition or copy of the form can name it. */
const NEW_FIELD = 'new';

/**
 * A field's section must be a sub-section (of the same form, once the field exists); the form is
 * locked and gives the organization; the domain's rules check the options by type, the
 * conditions (another field of the form, no cycle) and the copy (another field of the form).
 */
async function checkField(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const v = input.values;
  const errors = new ValidationErrors();
  const sectionId = (v.section_id ?? existing?.section_id) as string;
  const section = await sectionById(ctx.db, sectionId);
  if (!section) return;
  if (!section.parent_id) errors.add(relationshipPointer('section'), 'inspection_form.field_section_not_sub');
  else if (existing && section.inspection_form_id !== existing.inspection_form_id) errors.add(relationshipPointer('section'), 'inspection_form.field_section_other_form');
  errors.throwIfAny();
  const formId = section.inspection_form_id;
  const form = (await lockForm(ctx.db, formId))!;
  v.inspection_form_id = formId;
  v.organization_id = form.organization_id;
  if (!input.present.has('order_number') && (!existing || existing.section_id !== sectionId))
    v.order_number = await nextOrder(ctx.db, inspectionFormSectionFields, eq(inspectionFormSectionFields.section_id, sectionId));
  // A new free text is optional unless the request says otherwise (requiredByDefault).
  if (!existing && !input.present.has('required')) v.required = requiredByDefault(String(v.field_type));
  // A field that is not a copy copies nothing.
  if (!(v.is_copy ?? existing?.is_copy)) v.copied_field_id = null;

  const all = await fieldsOfForm(ctx.db, formId);
  const id = existing?.id ?? NEW_FIELD;
  const others = all.filter((f) => f.id !== id).map(asFormField);
  const field: FormField = asFormField({ ...(existing ?? {}), ...v, id } as FieldRow);
  const problems = fieldProblems(field, new Set(all.map((f) => f.id)));
  // A cycle is a property of the whole form: its fields with this one as it will be.
  const at = `/sections/0/subSections/0/fields/${others.length}`;
  for (const p of formProblems({ sections: [{ id: '', subSections: [{ id: '', fields: [...others, field] }] }] }))
    if (p.code === 'condition_cycle' && p.pointer.startsWith(`${at}/`)) problems.push({ ...p, pointer: p.pointer.slice(at.length) });
  addProblems(errors, declarations['inspection-form-section-fields'], problems);
  errors.throwIfAny();
}

/** Not while another field depends on it (a condition reads it, or it is copied): 409 naming them. */
const deletable: Policy<[row: Row]> = {
  refuses: { 409: 'Another field reads this one in a condition or copies it (the message names them).' },
  async check(ctx, row) {
    const names = referencesFrom(await fieldsOfForm(ctx.db, row.inspection_form_id), new Set([row.id]));
    if (names.length) return conflictWith('inspection_form.field_referenced', { fields: names.join(', ') });
  },
};

/** The fields of sub-sections: seen by whoever sees the form, with its permissions. */
export const inspectionFormSectionFieldsResource = defineResource(declarations['inspection-form-section-fields'], {
  table: inspectionFormSectionFields,
  permissions: 'inspection forms',
  tenancy: tenancy.ownedBy(inspectionFormsResource, 'inspection_form_id', { organization: true }),
  attributes: {
    points_threshold: (a) =>
      a.parsedBy(parsePoints).describedAs({
        type: 'array',
        maxItems: MAX_OPTIONS,
        description: 'The options and their points: "yes"/"no" (CHECK), "min-max" ranges (NUMBER, RANGE_SLIDER), the four states (widgets), names (SELECT).',
        items: {
          type: 'object',
          properties: {
            option: { type: 'string', maxLength: MAX_OPTION_LENGTH, description: 'The stored value, and the French label' },
            points: { type: 'number' },
            option_en: { type: ['string', 'null'], maxLength: MAX_OPTION_LENGTH, description: 'The English label; the French one when empty' },
            failing: {
              type: ['boolean', 'null'],
              description:
                'Whether an answer picking it is a finding: true, false, or null/left out for the default rule (a widget "to_replace" or "bad", another option worth less than half the best points)',
            },
          },
          required: ['option', 'points'],
          additionalProperties: false,
        },
      }),
    conditions: (a) =>
      a.parsedBy(parseConditions).describedAs({
        type: 'array',
        maxItems: MAX_CONDITIONS,
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, operator: { enum: [...CONDITION_OPERATORS] }, value: { type: 'string' } },
          required: ['field', 'operator', 'value'],
          additionalProperties: false,
        },
      }),
  },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    section: rel.belongsTo('section_id'),
    inspectionForm: rel.belongsTo('inspection_form_id'),
    copiedField: rel.belongsTo('copied_field_id'),
  },
  filters: {
    section: filter.ids('section_id', 'section'),
    inspectionForm: filter.ids('inspection_form_id', 'inspectionForm'),
    field_type: filter.in('field_type'),
    search: filter.search(['name']),
  },
  hooks: { beforeWrite: checkField },
  policies: { delete: deletable },
  notify: { label: (row) => String(row.name ?? '') },
});
