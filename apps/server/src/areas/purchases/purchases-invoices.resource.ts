import { declarations, invoiceSettlement, purchasesInvoiceWorkflow as workflow, toScaled } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { documentFilters, invoiceRelationships } from '../trade/lines.ts';
import { checkRemaining, lockOrder, refreshOrder } from './coverage.ts';
import { purchasesInvoiceItems, purchasesInvoices } from './documents.table.ts';

type InvoiceRow = RowOf<typeof purchasesInvoices>;

export const purchasesInvoiceFlow = workflowParts({
  workflow,
  table: purchasesInvoices,
  messages: workflowMessages('purchases_invoice'),
  actions: {
    validate: {
      summary: 'Validates the bill: it is due from then on (its balance is its total) and counts against its order’s invoicing (409 over what is left to invoice, naming the line)',
      async values(ctx, row) {
        const lines = await ctx.db.select().from(purchasesInvoiceItems).where(eq(purchasesInvoiceItems.purchases_invoice_id, row.id)).orderBy(asc(purchasesInvoiceItems.position));
        if (!lines.some((l) => toScaled(l.quantity) > 0n)) throw new ApiError(409, 'purchases_invoice.no_items');
        if (row.purchases_order_id) {
          await lockOrder(ctx, row.purchases_order_id);
          const billed = lines.filter((l): l is typeof l & { purchases_order_item_id: string } => !!l.purchases_order_item_id);
          await checkRemaining(ctx, row.purchases_order_id, 'invoiced', billed.map((l) => ({ line: l.purchases_order_item_id, quantity: l.quantity })));
        }
        return invoiceSettlement(row);
      },
      async after(ctx, saved) {
        if (saved.purchases_order_id) await refreshOrder(ctx, saved.purchases_order_id, { type: 'purchases-invoices', id: saved.id });
      },
    },
    cancel: {
      summary: 'Cancels the bill while nothing of it is paid (409 otherwise); its order’s invoicing follows',
      async values(ctx, row) {
        if (row.amount_paid > 0) throw new ApiError(409, 'purchases_invoice.paid', { code: row.code ?? '' });
        if (row.state === 'validated' && row.purchases_order_id) {
          const order = await lockOrder(ctx, row.purchases_order_id);
          if (order.state === 'completed') throw new ApiError(409, 'purchases_invoice.order_completed', { order: order.code ?? '' });
        }
        return { balance: 0 };
      },
      async after(ctx, saved, row) {
        if (row.state === 'validated' && saved.purchases_order_id) await refreshOrder(ctx, saved.purchases_order_id, { type: 'purchases-invoices', id: saved.id });
      },
    },
  },
});

/** A bill written by hand gets its code and author. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: InvoiceRow | null) {
  if (existing) return;
  Object.assign(input.values, { code: await nextRecordCode(ctx.db, String(input.values.organization_id), 'PF'), creator_id: ctx.actor.id });
}

/**
 * Supplier bills (spec platform §3 Purchases and Invoice lines, §7 /purchases-invoices; issue 22):
 * generated from an order (generate-invoice) or written by hand; totals from their lines, what is
 * paid and the balance from their payments.
 */
export const purchasesInvoicesResource = defineResource(declarations['purchases-invoices'], {
  table: purchasesInvoices,
  permissions: 'purchases invoices',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    supplier: rel.belongsTo('supplier_id'),
    purchasesOrder: rel.belongsTo('purchases_order_id'),
    ...invoiceRelationships('purchases_invoice_id'),
  },
  filters: documentFilters(
    {
      payment_status: filter.in('payment_status'),
      purchasesOrder: filter.ids('purchases_order_id', 'purchasesOrder'),
      supplier: filter.ids('supplier_id', 'supplier'),
    },
    ['supplier_reference'],
  ),
  workflow: purchasesInvoiceFlow,
  hooks: { beforeWrite },
  policies: { delete: purchasesInvoiceFlow.editable },
  notify: { label: (row) => String(row.code ?? '') },
});
