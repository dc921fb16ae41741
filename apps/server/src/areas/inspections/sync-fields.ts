import multipart from '@fastify/multipart';
import { diffStructure, LOCALES, parseSyncRows, SYNC_COLUMN_HEADERS, syncTemplate, type FieldType, type Locale, type SyncCurrentForm, type SyncPlan, type SyncRefusal, type SyncResult } from '@atelier/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../../db/columns.ts';
import { hasMessage, t } from '../../i18n/index.ts';
import { writeLog } from '../../jsonapi/audit.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { describeRoute } from '../../jsonapi/openapi.ts';
import { authorize, enforceEdit } from '../../jsonapi/policies.ts';
import { inTransaction, type RouteRegistrar } from '../../jsonapi/router.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { parseImportFile, readForm } from '../imports/file.ts';
import { unpack } from '../imports/packed.ts';
import { inspectionFormsResource } from './inspection-forms.resource.ts';
import { inspectionFormSectionFields, inspectionFormSections, inspectionForms } from './inspection-forms.table.ts';
import { fieldsOfForm, sectionsOfForm } from './structure.ts';
import { fieldColumns } from './versions.ts';
import { sendTable } from '../../reports/table-file.ts';

// Sync of a form's sections, sub-sections and fields from a spreadsheet (issue 10, spec §7;
// docs/inspection-form-sync.md). The file is read as imports read theirs (same limits and
// messages), compared with the form by the domain (diffStructure), and answered as raw JSON: the
// dry run writes nothing; the run writes exactly what the dry run answers, in one transaction, or
// nothing at all (422) when a line is refused. The template is the form itself as a file.

type Db = RequestContext['db'];
const JSON_TYPE = 'application/json';

/** The form's structure as the domain compares it. */
async function currentForm(db: Db, formId: string): Promise<SyncCurrentForm> {
  const sections = await sectionsOfForm(db, formId);
  const fields = await fieldsOfForm(db, formId);
  const fieldsOf = (subId: string) =>
    fields
      .filter((f) => f.section_id === subId)
      .map((f) => ({ id: f.id, ...fieldColumns(f), points_threshold: f.points_threshold, safety_critical: f.safety_critical, conditions: f.conditions, copiedField: f.copied_field_id }));
  return {
    sections: sections
      .filter((s) => !s.parent_id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        name_en: s.name_en,
        icon: s.icon,
        factor: s.factor,
        order_number: s.order_number,
        subSections: sections
          .filter((sub) => sub.parent_id === s.id)
          .map((sub) => ({ id: sub.id, name: sub.name, name_en: sub.name_en, factor: sub.factor, order_number: sub.order_number, fields: fieldsOf(sub.id) })),
      })),
  };
}

/** A refusal's reason in the request's language; a column's key named by its header in that language. */
function translate(locale: Locale, r: SyncRefusal): string {
  const params = { ...r.params };
  if (r.column && params.column === undefined) params.column = SYNC_COLUMN_HEADERS[r.column][locale][0];
  return hasMessage(r.code) ? t(locale, r.code, params) : r.code;
}

/** The answer without the plan, each refusal with its message. */
const answer = (locale: Locale, result: SyncResult): SyncResult => ({
  added: result.added,
  changed: result.changed,
  removed: result.removed,
  refused: result.refused.map((r) => ({ ...r, message: translate(locale, r) })),
  counts: result.counts,
});

/** Writes the plan: removals, then sections, sub-sections and fields (new ones with ids made first, so conditions can name them). */
async function apply(db: Db, form: Row, plan: SyncPlan) {
  const part = { organization_id: form.organization_id as string, inspection_form_id: form.id as string };
  const fieldIds = new Map<string, string>();
  for (const s of plan.sections) for (const sub of s.subSections) for (const f of sub.fields) fieldIds.set(f.key, f.id ?? newId());

  // Fields first: a removed field copied by another removed one goes in the same statement.
  // direct write: a form's spreadsheet sync (bulk path; the sync action logs it)
  if (plan.removed.fields.length) await db.delete(inspectionFormSectionFields).where(inArray(inspectionFormSectionFields.id, plan.removed.fields));
  const removedSections = [...plan.removed.subSections, ...plan.removed.sections];
  // direct write: a form's spreadsheet sync (bulk path)
  if (removedSections.length) await db.delete(inspectionFormSections).where(inArray(inspectionFormSections.id, removedSections));

  const only = <T extends Record<string, unknown>>(values: T, attributes: string[]) => Object.fromEntries(Object.entries(values).filter(([k]) => attributes.includes(k)));
  const newSections: (typeof inspectionFormSections.$inferInsert)[] = [];
  const newFields: (typeof inspectionFormSectionFields.$inferInsert)[] = [];
  for (const s of plan.sections) {
    const sectionValues = { name: s.values.name, name_en: s.values.name_en, icon: s.values.icon, factor: String(s.values.factor), order_number: s.values.order_number };
    const sectionId = s.id ?? newId();
    if (!s.id) newSections.push({ ...part, id: sectionId, parent_id: null, ...sectionValues });
    // direct write: a form's spreadsheet sync (bulk path)
    else if (s.changed.length) await db.update(inspectionFormSections).set({ ...only(sectionValues, s.changed), updated_at: sql`now()` }).where(eq(inspectionFormSections.id, s.id));
    for (const sub of s.subSections) {
      const subValues = { name: sub.values.name, name_en: sub.values.name_en, factor: String(sub.values.factor), order_number: sub.values.order_number };
      const subId = sub.id ?? newId();
      if (!sub.id) newSections.push({ ...part, id: subId, parent_id: sectionId, ...subValues });
      // direct write: a form's spreadsheet sync (bulk path)
      else if (sub.changed.length) await db.update(inspectionFormSections).set({ ...only(subValues, sub.changed), updated_at: sql`now()` }).where(eq(inspectionFormSections.id, sub.id));
      for (const f of sub.fields) {
        const v = f.values;
        const values = {
          ...v,
          field_type: v.field_type as FieldType,
          coefficient: String(v.coefficient),
          conditions: v.conditions.map((c) => ({ field: fieldIds.get(c.field) ?? c.field, operator: c.operator, value: c.value })),
        };
        if (!f.id) newFields.push({ ...part, id: fieldIds.get(f.key)!, section_id: subId, ...values });
        // direct write: a form's spreadsheet sync (bulk path)
        else if (f.changed.length) await db.update(inspectionFormSectionFields).set({ ...only(values, f.changed), updated_at: sql`now()` }).where(eq(inspectionFormSectionFields.id, f.id));
      }
    }
  }
  // Sections before their sub-sections (the list is in that order), sub-sections before their fields.
  // direct write: a form's spreadsheet sync (bulk path)
  if (newSections.length) await db.insert(inspectionFormSections).values(newSections);
  // direct write: a form's spreadsheet sync (bulk path)
  if (newFields.length) await db.insert(inspectionFormSectionFields).values(newFields);
}

async function sync(contextOf: (r: FastifyRequest) => RequestContext, request: FastifyRequest, reply: FastifyReply, run: boolean) {
  const ctx = contextOf(request);
  authorize(ctx, inspectionFormsResource, 'edit');
  const id = (request.params as { id: string }).id;
  // The form first: another organization's is a 404 whatever the file.
  await enforceEdit(ctx, inspectionFormsResource, await findRow(ctx, inspectionFormsResource, id));
  const { file } = await readForm(request, ctx);
  if (!file) throw new ApiError(422, 'import.file_missing', undefined, { parameter: 'file' });
  const parsed = await parseImportFile(file.buffer);
  const desired = parseSyncRows(parsed.columns, unpack(parsed));

  const result = await inTransaction(ctx, async (tx) => {
    // Locked for the run: the form is compared and written as one, after any other writer of it.
    const form = await findRow(tx, inspectionFormsResource, id, { lock: run });
    await enforceEdit(tx, inspectionFormsResource, form);
    const diff = diffStructure(await currentForm(tx.db, id), desired);
    const { added, changed, removed } = diff.counts;
    if (!run || diff.refused.length || added + changed + removed === 0) return diff;
    await apply(tx.db, form, diff.plan);
    // direct write: the synced form's updated_at (the sync action logs it)
    const [row] = (await tx.db.update(inspectionForms).set({ updated_at: sql`now()` }).where(eq(inspectionForms.id, id)).returning()) as Row[];
    await writeLog(tx, inspectionFormsResource, row, 'sync_fields', { attributes: { file: file.name, added, changed, removed } });
    return diff;
  });
  if (run && result.refused.length) {
    // Nothing was written: every refused line as a JSON:API error, its line and column in the detail.
    return reply
      .code(422)
      .type('application/vnd.api+json')
      .send({
        errors: result.refused.map((r) => ({
          status: '422',
          code: r.code,
          title: t(ctx.locale, 'title.422'),
          detail: t(ctx.locale, r.column ? 'sync.line_error' : 'sync.line_error_file', {
            line: r.line,
            column: r.column ? SYNC_COLUMN_HEADERS[r.column][ctx.locale][0] : '',
            message: translate(ctx.locale, r),
          }),
          source: { parameter: 'file' },
        })),
      });
  }
  return reply.type(JSON_TYPE).send(answer(ctx.locale, result));
}

/** The form as a file to edit and send back: XLSX (default) or CSV, headers and words in a language. */
async function template(contextOf: (r: FastifyRequest) => RequestContext, request: FastifyRequest, reply: FastifyReply) {
  const ctx = contextOf(request);
  authorize(ctx, inspectionFormsResource, 'view');
  const query = request.query as Record<string, string | undefined>;
  const format = query.format ?? 'xlsx';
  if (format !== 'xlsx' && format !== 'csv') throw new ApiError(400, 'sync.invalid_parameter', { name: 'format', values: 'xlsx, csv' }, { parameter: 'format' });
  const locale = (query.locale ?? ctx.locale) as Locale;
  if (!(LOCALES as readonly string[]).includes(locale)) throw new ApiError(400, 'sync.invalid_parameter', { name: 'locale', values: LOCALES.join(', ') }, { parameter: 'locale' });
  const form = await findRow(ctx, inspectionFormsResource, (request.params as { id: string }).id);
  const { columns, rows } = syncTemplate(await currentForm(ctx.db, form.id), locale);
  return sendTable(reply, { format, locale, name: `${form.name} - ${t(locale, 'sync.file_suffix')}.${format}`, sheet: t(locale, 'sync.sheet_name'), columns, rows });
}

export const syncFieldsRoutes: RouteRegistrar = (api, contextOf) => {
  api.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 2, parts: 3 } });
    scope.post('/inspection-forms/:id/sync-fields/dry-run', (request, reply) => sync(contextOf, request, reply, false));
    scope.post('/inspection-forms/:id/sync-fields/run', (request, reply) => sync(contextOf, request, reply, true));
  });
  api.get('/inspection-forms/:id/sync-fields/template', (request, reply) => template(contextOf, request, reply));
};

// ------------------------------------------------------------------ contract

const path = { type: 'object', properties: { section: { type: 'string' }, sub_section: { type: 'string' }, field: { type: 'string' } }, required: ['section'], additionalProperties: false };
const kind = { enum: ['section', 'sub_section', 'field'] };
const syncResultSchema = {
  type: 'object',
  description: 'Raw JSON (spec §7). Each section, sub-section and field added, changed (each attribute before and after) or removed is an entry; a removed section lists its sub-sections and fields too.',
  properties: {
    added: {
      type: 'array',
      items: { type: 'object', properties: { kind, path, line: { type: 'integer' }, attributes: { type: 'object' } }, required: ['kind', 'path', 'line', 'attributes'], additionalProperties: false },
    },
    changed: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind,
          id: { type: 'string' },
          path,
          line: { type: 'integer' },
          changes: {
            type: 'array',
            items: { type: 'object', properties: { attribute: { type: 'string' }, before: {}, after: {} }, required: ['attribute', 'before', 'after'], additionalProperties: false },
          },
        },
        required: ['kind', 'id', 'path', 'line', 'changes'],
        additionalProperties: false,
      },
    },
    removed: {
      type: 'array',
      items: { type: 'object', properties: { kind, id: { type: 'string' }, path }, required: ['kind', 'id', 'path'], additionalProperties: false },
    },
    refused: {
      type: 'array',
      description: 'Refused lines (the header is line 1), a line possibly more than once; column is the column’s key.',
      items: {
        type: 'object',
        properties: {
          line: { type: 'integer', minimum: 1 },
          column: { type: ['string', 'null'] },
          code: { type: 'string' },
          params: { type: 'object' },
          message: { type: 'string' },
        },
        required: ['line', 'column', 'code', 'params', 'message'],
        additionalProperties: false,
      },
    },
    counts: {
      type: 'object',
      properties: Object.fromEntries(['added', 'changed', 'removed', 'refused', 'unchanged'].map((k) => [k, { type: 'integer', minimum: 0 }])),
      required: ['added', 'changed', 'removed', 'refused', 'unchanged'],
      additionalProperties: false,
    },
  },
  required: ['added', 'changed', 'removed', 'refused', 'counts'],
  additionalProperties: false,
};
const fileBody = {
  contentType: 'multipart/form-data',
  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'XLSX or CSV, one line per field (docs/inspection-form-sync.md).' } }, required: ['file'] },
};
/** The dry run and the run: the same file in, the same result out. */
const syncRoute = (summary: string) => ({
  summary,
  tag: 'inspection-forms',
  body: fileBody,
  responses: { 200: { contentType: JSON_TYPE, schema: syncResultSchema } },
  errors: [403, 404, 409, 413, 415, 422],
});
describeRoute(
  'POST',
  '/inspection-forms/:id/sync-fields/dry-run',
  syncRoute('Compares a file of sections, sub-sections and fields with the form: what a run would add, change and remove, and the refused lines; writes nothing'),
);
describeRoute(
  'POST',
  '/inspection-forms/:id/sync-fields/run',
  syncRoute('Applies a file of sections, sub-sections and fields to the form in one transaction (exactly what the dry run answers); a refused line refuses the whole file (422, nothing written)'),
);
describeRoute('GET', '/inspection-forms/:id/sync-fields/template', {
  summary: 'The form’s sections, sub-sections and fields as a file to edit and send back (a new form gives the headers alone)',
  tag: 'inspection-forms',
  query: [
    { name: 'format', description: 'xlsx (default) or csv.', schema: { enum: ['xlsx', 'csv'] } },
    { name: 'locale', description: 'The language of the headers and words (default: the request’s).', schema: { enum: [...LOCALES] } },
  ],
  responses: { 200: { contentType: '*/*', description: 'An XLSX workbook or a CSV file (UTF-8 with BOM; ; in French, , in English), as an attachment.', schema: { type: 'string', format: 'binary' } } },
  errors: [403, 404],
});
