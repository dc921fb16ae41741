import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ruleProblem, type TextRule } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import type { RelationshipValue } from '../../api/documents.ts';
import { withParams } from '../../lib/useFieldError.ts';
import { linesDocument, linesOf, linesSchema, type LineValues, type LinesConfig } from './lines.ts';
import type { RelationConfig } from './RelationSelect.tsx';

/**
 * The form model of RecordForm, without React: the fields, the values a record gives them, the
 * checks before sending and the document sent. Unit-tested in recordForm.test.ts.
 */

export type FormMode = 'view' | 'edit' | 'add';

export interface FieldDef<R = Model> {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** 'json': a structured value (a list of phones ...) kept as is; give it an `input`. */
  kind: 'text' | 'email' | 'password' | 'textarea' | 'switch' | 'select' | 'relation' | 'number' | 'money' | 'date' | 'datetime' | 'json' | 'lines';
  required?: boolean;
  /** The longest text the server takes: checked before sending, with the server's message. */
  max?: number;
  /** A format checked before sending with the rule and message of the server (packages/domain rules.ts). */
  format?: TextRule;
  /** The bounds of a number, offered by its input. */
  range?: { min?: number; max?: number };
  /** A number that takes decimals (a decimal attribute: a tax rate of 9.975); integers take none. */
  decimal?: boolean;
  /** Required while the other values say so (the names of an individual ...): marked and checked. */
  requiredWhen?: (values: Record<string, unknown>) => boolean;
  /** i18n key of a heading that opens a group of fields here (identity, contact, address ...). */
  section?: string;
  /** select: values with i18n keys (or raw labels). */
  options?: { value: string; label: string; raw?: boolean }[];
  relation?: RelationConfig;
  /** 'lines': a child collection edited inside the record (LineEditor), sent in its document. */
  lines?: LinesConfig;
  /** Shown only in these modes (default: all). */
  modes?: FormMode[];
  /** Not sent (computed by the server). */
  readOnly?: boolean;
  /** Given on create only: shown but not editable afterwards. */
  createOnly?: boolean;
  /** Custom display in view mode. */
  // A method, so that a field of one record type serves where any record's is taken (lines).
  view?(record: R): ReactNode;
  /** Full width in the grid. */
  wide?: boolean;
  /** Its column's width in a line table's row (px), when its kind's is not right (a clock beside the hours). */
  width?: number;
  /** Shown only while the other values allow it (company name of a company ...); hidden fields are not sent. */
  visible?: (values: Record<string, unknown>) => boolean;
  description?: string;
  /** A custom input for edit and add (the permission matrix ...). */
  input?: (p: { value: unknown; onChange: (v: unknown) => void; error?: string; label: string; required?: boolean; mode: FormMode; form: UseFormReturn<FieldValues> }) => ReactNode;
}

/** A field of any record type (the helpers below read no record through `view`). */
export type AnyField = FieldDef<never>;

/** The fields of a mode: those shown in it, a create-only field read only once created. */
/** Decimals a number field keeps: cents for money, four for a decimal attribute, none for an integer. */
export const fieldDecimals = (f: Pick<FieldDef, 'kind' | 'decimal'>) => (f.kind === 'money' ? 2 : f.decimal ? 4 : 0);

export function fieldsFor<F extends AnyField>(fields: F[], mode: FormMode): F[] {
  return fields.filter((f) => !f.modes || f.modes.includes(mode)).map((f) => (f.createOnly && mode === 'edit' ? { ...f, readOnly: true } : f));
}

const relId = (v: unknown): string | null => (v && typeof v === 'object' && 'id' in v ? String((v as Model).id) : v == null ? null : String(v));

/** Form values from a record. */
export function valuesOf(fields: AnyField[], record: Model | undefined, defaults: Record<string, unknown> = {}): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    const raw = record ? record[f.name] : defaults[f.name];
    if (f.kind === 'relation') {
      out[f.name] = f.relation?.many ? (Array.isArray(raw) ? raw.map((r) => relId(r)).filter(Boolean) : []) : relId(raw);
    } else if (f.kind === 'switch') out[f.name] = Boolean(raw);
    else if (f.kind === 'number' || f.kind === 'money') out[f.name] = raw === null || raw === undefined ? '' : Number(raw) / (f.kind === 'money' ? 100 : 1);
    else if (f.kind === 'password') out[f.name] = '';
    else if (f.kind === 'json') out[f.name] = raw ?? null;
    else if (f.kind === 'lines') out[f.name] = linesOf(f.lines!, raw);
    else out[f.name] = raw === null || raw === undefined ? '' : String(raw);
  }
  return out;
}

/** The zod schema of a form from its fields: messages are i18n keys. */
export function schemaOf(fields: AnyField[], mode: FormMode) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    let s: z.ZodType;
    switch (f.kind) {
      case 'switch':
        s = z.boolean();
        break;
      case 'json':
        s = z.any();
        break;
      case 'lines':
        s = linesSchema(f.lines!);
        break;
      case 'relation':
        s = f.relation?.many
          ? z.array(z.string()).refine((v) => !f.required || v.length > 0, 'validation:required')
          : z.string().nullable().refine((v) => !f.required || Boolean(v), 'validation:required');
        break;
      case 'number':
      case 'money':
        s = z.union([z.number(), z.literal('')]).refine((v) => !f.required || v !== '', 'validation:required');
        break;
      case 'password':
        s = z.string().refine((v) => !(f.required && mode === 'add') || v.length > 0, 'validation:required');
        break;
      default:
        s = z.string().refine((v) => !f.required || v.trim().length > 0, 'validation:required');
    }
    shape[f.name] = s;
  }
  // Rules that depend on the other values: a hidden field is not sent, so it is not checked.
  return z
    .object(shape)
    .passthrough()
    .superRefine((values, ctx) => {
      for (const f of fields) {
        if (f.readOnly || (f.visible && !f.visible(values))) continue;
        const raw = values[f.name];
        const v = typeof raw === 'string' ? raw.trim() : raw;
        const empty = v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
        if (empty) {
          if (!f.required && f.requiredWhen?.(values)) ctx.addIssue({ code: 'custom', path: [f.name], message: 'validation:required' });
          continue;
        }
        const problem = typeof v === 'string' ? textProblem(f, v) : rangeProblem(f, v);
        if (problem) ctx.addIssue({ code: 'custom', path: [f.name], message: problem });
      }
    });
}

/**
 * What the server would say of a text before it is sent (same rules, same messages): too long,
 * not an e-mail address, a phone number, a postal code or a VIN. Null when it is fine.
 */
export function textProblem(f: Pick<FieldDef, 'max' | 'format' | 'kind'>, v: string): string | null {
  if (f.max && [...v].length > f.max) return withParams('validation:max_length', { max: f.max });
  const rule = f.format ?? (f.kind === 'email' ? 'email' : undefined);
  const problem = rule ? ruleProblem(rule, v) : null;
  return problem ? `validation:${problem}` : null;
}

/**
 * What the server would say of a number out of its field's declared bounds (validation.min/max,
 * the same message), null when it is within them or empty. The form holds money in dollars, the
 * declaration in cents. The inputs do not clamp: what was typed stays, with this message.
 */
export function rangeProblem(f: Pick<FieldDef, 'kind' | 'range' | 'readOnly'>, v: unknown): string | null {
  if (f.readOnly || !f.range || (f.kind !== 'number' && f.kind !== 'money') || typeof v !== 'number') return null;
  const unit = f.kind === 'money' ? 100 : 1;
  const { min, max } = f.range;
  if (min !== undefined && v * unit < min) return withParams('validation:min', { min: min / unit });
  if (max !== undefined && v * unit > max) return withParams('validation:max', { max: max / unit });
  return null;
}

/** The JSON:API document of a save. */
export function documentOf(fields: AnyField[], values: FieldValues, mode: FormMode, dirty?: Record<string, unknown>) {
  const attributes: Record<string, unknown> = {};
  const relationships: Record<string, { type: string; value: RelationshipValue }> = {};
  for (const f of fields) {
    if (f.readOnly || (f.modes && !f.modes.includes(mode))) continue;
    // Lines go as the whole list (the server changes only what differs).
    if (mode === 'edit' && dirty && !dirty[f.name] && f.kind !== 'lines') continue;
    if (f.visible && !f.visible(values)) continue;
    const v = values[f.name];
    if (f.kind === 'lines' && f.lines) relationships[f.name] = { type: f.lines.type, value: linesDocument(f.lines, v as LineValues[]) };
    else if (f.kind === 'relation' && f.relation) {
      relationships[f.name] = { type: f.relation.type, value: f.relation.many ? (v as string[]) : ((v as string | null) || null) };
    } else if (f.kind === 'password') {
      if (v) attributes[f.name] = v;
    } else if (f.kind === 'number') attributes[f.name] = v === '' ? null : Number(v);
    else if (f.kind === 'money') attributes[f.name] = v === '' ? null : Math.round(Number(v) * 100);
    else if (f.kind === 'switch') attributes[f.name] = Boolean(v);
    else if (f.kind === 'json') attributes[f.name] = v;
    else attributes[f.name] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
  }
  return { attributes, relationships };
}

/** How many fields hold an error (the errors of a list's items count once per item field). */
export function countErrors(errors: Record<string, unknown> | undefined): number {
  let n = 0;
  for (const e of Object.values(errors ?? {})) {
    if (!e || typeof e !== 'object') continue;
    // A field's error ({ type, message, ref }) counts once; a list's errors are per item and field.
    const err = e as { type?: unknown; message?: unknown };
    if (typeof err.type === 'string' || typeof err.message === 'string') n++;
    else n += countErrors(e as Record<string, unknown>);
  }
  return n;
}

/** "Supprimer le client Jean Tremblay ?": the record named, with its kind when the type has a noun. */
export function deleteQuestion(t: (key: string, o?: Record<string, unknown>) => string, exists: (key: string) => boolean, type: string, name: string): string {
  const noun = `common:records.${type}`;
  if (!name) return t('common:form.delete_question_unnamed');
  return exists(noun) ? t('common:form.delete_question', { what: t(noun), name }) : t('common:form.delete_question_plain', { name });
}

/** Fields grouped under their section headings (a field with `section` opens a group). */
export function sectionsOf<F extends Pick<FieldDef, 'section'>>(fields: F[]): { title?: string; fields: F[] }[] {
  const out: { title?: string; fields: F[] }[] = [];
  for (const f of fields) {
    if (f.section || out.length === 0) out.push({ title: f.section, fields: [] });
    out[out.length - 1].fields.push(f);
  }
  return out;
}
