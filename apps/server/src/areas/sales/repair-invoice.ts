import { discountCents, lineDiscount, toScaled, workLineGross, workSublines, type WorkSubline } from '@atelier/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { t } from '../../i18n/index.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import { recordDocument } from '../../jsonapi/router.ts';
import type { RepairRow } from '../repairs/repairs.policies.ts';
import { repairItems } from '../repairs/repairs.table.ts';
import { environmentalFeeLabel } from '../../reports/work-lines.ts';
import { pricedLines } from '../trade/lines.ts';
import { repairCharges } from '../repairs/pricing.ts';
import { taxGroups } from '../settings/settings.table.ts';
import { depositDeductions, invoiceHead } from './invoice-lines.ts';
import { salesInvoices } from './sales.table.ts';

// POST /repairs/{id}/invoice ("Facturer", issue 23): the customer's invoice of a completed repair,
// from its items as the work order priced them: a part line and a labour line per item done,
// warranty work at zero and said so, items not done left out. Its parts left the stock when the
// repair was completed (repairs/parts.ts): the invoice makes no second movement. Once: a second
// call answers the invoice already made. The deposits of its estimate are deducted. An item's
// discount is a line of its own (« Remise : … », minus one at the amount off), as are its part's
// environmental fee, core charge and the returned cores' credit (issue 27).

type Item = typeof repairItems.$inferSelect;

/** The words of an item's subline on the invoice (its part's are the part's name, its product's). */
function sublineText(ctx: RequestContext, item: Item, kind: WorkSubline['kind']): string {
  const part = item.part ?? item.detail;
  switch (kind) {
    case 'parts':
      return part;
    case 'labour':
      return t(ctx.locale, 'sales.labour_line', { detail: item.detail });
    case 'discount':
      return t(ctx.locale, 'sales.discount_line', { detail: item.detail });
    case 'environmental_fee':
      return environmentalFeeLabel(ctx.locale, item.environmental_fee_kind);
    case 'core':
      return t(ctx.locale, 'sales.core_line', { part });
    case 'core_credit':
      return t(ctx.locale, 'sales.core_credit_line', { part });
  }
}

/**
 * An item's invoice lines, one per subline of the domain's workSublines (its part, its labour, its
 * discount, its part's environmental fee and core charge, the returned cores' credit), each at the
 * subline's quantity and amount, so the invoice's taxes are the repair's to the cent. Warranty work:
 * its part and labour at zero, said so; work discounted in full: its part at zero, said so.
 */
function linesOf(ctx: RequestContext, item: Item) {
  const warranty = item.repair_mode === 'warranty';
  const line = { ...item, unit_price: item.unit_price ?? 0, time: item.time ?? 0, hourly_rate: item.hourly_rate ?? 0 };
  const sublines = warranty ? workSublines({ ...line, discount_percent: null, discount_amount: null, environmental_fee: null, core_charge: null }) : workSublines(line);
  const gross = workLineGross(line);
  const free = !warranty && gross > 0 && discountCents(gross, lineDiscount(line)) === gross;
  const suffix = warranty ? ` (${t(ctx.locale, 'sales.warranty')})` : free ? ` (${t(ctx.locale, 'sales.discount_full')})` : '';
  const perUnit: Partial<Record<WorkSubline['kind'], number | null>> = { parts: item.unit_price, environmental_fee: item.environmental_fee, core: item.core_charge, core_credit: item.core_charge };
  return sublines
    .filter((l) => l.amount !== 0 || (l.kind === 'parts' && (item.product_id || free)))
    .map((l) => ({
      product_id: l.kind === 'parts' ? item.product_id : null,
      description: `${sublineText(ctx, item, l.kind)}${l.kind === 'parts' || l.kind === 'labour' ? suffix : ''}`,
      quantity: l.quantity,
      // By unit where the subline counts the part's units, else the amount itself (labour: one; discount: minus one).
      unit_price: warranty || free ? 0 : Object.hasOwn(perUnit, l.kind) ? (perUnit[l.kind] ?? 0) : Math.abs(l.amount),
      repair_item_id: item.id,
      discount: null,
      tax_group_id: item.tax_group_id,
    }));
}
/**
 * The repair's charges above its items (issue 27), after them: its shop supplies and its document
 * discount's part of each tax group (minus one at the amount off). Each is written as the repair's
 * totals priced it (pricing.ts repairCharges: its amount and taxes), so the invoice's taxes are the
 * repair's to the cent, a group discounted in full included (docs/decisions.md).
 */
async function documentLines(ctx: RequestContext, repair: RepairRow): Promise<Record<string, unknown>[]> {
  const items = await ctx.db.select().from(repairItems).where(eq(repairItems.repair_id, repair.id));
  const { charges } = await repairCharges(ctx.db, repair, items);
  const groups = charges.some((c) => c.kind === 'discount' && c.group) ? await ctx.db.select({ id: taxGroups.id, name: taxGroups.name }).from(taxGroups).where(eq(taxGroups.organization_id, repair.organization_id)) : [];
  const nameOf = new Map(groups.map((g) => [g.id, g.name]));
  return charges.map((c) => {
    const tax = c.taxes.reduce((s, x) => s + x.amount, 0);
    const priced = { discount: null, subtotal: c.amount, tax_details: c.taxes, tax_total: tax, total: c.amount + tax };
    return c.kind === 'supplies'
      ? { ...priced, description: t(ctx.locale, 'sales.supplies_line'), quantity: '1', unit_price: c.amount, tax_group_id: repair.shop_supplies_tax_group_id }
      : { ...priced, description: t(ctx.locale, 'sales.document_discount_line', { group: (c.group && nameOf.get(c.group)) ?? '—' }), quantity: '-1', unit_price: -c.amount, tax_group_id: c.group };
  });
}

/** Only finished work is invoiced, to a customer. */
const whenInvoiceable: Policy<[row: RepairRow]> = {
  refuses: { 409: 'Only a completed or validated repair with a customer is invoiced.' },
  check(_ctx, row) {
    if (row.state !== 'completed' && row.state !== 'validated') return conflictWith('repair.not_invoiceable');
    if (!row.customer_id) return conflictWith('repair.no_customer');
  },
};

export const invoicePolicies = { invoice: whenInvoiceable };

export const invoiceRepairAction: RecordAction<RepairRow> = {
  permission: 'create sales invoices',
  contract: {
    summary: 'Makes the customer’s draft invoice of the completed repair from its items (parts and labour as priced; warranty at zero; items not done left out); a second call answers the invoice already made (200)',
    status: 201,
    alsoStatus: [200],
    response: { $ref: '#/components/schemas/sales-invoices.document' },
  },
  async handler(ctx, repair) {
    const [made] = await ctx.db
      .select({ id: salesInvoices.id })
      .from(salesInvoices)
      .where(and(eq(salesInvoices.repair_id, repair.id), ne(salesInvoices.state, 'canceled')));
    if (made) return { status: 200, body: await recordDocument(ctx, 'sales-invoices', made.id, 'items') };
    const items = (await ctx.db.select().from(repairItems).where(and(eq(repairItems.repair_id, repair.id), ne(repairItems.state, 'not_done'))).orderBy(asc(repairItems.position))).filter(
      (i) => toScaled(i.quantity) > 0n,
    );
    const lines: Record<string, unknown>[] = [...(await pricedLines(ctx, items.flatMap((i) => linesOf(ctx, i)))), ...(await documentLines(ctx, repair))];
    // The deposits asked on the approved estimate the repair came from are deducted, as an order's are.
    if (repair.estimation_id) lines.push(...(await depositDeductions(ctx, { estimation: repair.estimation_id })));
    const invoice = await records(ctx, 'sales-invoices').createWithLines(
      {
        ...(await invoiceHead.ofCustomer(ctx, repair.organization_id, repair.customer_id!)),
        kind: 'standard',
        repair_id: repair.id,
        vehicle_id: repair.vehicle_id,
        location_ids: repair.location_ids,
        notes: repair.code,
      },
      { items: lines },
      { cause: { type: 'repairs', id: repair.id } },
    );
    return { status: 201, body: await recordDocument(ctx, 'sales-invoices', String(invoice.id), 'items'), log: { invoice: invoice.id } };
  },
};
