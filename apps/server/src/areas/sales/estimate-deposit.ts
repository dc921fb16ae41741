import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { makingAction } from '../../jsonapi/action-options.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import { estimationSums } from '../estimations/estimation-lines.ts';
import { estimationItems, estimations } from '../estimations/estimations.table.ts';
import { DEPOSIT_OPTIONS, depositLine, invoiceHead } from './invoice-lines.ts';

// POST /estimations/{id}/deposit-invoice ("Facture d'acompte", issue 23): from an approved estimate,
// a deposit invoice of an amount or a percentage of what was approved (before taxes, taxed as any
// deposit), linked to the estimate; the invoice of the repair it opens deducts it once validated
// (repair-invoice.ts), as an order's final invoice deducts the order's deposits.

type EstimationRow = typeof estimations.$inferSelect;

const OPTIONS = z.object(DEPOSIT_OPTIONS);

/** Only an approved estimate of a customer asks a deposit. */
const whenApproved: Policy<[row: EstimationRow]> = {
  refuses: { 409: 'Only an approved estimate with a customer asks a deposit.' },
  check(_ctx, row) {
    if (row.state !== 'approved') return conflictWith('estimation.not_approved_for_deposit');
    if (!row.customer_id) return conflictWith('repair.no_customer');
  },
};

export const depositPolicies = { 'deposit-invoice': whenApproved };

export const depositInvoiceAction: RecordAction<EstimationRow> = makingAction({
  permission: 'create sales invoices',
  summary:
    'Makes the draft deposit invoice of the approved estimate: `amount` cents or `percentage` of its approved work before taxes (422 without either, or over it), linked to the estimate and deducted on its repair’s invoice; answers the invoice (201)',
  options: OPTIONS,
  makes: 'sales-invoices',
  include: 'items',
  async make(ctx, estimate, options) {
    const items = await ctx.db.select().from(estimationItems).where(and(eq(estimationItems.estimation_id, estimate.id)));
    const approved = (await estimationSums(ctx.db, estimate, items)).approved.subtotal;
    const line = await depositLine(ctx, { organizationId: estimate.organization_id, code: estimate.code, subtotal: approved }, options);
    const invoice = await records(ctx, 'sales-invoices').createWithLines(
      {
        ...(await invoiceHead.ofCustomer(ctx, estimate.organization_id, estimate.customer_id!)),
        kind: 'deposit',
        invoicing_type: 'amount',
        estimation_id: estimate.id,
        vehicle_id: estimate.vehicle_id,
        location_ids: estimate.location_ids,
      },
      { items: [line] },
      { cause: { type: 'estimations', id: estimate.id } },
    );
    return { id: String(invoice.id), log: { invoice: invoice.id } };
  },
});
