import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  customerName,
  itemsForCustomer,
  parseCustomerAnswer,
  pricedTotals,
  type CustomerDecision,
  type Locale,
  type SignatureMode,
} from '@atelier/domain';
import type { Db } from '../../../db/client.ts';
import type { RequestContext } from '../../../jsonapi/context.ts';
import { ApiError } from '../../../jsonapi/errors.ts';
import { records } from '../../../jsonapi/records.ts';
import { locations, organizations } from '../../admin/admin.table.ts';
import { customers } from '../../crm/crm.table.ts';
import { tokenHash } from '../../inspections/report/shares.ts';
import { notifications } from '../../notifications/notifications.table.ts';
import { documentFooterOf } from '../../../reports/footer.ts';
import { vehicles } from '../../vehicles/vehicles.table.ts';
import { storedTotals, type EstimationRow } from '../estimation-lines.ts';
import { documentPricing } from '../document-charges.ts';
import { estimationItems, estimations } from '../estimations.table.ts';
import { settleDeferredWork } from '../deferred-work.ts';
import { estimationAnswerItems, estimationAnswers, estimationApprovals } from './approval.table.ts';
import { isoText } from '../../../jsonapi/attributes.ts';

// What the customer's page reads and writes (docs/decisions.md "Customer approval"). The answer
// is checked whole (every item decided, a name, a signature) against the version the customer
// read; it is kept as it was given, and the items carry the customer's decision for the screens
// and the totals; declined items become deferred work on the vehicle (one per item over the versions).

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type ApprovalLink = typeof estimationApprovals.$inferSelect;
/** An approval the customer can read (and maybe answer): the link it goes by and its estimate. */
export type OpenedApproval = { link: ApprovalLink; estimation: EstimationRow };

/** The link and its estimate; 404 for a token nobody made, 410 (in the link's language) revoked, expired or canceled. */
export async function openApproval(db: Db, token: string, lock = false): Promise<OpenedApproval> {
  if (!TOKEN.test(token)) throw new ApiError(404, 'approval.not_found');
  const query = db
    .select({ link: estimationApprovals, estimation: estimations, expired: sql<boolean>`${estimationApprovals.expires_at} <= now()` })
    .from(estimationApprovals)
    .innerJoin(estimations, eq(estimations.id, estimationApprovals.estimation_id))
    .where(eq(estimationApprovals.token_hash, tokenHash(token)));
  const [found] = lock ? await query.for('update', { of: estimations }) : await query;
  if (!found) throw new ApiError(404, 'approval.not_found');
  if (found.link.revoked_at || found.expired || found.estimation.state === 'canceled') throw Object.assign(new ApiError(410, 'approval.gone'), { locale: found.link.locale });
  return { link: found.link, estimation: found.estimation };
}

/**
 * The approval of an inspection's estimate the shared report opens (docs/decisions.md "Approving
 * from the shared report"): the inspection's current estimate, of its organization and made from
 * it, not canceled, with a link sent that is neither revoked nor expired (the newest); null when none.
 * `lock` locks the estimate, as an answer through a link does.
 */
export async function openApprovalOfInspection(db: Db, inspection: { id: string; organization_id: string; estimation_id: string | null }, lock = false): Promise<OpenedApproval | null> {
  if (!inspection.estimation_id) return null;
  const query = db
    .select({ link: estimationApprovals, estimation: estimations })
    .from(estimationApprovals)
    .innerJoin(estimations, eq(estimations.id, estimationApprovals.estimation_id))
    .where(
      and(
        eq(estimations.id, inspection.estimation_id),
        // The report's organization and inspection, whatever a pointer says: nothing of another's.
        eq(estimations.organization_id, inspection.organization_id),
        eq(estimationApprovals.organization_id, inspection.organization_id),
        eq(estimations.inspection_id, inspection.id),
        sql`${estimations.state} <> 'canceled'`,
        sql`${estimationApprovals.revoked_at} IS NULL`,
        sql`${estimationApprovals.expires_at} > now()`,
      ),
    )
    .orderBy(desc(estimationApprovals.created_at), desc(estimationApprovals.id))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: estimations }) : await query;
  return found ? { link: found.link, estimation: found.estimation } : null;
}

/** The customer answers while the approval is open: the estimate complete, its approval not ended. */
const accepting = (e: EstimationRow) => e.state === 'completed' && e.approval_status !== 'done' && e.sent_at !== null;

/** The public URL of an item's photo through an approval link (served by approval.routes.ts). */
export const approvalPhotoUrl = (token: string) => (uploadId: string) => `/api/v1/public/estimate-approvals/${token}/photos/${uploadId}`;
const UPLOAD_URL = /^\/api\/v1\/uploads\/([0-9a-f-]{36})\/content$/i;

async function itemsAsked(db: Db, estimationId: string) {
  const items = await db.select().from(estimationItems).where(eq(estimationItems.estimation_id, estimationId)).orderBy(asc(estimationItems.position), asc(estimationItems.id));
  return itemsForCustomer(items);
}

/** The upload ids of the photos of the items the customer is asked about (the only ones the link opens). */
export async function askedPhotoIds(db: Db, estimationId: string): Promise<Set<string>> {
  const items = await itemsAsked(db, estimationId);
  return new Set(items.flatMap((i) => (i.images ?? []).flatMap((u) => UPLOAD_URL.exec(u)?.[1]?.toLowerCase() ?? [])));
}

/**
 * GET /public/estimate-approvals/{token}: what the page shows, in the link's language; the shared
 * report shows the same (its `approval`), the photos under its own link (`photoUrl`).
 */
export async function approvalView(db: Db, link: ApprovalLink, e: EstimationRow, photoUrl: (uploadId: string) => string) {
  const items = await itemsAsked(db, e.id);
  const pricing = await documentPricing(db, e, items);
  const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, e.organization_id));
  const [location] = e.location_ids.length ? await db.select({ name: locations.name }).from(locations).where(eq(locations.id, e.location_ids[0])) : [];
  const [car] = e.vehicle_id ? await db.select().from(vehicles).where(eq(vehicles.id, e.vehicle_id)) : [];
  const [customer] = e.customer_id ? await db.select().from(customers).where(eq(customers.id, e.customer_id)) : [];
  const answers = await db.select().from(estimationAnswers).where(eq(estimationAnswers.estimation_id, e.id)).orderBy(desc(estimationAnswers.decided_at)).limit(1);
  const last = answers[0];
  const current = last && last.version === e.version ? last : null;
  const decisions = current
    ? (await db.select().from(estimationAnswerItems).where(eq(estimationAnswerItems.answer_id, current.id))).map((d) => ({ item: d.estimation_item_id, decision: d.decision }))
    : [];
  const lines = items.map((i) => ({
    id: i.id,
    detail: i.detail,
    condition: i.condition,
    urgency: i.urgency,
    part: i.part,
    quantity: String(i.quantity),
    warranty: i.warranty,
    /** The inspection's field (its finding) the item was made from, when it was. */
    inspection_field_id: i.inspection_field_id,
    tax_group_id: i.tax_group_id,
    totals: storedTotals(i),
    images: (i.images ?? []).flatMap((u) => {
      const id = UPLOAD_URL.exec(u)?.[1];
      return id ? [photoUrl(id.toLowerCase())] : [];
    }),
  }));
  return {
    locale: link.locale,
    expires_at: isoText(link.expires_at),
    organization: organization?.name ?? '',
    location: location?.name ?? null,
    code: e.code ?? '',
    version: e.version,
    sent_at: isoText(e.sent_at),
    accepting: accepting(e) && !current,
    // The reading of the estimate's visit, as its PDF prints it.
    vehicle: car ? { vin: car.vin, year: car.model_year, make: car.make, model: car.model, odometer: e.odometer ?? car.odometer, unit: car.odometer_unit } : null,
    customer: customer ? customerName(customer) : null,
    items: lines,
    // The shop supplies and document discount of what is accepted follow the items (pricedTotals).
    pricing: { terms: pricing.terms, groups: pricing.groups },
    totals: pricedTotals(lines, pricing),
    footer: await documentFooterOf(db, e.organization_id),
    answer: current ? { version: current.version, signer_name: current.signer_name, decided_at: isoText(current.decided_at), decisions } : null,
    answered_version: last && !current ? last.version : null,
  };
}

/** Where an answer came from (kept with it). */
export type AnswerOrigin = { ip: string; userAgent: string | null };

/** POST /public/estimate-approvals/{token}: the answer through the approval link (the drawn signature), see answerApproval. */
export async function recordAnswer(ctx: RequestContext, token: string, body: unknown, from: AnswerOrigin) {
  return answerApproval(ctx, await openApproval(ctx.db, token, true), body, from, 'drawn');
}

/**
 * The customer's answer to an opened approval, whichever page it came from (the approval link's,
 * or the shared report's, whose typed name signs): keeps the answer, sets the items' decisions,
 * records the declined ones as deferred work and tells the estimate's people. Runs in one
 * transaction with the estimate locked (the caller opened it so), so two answers to one version
 * cannot both be kept, in the system context of the estimate's organization: the items' decisions
 * and the deferred work go through the engine, which stores the estimate's totals and logs the
 * change with the link as its cause.
 */
export async function answerApproval(ctx: RequestContext, opened: OpenedApproval, body: unknown, from: AnswerOrigin, mode: SignatureMode): Promise<ApprovalLink> {
  const db = ctx.db;
  const { link, estimation: e } = opened;
  if (e.organization_id !== ctx.actor.organizationId) throw new Error('The approval link is not of the context’s organization');
  const items = await itemsAsked(db, e.id);
  const parsed = parseCustomerAnswer(body, items.map((i) => i.id), mode);
  // Every problem at once, each at its pointer (422).
  if (!parsed.ok) throw ApiError.many(parsed.problems.map((p) => ({ status: 422, code: p.code, params: p.params, source: { pointer: p.pointer } })));
  const answer = parsed.answer;
  if (answer.version !== e.version) throw new ApiError(409, 'approval.version_changed');
  const [already] = await db.select({ id: estimationAnswers.id }).from(estimationAnswers).where(and(eq(estimationAnswers.estimation_id, e.id), eq(estimationAnswers.version, e.version)));
  if (already) throw new ApiError(409, 'approval.already_answered');
  if (!accepting(e)) throw new ApiError(409, 'approval.closed');

  const total = (d: CustomerDecision) => items.filter((i) => answer.decisions.get(i.id) === d).reduce((s, i) => s + i.total, 0);
  const [kept] = await db
    // direct write: the signed answer is kept as given (append-only rows the database refuses to change, no API type)
    .insert(estimationAnswers)
    .values({
      organization_id: e.organization_id,
      estimation_id: e.id,
      approval_id: link.id,
      version: e.version,
      signer_name: answer.signer_name,
      signature: answer.signature,
      ip: from.ip,
      user_agent: from.userAgent?.slice(0, 500) ?? null,
      accepted_total: total('approved'),
      declined_total: total('declined'),
    })
    .returning();
  // direct write: the answer's lines, kept with it as given (append-only)
  await db.insert(estimationAnswerItems).values(items.map((i) => ({ answer_id: kept.id, estimation_item_id: i.id, detail: i.detail, total: i.total, decision: answer.decisions.get(i.id)! })));
  // The customer who signed is who the log's notifications name.
  const signed: RequestContext = { ...ctx, actor: { ...ctx.actor, firstname: answer.signer_name } };
  await records(signed, 'estimation-items').update(
    items.map((i) => i.id),
    (i) => ({ customer_decision: answer.decisions.get(String(i.id))!, customer_decided_at: kept.decided_at }),
    { event: 'customer_answered' },
  );
  const decided = (d: CustomerDecision) => items.filter((i) => answer.decisions.get(i.id) === d);
  await settleDeferredWork(signed, e, { declined: decided('declined'), approved: decided('approved') }, kept.decided_at);
  await notifyAnswered(db, e, answer.signer_name, { accepted: total('approved'), declined: total('declined') });
  return link;
}

/**
 * The estimate's approver, the approval's holder, its creator and assignees hear that the customer
 * answered, with the totals: those the engine's notice of the answer (its followers and
 * assignees) did not already reach in this transaction.
 */
async function notifyAnswered(db: Db, e: EstimationRow, signer: string, totals: { accepted: number; declined: number }) {
  const reached = await db
    .select({ user: notifications.user_id })
    .from(notifications)
    .where(and(eq(notifications.subject_type, 'estimations'), eq(notifications.subject_id, e.id), eq(notifications.event, 'customer_answered'), sql`${notifications.created_at} = now()`));
  const told = new Set(reached.map((r) => r.user));
  const users = [...new Set([e.approver_id, e.approval_holder_id, e.creator_id, ...e.assigned_user_ids].filter((id): id is string => !!id && !told.has(id)))];
  if (!users.length) return;
  // direct write: the notices of the answer with its totals (infrastructure rows, as the notifier writes them)
  await db.insert(notifications).values(
    users.map((user_id) => ({
      user_id,
      organization_id: e.organization_id,
      event: 'customer_answered',
      subject_type: 'estimations',
      subject_id: e.id,
      data: { label: e.code ?? '', causer_name: signer, ...totals },
      location_ids: e.location_ids,
    })),
  );
}

export type ApprovalViewDocument = Awaited<ReturnType<typeof approvalView>>;
export type { Locale };
