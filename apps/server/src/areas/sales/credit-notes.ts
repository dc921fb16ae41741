import { creditProblems, creditable, scaledToText, toScaled } from '@atelier/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { t } from '../../i18n/index.ts';
import { makingAction } from '../../jsonapi/action-options.ts';
import { todayOf, type RequestContext } from '../../jsonapi/context.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import { pricedLines } from '../trade/lines.ts';
import { REQUESTED_LINES } from '../trade/orders.ts';
import { salesInvoicePayments } from './invoice-payments.ts';
import { salesInvoiceItems, salesInvoices } from './sales.table.ts';

// Credit notes (issue 23): a validated invoice never changes; a correction is a credit note, an
// invoice of negative lines each giving back (part of) a line of the invoice it corrects, never
// more than is left to credit of it. POST /sales-invoices/{id}/credit makes the draft (all that is
// left, or the lines and quantities chosen); validating it numbers it in its own series (NC-…)
// and takes its amount off the corrected invoice's balance: a paid invoice then shows a negative
// balance, owed back to the customer (refund a payment, or leave it as their credit).

type InvoiceRow = typeof salesInvoices.$inferSelect;
type ItemRow = typeof salesInvoiceItems.$inferSelect;

/** The prefix of the credit notes' series (the invoices' is FV). */
export const CREDIT_NOTE_PREFIX = 'NC';

/** What validated credit notes gave back of each line of an invoice (signed quantities, by line). */
async function creditedOf(ctx: RequestContext, invoiceId: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ item: salesInvoiceItems.credited_item_id, quantity: sql<string>`sum(${salesInvoiceItems.quantity})::text` })
    .from(salesInvoiceItems)
    .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceItems.sales_invoice_id))
    .where(and(eq(salesInvoices.credited_invoice_id, invoiceId), eq(salesInvoices.state, 'validated')))
    .groupBy(salesInvoiceItems.credited_item_id);
  return new Map(rows.filter((r): r is { item: string; quantity: string } => !!r.item).map((r) => [r.item, r.quantity]));
}

const linesOf = (ctx: RequestContext, invoiceId: string) =>
  ctx.db.select().from(salesInvoiceItems).where(eq(salesInvoiceItems.sales_invoice_id, invoiceId)).orderBy(asc(salesInvoiceItems.position), asc(salesInvoiceItems.id));

/** A credit line giving back `quantity` (positive) of an invoice's line: the opposite sign, its price, discount and taxes. */
const creditLine = (line: ItemRow, quantity: bigint) => ({
  credited_item_id: line.id,
  product_id: line.product_id,
  description: line.description,
  quantity: scaledToText(toScaled(line.quantity) > 0n ? -quantity : quantity),
  unit_price: line.unit_price,
  discount: line.discount,
  tax_group_id: line.tax_group_id,
});

/** Only a validated invoice (not a credit note) is credited. */
const whenCreditable: Policy<[row: InvoiceRow]> = {
  refuses: { 409: 'Only a validated invoice is corrected by a credit note.' },
  check(_ctx, row) {
    if (row.state !== 'validated' || row.kind === 'credit_note') return conflictWith('sales_invoice.not_creditable');
  },
};

export const creditPolicies = { credit: whenCreditable };

const CREDIT_OPTIONS = z.object({
  /** The invoice's lines and how much of each to give back (default: all that is left of every line). */
  items: REQUESTED_LINES.optional(),
});

export const creditAction: RecordAction<InvoiceRow> = makingAction({
  permission: 'create sales invoices',
  summary:
    'Makes the draft credit note correcting the validated invoice: all that is left to credit of its lines, or the lines and quantities given (items: [{ id, quantity }], at most what is left: 409 naming the line); answers the credit note (201)',
  options: CREDIT_OPTIONS,
  makes: 'sales-invoices',
  include: 'items',
  async make(ctx, invoice, options) {
    const [lines, credited] = await Promise.all([linesOf(ctx, invoice.id), creditedOf(ctx, invoice.id)]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const left = (l: ItemRow) => toScaled(creditable({ quantity: l.quantity, credited: credited.get(l.id) ?? '0' }));
    const wanted = options.items
      ? options.items.map((asked, index) => {
          const line = byId.get(asked.id);
          if (!line) throw new ApiError(409, 'sales.credit_not_a_line', {}, { pointer: `/data/attributes/items/${index}/id` });
          const quantity = toScaled(String(asked.quantity).replace(',', '.'));
          if (quantity <= 0n || quantity > left(line))
            throw new ApiError(409, 'sales.credit_over', { line: index + 1, item: line.description ?? '', remaining: creditable({ quantity: line.quantity, credited: credited.get(line.id) ?? '0' }) }, { pointer: `/data/attributes/items/${index}/quantity` });
          return { line, quantity };
        })
      : lines.map((line) => ({ line, quantity: left(line) })).filter((w) => w.quantity > 0n);
    if (!wanted.length) throw new ApiError(409, 'sales.nothing_to_credit');
    const note = await records(ctx, 'sales-invoices').createWithLines(
      {
        organization_id: invoice.organization_id,
        customer_id: invoice.customer_id,
        kind: 'credit_note',
        credited_invoice_id: invoice.id,
        vehicle_id: invoice.vehicle_id,
        billing_address: invoice.billing_address,
        issued_on: todayOf(ctx),
        location_ids: invoice.location_ids,
        notes: t(ctx.locale, 'sales.credit_note_of', { code: invoice.code ?? '' }),
        creator_id: ctx.actor.id,
      },
      { items: await pricedLines(ctx, wanted.map((w) => creditLine(w.line, w.quantity))) },
      { cause: { type: 'sales-invoices', id: invoice.id } },
    );
    return { id: String(note.id), log: { credit_note: note.id } };
  },
});

/**
 * Checks a credit note before it is validated, its corrected invoice locked (credit notes of one
 * invoice validated at once count one after the other): every line gives back a line of that
 * invoice, with the opposite sign, at most what is left of it (409 naming the line).
 */
export async function checkCreditNote(ctx: RequestContext, note: InvoiceRow): Promise<void> {
  const correctedId = note.credited_invoice_id!;
  const [corrected] = await ctx.db.select().from(salesInvoices).where(eq(salesInvoices.id, correctedId)).for('update');
  if (corrected?.state !== 'validated') throw new ApiError(409, 'sales_invoice.not_creditable');
  const [lines, credited] = await Promise.all([linesOf(ctx, note.id), creditedOf(ctx, correctedId)]);
  const ids = lines.map((l) => l.credited_item_id).filter((id): id is string => !!id);
  const originals = new Map(
    (ids.length ? await ctx.db.select().from(salesInvoiceItems).where(and(inArray(salesInvoiceItems.id, ids), eq(salesInvoiceItems.sales_invoice_id, correctedId))) : []).map((l) => [l.id, l]),
  );
  // Two lines of the note giving back the same line count together.
  const asked = new Map<string, bigint>();
  const problems = creditProblems(
    lines.map((l) => {
      const original = l.credited_item_id ? originals.get(l.credited_item_id) : undefined;
      const before = original ? (asked.get(original.id) ?? 0n) : 0n;
      if (original) asked.set(original.id, before + toScaled(l.quantity));
      const already = toScaled(credited.get(original?.id ?? '') ?? '0') + before;
      return { quantity: l.quantity, line: original ? { quantity: original.quantity, credited: scaledToText(already) } : undefined };
    }),
  );
  const [first] = problems;
  if (first) {
    const line = lines[first.index];
    throw new ApiError(409, first.problem, { line: first.index + 1, item: line.description ?? '', remaining: first.remaining, code: corrected.code ?? '' });
  }
}

/** Once validated, the credit note takes its amount off the corrected invoice. */
export async function applyCreditNote(ctx: RequestContext, note: InvoiceRow): Promise<void> {
  await salesInvoicePayments.credit(ctx, note.credited_invoice_id!, -note.total, { type: 'sales-invoices', id: note.id });
}
