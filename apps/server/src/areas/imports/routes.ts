import multipart from '@fastify/multipart';
import { and, asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { allowed, authorize, enforceEdit } from '../../jsonapi/policies.ts';
import { MEDIA_TYPE, actionMethods, inTransaction, recordQuery, renderDocument, respondWithRecord, type ContextOf } from '../../jsonapi/router.ts';

/** Run and dry run are GET calls of the spec that change data: POST is accepted too. */
const RUN_METHODS = actionMethods({ method: 'GET' });
import { t } from '../../i18n/index.ts';
import { importItemsResource, importsResource } from './imports.resource.ts';
import { importItems, imports } from './imports.table.ts';
import { fieldLabel, proposeMapping, type ImportModel } from './models.ts';
import { parseImportFile, readForm } from './file.ts';
import type { ImportWorker } from './run.ts';
import type { LineResult } from './lines.ts';
import type { ImportRow } from './plan.ts';
import { isBusyImport } from '@atelier/domain';
import { describeRoute } from '../../jsonapi/openapi.ts';
import { INTEGER, NULLABLE_STRING, STRING, apiDocument, closedObject, listOf } from '../../contract-schemas.ts';
import { deleteQuietly, importFileType, storageOf } from '../../storage/storage.ts';
import { contentDisposition } from '../../reports/table-file.ts';


/** A model the actor may import: the right to create its records. */
const mayImport = (ctx: RequestContext, model: ImportModel) => {
  const def = ctx.registry.find(model.type);
  return !!def && allowed(ctx, def, 'create');
};

/** Dry-run results answered inline; the rest is in import-items (filter[dry_run]=true). */
const INLINE_RESULTS = 1000;

/** A file of at most this many lines is checked or imported within its request (200); a larger one in the background (202). */
const INLINE_LINES = 500;

/** The import routes; a run is handed to the area's worker (index.ts). */
export function importRoutes(api: FastifyInstance, contextOf: ContextOf, worker: ImportWorker) {
  /** GET /imports/models: what the actor can import, with each field's label in their language. */
  api.get('/imports/models', async (request, reply) => {
    const ctx = contextOf(request);
    authorize(ctx, importsResource, 'viewAny');
    const data = [...ctx.registry.importModels.values()]
      .filter((m) => mayImport(ctx, m))
      .map((m) => ({
        type: 'import-models',
        id: m.name,
        attributes: {
          name: m.name,
          label: m.label[ctx.locale],
          resource_type: m.type,
          natural_key: m.naturalKey,
          fields: Object.keys(m.fields).map((f) => ({
            name: f,
            label: fieldLabel(m, f, ctx.locale),
            required: !!ctx.registry.resource(m.type).attributes[f]?.required || !!(ctx.registry.resource(m.type).relationships?.[f] as { required?: boolean } | undefined)?.required,
            // A relationship field: the cell names the related record of this type.
            relation: m.fields[f].relation ? ctx.registry.resource(m.type).relationships![f].type : null,
            aliases: [...m.fields[f].fr, ...m.fields[f].en],
          })),
        },
      }));
    return reply.type(MEDIA_TYPE).send({ jsonapi: { version: '1.1' }, data, meta: { page: { total: data.length } } });
  });

  api.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

    /** POST /imports (multipart: model, file): stores the file, reads its columns, proposes a mapping. */
    scope.post('/imports', async (request, reply) => {
      const ctx = contextOf(request);
      authorize(ctx, importsResource, 'create');
      const q = recordQuery(ctx, importsResource, request.query);
      if (!ctx.actor.organizationId) throw new ApiError(422, 'import.organization_only');
      const { fields, file } = await readForm(request, ctx);
      const modelName = fields.model?.trim();
      if (!modelName) throw new ApiError(422, 'import.model_missing', undefined, { parameter: 'model' });
      const model = ctx.registry.importModels.get(modelName);
      if (!model) throw new ApiError(422, 'import.model_unknown', { model: modelName }, { parameter: 'model' });
      if (!mayImport(ctx, model)) throw new ApiError(403, 'error.forbidden');
      if (!file) throw new ApiError(422, 'import.file_missing', undefined, { parameter: 'file' });

      const parsed = await parseImportFile(file.buffer);
      const id = newId();
      const path = `imports/${ctx.actor.organizationId}/${id}.${parsed.format}`;
      const storage = storageOf(ctx.config);
      await storage.put(path, file.buffer, { type: importFileType(parsed.format), length: file.buffer.length });
      try {
        await inTransaction(ctx, (tx) =>
          // direct write: the import job made with its stored file by the upload route (multipart, not a document)
          tx.db.insert(imports).values({
            id,
            organization_id: ctx.actor.organizationId!,
            created_by_id: ctx.actor.id,
            model: model.name,
            name: (fields.name?.trim() || file.name || `${model.label[ctx.locale]}.${parsed.format}`).slice(0, 255),
            path,
            file_format: parsed.format,
            file_size: file.buffer.length,
            line_count: parsed.lines,
            columns: parsed.columns,
            mapping: proposeMapping(model, parsed.columns),
          }),
        );
      } catch (err) {
        await deleteQuietly(storage, [path], request.log);
        throw err;
      }
      reply.header('Location', `/api/v1/imports/${id}`);
      return respondWithRecord(ctx, importsResource, id, q, reply, 201);
    });
  });

  /** Loads an import the actor may run, refusing while it runs. */
  async function runnable(request: FastifyRequest) {
    const ctx = contextOf(request);
    authorize(ctx, importsResource, 'edit');
    const row = await findRow(ctx, importsResource, (request.params as { id: string }).id);
    const model = ctx.registry.importModels.get(row.model);
    if (!model || !mayImport(ctx, model)) throw new ApiError(403, 'error.forbidden');
    // Running an import changes it: its edit policy refuses a running one.
    await enforceEdit(ctx, importsResource, row);
    if (!Object.values(row.mapping).some(Boolean)) throw new ApiError(422, 'import.mapping_empty', undefined, { pointer: '/data/attributes/mapping' });
    return { ctx, row };
  }

  /**
   * Hands the import to the worker as a dry run ('validating') or a run ('running'), from the
   * top. A file of up to INLINE_LINES lines is done within the request (200); a larger one goes
   * on in the background (202), its progress and counters on the import as it goes.
   */
  async function start(request: FastifyRequest, reply: FastifyReply, status: 'validating' | 'running') {
    const { ctx, row } = await runnable(request);
    const q = recordQuery(ctx, importsResource, request.query);
    await inTransaction(ctx, async (tx) => {
      // A run replaces every earlier result (importedItems are the run's); the worker clears a
      // dry run's own as it starts (also when it starts again after a restart).
      // direct write: an import's results, replaced by its run (bulk rows of the job)
      if (status === 'running') await tx.db.delete(importItems).where(eq(importItems.import_id, row.id));
      await tx.db
        // direct write: the job's status handed to the worker
        .update(imports)
        .set({
          status,
          progress: 0,
          created_count: 0,
          updated_count: 0,
          skipped_count: 0,
          failed_count: 0,
          ...(status === 'running' ? { started_at: new Date().toISOString(), finished_at: null } : {}),
          error: null,
          lease_until: null,
        })
        .where(eq(imports.id, row.id));
      // A larger file: a job of the queue, sent with the status that asks for it (any instance runs it).
      if (row.line_count > INLINE_LINES) {
        await worker.queue(tx.db, row.id, ctx.locale);
        tx.onCommit?.(() => worker.notify());
      }
    });
    if (row.line_count <= INLINE_LINES) await worker.runNow(row.id, ctx.locale);
    const fresh = await findRow(ctx, importsResource, row.id);
    const meta: Record<string, unknown> = { summary: summaryOf(fresh) };
    // A finished dry run answers its first results inline; all of them are import-items.
    if (fresh.status === 'dry_run') {
      const items = await ctx.db
        .select()
        .from(importItems)
        .where(and(eq(importItems.import_id, row.id), eq(importItems.dry_run, true)))
        .orderBy(asc(importItems.line))
        .limit(INLINE_RESULTS + 1);
      meta.results = items.slice(0, INLINE_RESULTS).map(resultJson);
      meta.results_truncated = items.length > INLINE_RESULTS;
    }
    return reply
      .code(isBusyImport(fresh.status) ? 202 : 200)
      .type(MEDIA_TYPE)
      .send(await renderDocument(ctx, importsResource, fresh, q, meta));
  }

  /** GET or POST /imports/{id}/run-dry: every line validated as the API would, nothing written. */
  api.route({ method: RUN_METHODS, url: '/imports/:id/run-dry', handler: (request, reply) => start(request, reply, 'validating') });

  /** GET or POST /imports/{id}/run: writes, one transaction per chunk. */
  api.route({ method: RUN_METHODS, url: '/imports/:id/run', handler: (request, reply) => start(request, reply, 'running') });

  /** GET /imports/{id}/errors.csv: the failed lines as they were, with their errors, to fix and re-import. */
  api.get('/imports/:id/errors.csv', async (request, reply) => {
    const ctx = contextOf(request);
    authorize(ctx, importsResource, 'view');
    authorize(ctx, importItemsResource, 'viewAny');
    const row = await findRow(ctx, importsResource, (request.params as { id: string }).id);
    // The run's results when there was a run, else the dry run's.
    const dry = row.status === 'dry_run' || row.status === 'validating' || row.status === 'uploaded';
    const failed = await ctx.db
      .select()
      .from(importItems)
      .where(and(eq(importItems.import_id, row.id), eq(importItems.dry_run, dry), eq(importItems.success, false)))
      .orderBy(asc(importItems.line));
    const lineHeader = t(ctx.locale, 'import.csv_line');
    const errorsHeader = t(ctx.locale, 'import.csv_errors');
    const csv = Papa.unparse(
      {
        fields: [...row.columns, lineHeader, errorsHeader],
        data: failed.map((item) => [
          ...row.columns.map((c) => item.data[c] ?? ''),
          String(item.line),
          item.errors.map((e) => (e.column ? `${e.column}: ${e.detail}` : e.detail)).join(' | '),
        ]),
      },
      { delimiter: ';' },
    );
    const base = row.name.replace(/\.(csv|xlsx)$/i, '');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition(`${base}-${t(ctx.locale, 'import.csv_suffix')}.csv`))
      .send(`\uFEFF${csv}\r\n`);
  });
}

// ------------------------------------------------------------------ the contract (OpenAPI)

const summarySchema = {
  type: 'object',
  properties: Object.fromEntries(['lines', 'progress', 'created', 'updated', 'skipped', 'failed'].map((k) => [k, { type: 'integer', minimum: 0 }])),
  additionalProperties: false,
};
const resultSchema = closedObject({
  line: INTEGER,
  success: { type: 'boolean' },
  action: NULLABLE_STRING,
  model_id: NULLABLE_STRING,
  data: { type: 'object' },
  errors: listOf({ type: 'object' }),
});
/** An imports document whose meta tells how the (dry) run went. */
const importDocument = apiDocument(
  {
    data: { $ref: '#/components/schemas/imports' },
    included: { $ref: '#/components/schemas/imports.included' },
    meta: closedObject(
      {
        summary: summarySchema,
        results: listOf(resultSchema, { maxItems: INLINE_RESULTS }),
        results_truncated: { type: 'boolean' },
        warnings: listOf({ $ref: '#/components/schemas/warning' }),
      },
      ['summary'],
    ),
  },
  ['jsonapi', 'data', 'meta'],
);
const include = { name: 'include', schema: { type: 'string' } };

describeRoute('GET', '/imports/models', {
  summary: 'What the user can import, with each field’s label in their language',
  tag: 'imports',
  responses: {
    200: {
      schema: apiDocument(
        {
          data: listOf(
            closedObject({
              type: { const: 'import-models' },
              id: STRING,
              attributes: closedObject(
                {
                  name: STRING,
                  label: STRING,
                  resource_type: STRING,
                  natural_key: {},
                  fields: listOf(closedObject({ name: STRING, label: STRING, required: { type: 'boolean' }, relation: NULLABLE_STRING, aliases: listOf(STRING) })),
                },
                ['name', 'label', 'resource_type', 'fields'],
              ),
            }),
          ),
          meta: { type: 'object', properties: { page: { type: 'object', properties: { total: INTEGER } } } },
        },
        ['jsonapi', 'data'],
      ),
    },
  },
  errors: [403],
});

describeRoute('POST', '/imports', {
  summary: 'Uploads a CSV or XLSX file to import (multipart: model, file, name); proposes a mapping of its columns',
  tag: 'imports',
  query: [include],
  body: {
    contentType: 'multipart/form-data',
    schema: {
      type: 'object',
      properties: { model: { type: 'string' }, name: { type: 'string', maxLength: 255 }, file: { type: 'string', format: 'binary' } },
      required: ['model', 'file'],
    },
  },
  responses: {
    201: {
      schema: { $ref: '#/components/schemas/imports.document' },
      headers: { Location: { description: 'The new import’s URL.', schema: { type: 'string' } } },
    },
  },
  errors: [403, 413, 415, 422],
});

for (const [path, summary] of [
  ['/imports/:id/run-dry', 'Validates every line as the API would, writing nothing (GET as older clients call it, or POST)'],
  ['/imports/:id/run', 'Runs the import, one transaction per chunk (GET as older clients call it, or POST)'],
] as const)
  for (const method of RUN_METHODS)
    describeRoute(method, path, {
      summary,
      tag: 'imports',
      query: [include],
      responses: {
        200: { description: `Done within the request (a file of up to ${INLINE_LINES} lines).`, schema: importDocument },
        202: { description: 'Going on in the background: follow the import’s progress.', schema: importDocument },
      },
      errors: [403, 404, 409, 422],
    });

describeRoute('GET', '/imports/:id/errors.csv', {
  summary: 'The failed lines as they were, with their errors, to fix and import again',
  tag: 'imports',
  responses: { 200: { contentType: 'text/csv', schema: { type: 'string' } } },
  errors: [403, 404],
});

function summaryOf(row: ImportRow) {
  return {
    lines: row.line_count,
    progress: row.progress,
    created: row.created_count,
    updated: row.updated_count,
    skipped: row.skipped_count,
    failed: row.failed_count,
  };
}

const resultJson = (r: Omit<LineResult, 'action'> & { action: string | null }) => ({
  line: r.line,
  success: r.success,
  action: r.action,
  model_id: r.model_id,
  data: r.data,
  errors: r.errors,
});


