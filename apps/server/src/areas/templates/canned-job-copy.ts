import { cannedJobItemKeys, declarations, triggerKey, triggerValues, type CannedJobContent, type CannedJobTemplateItem, type CannedJobTemplateTrigger, type TemplateChange } from '@atelier/domain';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { likePattern } from '../../jsonapi/filters.ts';
import { records } from '../../jsonapi/records.ts';
import { cannedJobItems, cannedJobTriggers, cannedJobs } from '../canned-jobs/canned-jobs.table.ts';
import { inspectionFormSectionFields } from '../inspections/inspection-forms.table.ts';
import { products } from '../inventory/inventory.table.ts';

// A canned job as a template carries it (issue 27), read from the source job and written into an
// organization's job: lines without ids (a product found again by part number, else a free line;
// the tax group left to the organization's default), triggers named by the form templates' keys
// (kept where the organization has a form adopted from that template, else dropped and said).

/** The source job's content: its lines in order, its triggers by their field's template key (its id when the field is a template's source). */
export const jobContent = async (db: Db, jobId: string): Promise<CannedJobContent> => (await keyedJob(db, jobId)).content;

/** A job read as a template's version is, with its lines' and triggers' row ids by their keys. */
export async function keyedJob(db: Db, jobId: string) {
  const [job] = await db.select().from(cannedJobs).where(eq(cannedJobs.id, jobId));
  const items = await db
    .select({ item: cannedJobItems, product_part_number: products.part_number, sku: products.sku })
    .from(cannedJobItems)
    .leftJoin(products, eq(products.id, cannedJobItems.product_id))
    .where(eq(cannedJobItems.canned_job_id, jobId))
    .orderBy(asc(cannedJobItems.position), asc(cannedJobItems.id));
  const triggers = await db
    .select({ row: cannedJobTriggers.id, id: inspectionFormSectionFields.id, key: inspectionFormSectionFields.template_key, name: inspectionFormSectionFields.name, name_en: inspectionFormSectionFields.name_en, value: cannedJobTriggers.value })
    .from(cannedJobTriggers)
    .innerJoin(inspectionFormSectionFields, eq(inspectionFormSectionFields.id, cannedJobTriggers.field_id))
    .where(eq(cannedJobTriggers.canned_job_id, jobId))
    .orderBy(asc(cannedJobTriggers.position), asc(cannedJobTriggers.id));
  const content: CannedJobContent = {
    name: job.name,
    code: job.code,
    notes: job.notes,
    items: items.map(({ item, product_part_number, sku }) => ({
      detail: item.detail,
      part: item.part,
      part_number: item.part_number ?? product_part_number ?? sku,
      quantity: item.quantity,
      unit_price: item.unit_price,
      manual_labour: item.manual_labour,
      time: item.time,
      hourly_rate: item.hourly_rate,
    })),
    triggers: triggers.map((t) => ({ field: t.key ?? t.id, field_name: t.name, field_name_en: t.name_en, value: t.value })),
  };
  const itemKeys = cannedJobItemKeys(content.items);
  const triggerRows = new Map<string, string[]>();
  content.triggers.forEach((t, i) => triggerRows.set(triggerKey(t), [...(triggerRows.get(triggerKey(t)) ?? []), triggers[i].row]));
  return { content, itemIds: new Map(items.map(({ item }, i) => [itemKeys[i], item.id])), triggerRows, triggerCount: triggers.length };
}

/**
 * `wanted`, or with « (2) », « (3) »… after it (a code: -2, -3…) when the organization has a job of
 * that name or code already (any case); shortened so that the whole stays within the attribute's limit.
 */
async function free(db: Db, organizationId: string, column: 'name' | 'code', wanted: string | null, except: string | null) {
  if (wanted === null) return null;
  const max = declarations['canned-jobs'].attributes[column].limits.max!;
  const chars = [...wanted];
  // The names that could collide start with what is kept of `wanted` before a suffix of up to 6 characters.
  const stem = chars.slice(0, Math.max(1, max - 6)).join('');
  const rows = await db
    .select({ v: cannedJobs[column] })
    .from(cannedJobs)
    .where(and(eq(cannedJobs.organization_id, organizationId), sql`lower(${cannedJobs[column]}) LIKE ${likePattern(stem.toLowerCase())}`, except ? ne(cannedJobs.id, except) : undefined));
  const taken = new Set(rows.map((r) => String(r.v).toLowerCase()));
  const withSuffix = (suffix: string) => `${chars.slice(0, max - suffix.length).join('').trimEnd()}${suffix}`;
  let candidate = wanted;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = withSuffix(column === 'name' ? ` (${n})` : `-${n}`);
  return candidate;
}

/** The organization's fields a template's trigger names: adopted from the form template part of that key (or the field itself). */
async function fieldsFor(db: Db, organizationId: string, keys: string[]) {
  const uuids = keys.filter((k) => /^[0-9a-f-]{36}$/i.test(k));
  if (!uuids.length) return [];
  return db
    .select({ id: inspectionFormSectionFields.id, key: inspectionFormSectionFields.template_key, field_type: inspectionFormSectionFields.field_type, points_threshold: inspectionFormSectionFields.points_threshold })
    .from(inspectionFormSectionFields)
    .where(and(eq(inspectionFormSectionFields.organization_id, organizationId), or(inArray(inspectionFormSectionFields.template_key, uuids), inArray(inspectionFormSectionFields.id, uuids))));
}

/** The organization's products by part number or sku (lower case). */
async function productsByPart(db: Db, organizationId: string, parts: string[]) {
  const wanted = [...new Set(parts.map((p) => p.toLowerCase()))];
  const found = new Map<string, string>();
  if (!wanted.length) return found;
  const rows = await db
    .select({ id: products.id, sku: products.sku, part_number: products.part_number })
    .from(products)
    .where(and(eq(products.organization_id, organizationId), or(inArray(sql`lower(${products.part_number})`, wanted), inArray(sql`lower(${products.sku})`, wanted))))
    .orderBy(asc(products.id));
  // A part number first, then a sku: the same part number on two products takes the first.
  for (const r of rows) if (r.part_number && !found.has(r.part_number.toLowerCase())) found.set(r.part_number.toLowerCase(), r.id);
  for (const r of rows) if (!found.has(r.sku.toLowerCase())) found.set(r.sku.toLowerCase(), r.id);
  return found;
}

export interface WrittenJob {
  id: string;
  /** The template's triggers the organization has no field for (no form adopted from that form template). */
  dropped_triggers: CannedJobTemplateTrigger[];
  /** The lines' part numbers found in the organization's products. */
  matched_parts: string[];
}

/**
 * Writes a template version's content into the organization's job (a new one when `jobId` is
 * null; else its lines and triggers replaced), through the engine (logged, caused by the template).
 */
export async function writeJob(ctx: RequestContext, organizationId: string, content: CannedJobContent, cause: { type: string; id: string }, jobId: string | null): Promise<WrittenJob> {
  const opts = { cause };
  const values = { name: await free(ctx.db, organizationId, 'name', content.name, jobId), code: await free(ctx.db, organizationId, 'code', content.code, jobId), notes: content.notes };
  let id = jobId;
  if (id) {
    await records(ctx, 'canned-jobs').update([id], values, opts);
    const old = { items: await ctx.db.select({ id: cannedJobItems.id }).from(cannedJobItems).where(eq(cannedJobItems.canned_job_id, id)), triggers: await ctx.db.select({ id: cannedJobTriggers.id }).from(cannedJobTriggers).where(eq(cannedJobTriggers.canned_job_id, id)) };
    await records(ctx, 'canned-job-items').delete(old.items.map((r) => r.id), opts);
    await records(ctx, 'canned-job-triggers').delete(old.triggers.map((r) => r.id), opts);
  } else id = String((await records(ctx, 'canned-jobs').create([{ organization_id: organizationId, ...values }], opts))[0].id);
  const own = { organization_id: organizationId, canned_job_id: id };
  const lines = await lineValues(ctx.db, organizationId, content.items);
  await records(ctx, 'canned-job-items').create(lines.rows.map((line, position) => ({ ...own, ...line, position })), opts);
  const triggers = await triggerRowsFor(ctx.db, organizationId, content.triggers);
  await records(ctx, 'canned-job-triggers').create(triggers.rows.map((t, position) => ({ ...own, ...t, position })), opts);
  return { id, dropped_triggers: triggers.dropped, matched_parts: lines.matched };
}

/** The template's lines as the organization's: a product of the same part number when it has one. */
async function lineValues(db: Db, organizationId: string, items: readonly CannedJobTemplateItem[]) {
  const byPart = await productsByPart(db, organizationId, items.flatMap((i) => (i.part_number ? [i.part_number] : [])));
  const matched: string[] = [];
  const rows = items.map((item) => {
    const product_id = item.part_number ? (byPart.get(item.part_number.toLowerCase()) ?? null) : null;
    if (product_id) matched.push(item.part_number!);
    return { ...item, product_id };
  });
  return { rows, matched };
}

/** The template's triggers on the organization's fields of their keys that can give their answer; the others dropped. */
async function triggerRowsFor(db: Db, organizationId: string, wanted: readonly CannedJobTemplateTrigger[]) {
  const fields = await fieldsFor(db, organizationId, wanted.map((t) => t.field));
  const dropped: CannedJobTemplateTrigger[] = [];
  const rows: { field_id: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const t of wanted) {
    // A field whose answers changed since may no longer give the trigger's: dropped too.
    const mine = fields.filter((f) => (f.key === t.field || f.id === t.field) && triggerValues(f).some((v) => v.toLowerCase() === t.value.toLowerCase()));
    if (!mine.length) dropped.push(t);
    for (const f of mine) {
      if (seen.has(`${f.id}:${t.value.toLowerCase()}`)) continue;
      seen.add(`${f.id}:${t.value.toLowerCase()}`);
      rows.push({ field_id: f.id, value: t.value });
    }
  }
  return { rows, dropped };
}

/**
 * Writes the changes a plan takes (planCannedJobUpdate) into the organization's job: the job's
 * properties, lines changed, added (at their place in `next`) and removed, triggers added and
 * removed; what the organization changed stays. Through the engine, caused by the template.
 */
export async function applyJobChanges(ctx: RequestContext, organizationId: string, jobId: string, next: CannedJobContent, changes: readonly TemplateChange[], cause: { type: string; id: string }) {
  const opts = { cause };
  const ours = await keyedJob(ctx.db, jobId);
  const own = { organization_id: organizationId, canned_job_id: jobId };
  const job = changes.find((c) => c.level === 'job');
  if (job) {
    const values: Record<string, unknown> = {};
    for (const p of job.properties) values[p] = p === 'notes' ? next.notes : await free(ctx.db, organizationId, p as 'name' | 'code', next[p as 'name' | 'code'], jobId);
    await records(ctx, 'canned-jobs').update([jobId], values, opts);
  }
  const nextKeys = cannedJobItemKeys(next.items);
  const items = changes.filter((c) => c.level === 'item');
  const taken = items.filter((c) => c.kind !== 'removed').map((c) => nextKeys.indexOf(c.key));
  const lines = await lineValues(ctx.db, organizationId, taken.map((i) => next.items[i]));
  for (const [n, c] of items.filter((i) => i.kind !== 'removed').entries()) {
    if (c.kind === 'changed') await records(ctx, 'canned-job-items').update([ours.itemIds.get(c.key)!], lines.rows[n], opts);
    else await records(ctx, 'canned-job-items').create([{ ...own, ...lines.rows[n], position: taken[n] }], opts);
  }
  await records(ctx, 'canned-job-items').delete(items.filter((c) => c.kind === 'removed').map((c) => ours.itemIds.get(c.key)!), opts);
  const triggers = changes.filter((c) => c.level === 'trigger');
  const added = next.triggers.filter((t) => triggers.some((c) => c.kind === 'added' && c.key === triggerKey(t)));
  const made = await triggerRowsFor(ctx.db, organizationId, added);
  await records(ctx, 'canned-job-triggers').create(made.rows.map((t, i) => ({ ...own, ...t, position: ours.triggerCount + i })), opts);
  await records(ctx, 'canned-job-triggers').delete(triggers.filter((c) => c.kind === 'removed').flatMap((c) => ours.triggerRows.get(c.key) ?? []), opts);
  return { dropped_triggers: made.dropped, matched_parts: lines.matched };
}
