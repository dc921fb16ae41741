import { declarations, invoiceSettlement, salesInvoiceName, salesInvoiceWorkflow as workflow, toScaled } from '@atelier/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { documentFilters, invoiceRelationships } from '../trade/lines.ts';
import { salesOrderKit } from './coverage.ts';
import { CREDIT_NOTE_PREFIX, applyCreditNote, checkCreditNote, creditAction, creditPolicies } from './credit-notes.ts';
import { invoiceHead } from './invoice-lines.ts';
import { sendInvoiceAction, sendPolicies } from './invoice-send.ts';
import { salesInvoiceItems, salesInvoices } from './sales.table.ts';

type InvoiceRow = RowOf<typeof salesInvoices>;

/** The invoices that deduct this deposit and still count. */
async function deductedBy(ctx: RequestContext, depositId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ code: salesInvoices.code, id: salesInvoices.id })
    .from(salesInvoiceItems)
    .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceItems.sales_invoice_id))
    .where(and(eq(salesInvoiceItems.deducted_invoice_id, depositId), ne(salesInvoices.state, 'canceled')));
  return rows.map((r) => r.code ?? r.id.slice(0, 8));
}

export const salesInvoiceFlow = workflowParts({
  workflow,
  table: salesInvoices,
  messages: workflowMessages('sales_invoice'),
  actions: {
    validate: {
      summary:
        'Validates the invoice: it takes the next number of its organization’s series (no gaps, whatever the concurrency), is due from then on and no longer changes; it counts against its order’s invoicing (409 over what is left to invoice, naming the line)',
      async values(ctx, row) {
        const lines = await ctx.db.select().from(salesInvoiceItems).where(eq(salesInvoiceItems.sales_invoice_id, row.id)).orderBy(asc(salesInvoiceItems.position));
        if (!lines.some((l) => toScaled(l.quantity) !== 0n)) throw new ApiError(409, 'sales_invoice.no_items');
        if (row.kind === 'credit_note') {
          await checkCreditNote(ctx, row);
          // Its own series; nothing to pay on it: what it gives back is taken off the corrected invoice.
          return { code: await nextRecordCode(ctx.db, row.organization_id, CREDIT_NOTE_PREFIX), balance: 0, payment_status: 'paid' as const };
        }
        if (row.sales_order_id) {
          await salesOrderKit.lockOrder(ctx, row.sales_order_id);
          const invoiced = lines.filter((l): l is typeof l & { sales_order_item_id: string } => !!l.sales_order_item_id);
          await salesOrderKit.checkRemaining(ctx, row.sales_order_id, 'invoiced', invoiced.map((l) => ({ line: l.sales_order_item_id, quantity: l.quantity })));
        }
        // The number is taken in this transaction: a validation that fails gives it back, so the series has no gap.
        return { code: await nextRecordCode(ctx.db, row.organization_id, 'FV'), ...invoiceSettlement(row) };
      },
      async after(ctx, saved) {
        if (saved.kind === 'credit_note') await applyCreditNote(ctx, saved);
        if (saved.sales_order_id) await salesOrderKit.refreshOrder(ctx, saved.sales_order_id, { type: 'sales-invoices', id: saved.id });
      },
    },
    cancel: {
      summary:
        'Cancels the invoice while nothing of it is paid (409 otherwise), nor credited, nor its deposit deducted elsewhere; its order’s invoicing follows. A validated credit note is not canceled (409)',
      async values(ctx, row) {
        if (row.amount_paid !== 0) throw new ApiError(409, 'sales_invoice.paid', { code: row.code ?? '' });
        if (row.amount_credited !== 0) throw new ApiError(409, 'sales_invoice.credited', { code: row.code ?? '' });
        if (row.kind === 'credit_note' && row.state === 'validated') throw new ApiError(409, 'sales_invoice.credit_note_final', { code: row.code ?? '' });
        if (row.kind === 'deposit') {
          const by = await deductedBy(ctx, row.id);
          if (by.length) throw new ApiError(409, 'sales_invoice.deposit_deducted', { invoices: by.join(', ') });
        }
        if (row.state === 'validated' && row.sales_order_id) {
          const order = await salesOrderKit.lockOrder(ctx, row.sales_order_id);
          if (order.state === 'completed') throw new ApiError(409, 'sales_invoice.order_completed', { order: order.code ?? '' });
        }
        return { balance: 0 };
      },
      async after(ctx, saved, row) {
        if (row.state === 'validated' && saved.sales_order_id) await salesOrderKit.refreshOrder(ctx, saved.sales_order_id, { type: 'sales-invoices', id: saved.id });
      },
    },
  },
});

/** An invoice written by hand: dated today, due in 30 days, billed to its customer unless given; no number until validated. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: InvoiceRow | null) {
  if (existing) return;
  const v = input.values;
  const head = await invoiceHead.ofCustomer(ctx, String(v.organization_id), String(v.customer_id));
  for (const [k, value] of Object.entries(head)) if (v[k] == null) v[k] = value;
  v.creator_id = ctx.actor.id;
}

/**
 * Customers' invoices (spec platform §3 Sales and Invoice lines, §7 /sales-invoices; issue 23):
 * generated from an order (generate-invoice) or a completed repair (POST /repairs/{id}/invoice),
 * or written by hand; totals from their lines, what is paid and the balance from their payments.
 */
export const salesInvoicesResource = defineResource(declarations['sales-invoices'], {
  table: salesInvoices,
  permissions: 'sales invoices',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    recipient: rel.belongsTo('customer_id'),
    salesOrder: rel.belongsTo('sales_order_id'),
    repair: rel.belongsTo('repair_id'),
    estimation: rel.belongsTo('estimation_id'),
    creditedInvoice: rel.belongsTo('credited_invoice_id'),
    creditNotes: rel.hasMany('credited_invoice_id'),
    vehicle: rel.belongsTo('vehicle_id'),
    sourceWarehouse: rel.belongsTo('source_warehouse_id'),
    ...invoiceRelationships('sales_invoice_id'),
  },
  filters: documentFilters(
    {
      payment_status: filter.in('payment_status'),
      kind: filter.in('kind'),
      salesOrder: filter.ids('sales_order_id', 'salesOrder'),
      repair: filter.ids('repair_id', 'repair'),
      estimation: filter.ids('estimation_id', 'estimation'),
      creditedInvoice: filter.ids('credited_invoice_id', 'creditedInvoice'),
      recipient: filter.ids('customer_id', 'recipient'),
    },
    ['billing_address'],
  ),
  workflow: salesInvoiceFlow,
  actions: { send: sendInvoiceAction, credit: creditAction },
  hooks: { beforeWrite },
  policies: { delete: salesInvoiceFlow.editable, actions: { ...sendPolicies, ...creditPolicies } },
  notify: { label: (row, locale) => salesInvoiceName(row, locale) },
});
