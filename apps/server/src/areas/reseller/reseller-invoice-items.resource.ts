import { declarations, tradeLineTotals } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { taxesOfGroups, type TaxSource } from '../../reports/document-data.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { resellerInvoiceFlow, resellerInvoicesResource } from './reseller-invoices.resource.ts';
import { requireOwnTaxGroup } from './owner.ts';
import { resellerInvoiceItems, resellerInvoices, resellerProducts, resellerServices, resellerTaxes } from './reseller.table.ts';

type ItemRow = RowOf<typeof resellerInvoiceItems>;
type Line = Record<string, unknown>;

/** A reseller's tax groups' taxes. */
export const RESELLER_TAXES: TaxSource = { table: resellerTaxes, group: resellerTaxes.reseller_tax_group_id };

/** A line's totals by the trade rule, taxed by its reseller tax group's taxes (none: no tax). */
export async function resellerLineColumns(db: Db, line: Line) {
  const group = line.tax_group_id as string | null | undefined;
  const t = tradeLineTotals({
    quantity: line.quantity as string,
    unit_price: (line.unit_price as number | null) ?? 0,
    discount: (line.discount as string | null) ?? 0,
    taxes: group ? ((await taxesOfGroups(db, [group], RESELLER_TAXES)).get(group) ?? []) : [],
  });
  return { subtotal: t.subtotal, tax_total: t.tax, total: t.total, tax_details: t.taxes };
}

/**
 * The product or service named fills what the line leaves empty (its name, price and tax group),
 * never what a person typed; a line names one or is described.
 */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const v = input.values;
  const given = (key: string) => (key in v ? v[key] : existing?.[key as keyof ItemRow]);
  const [invoice] = await ctx.db.select({ reseller_id: resellerInvoices.reseller_id }).from(resellerInvoices).where(eq(resellerInvoices.id, given('reseller_invoice_id') as string));
  await requireOwnTaxGroup(ctx, input, invoice?.reseller_id);
  for (const [name, key, table] of [
    ['resellerProduct', 'reseller_product_id', resellerProducts],
    ['resellerService', 'reseller_service_id', resellerServices],
  ] as const) {
    const id = given(key) as string | null | undefined;
    if (!input.present.has(name) || !id || id === existing?.[key]) continue;
    const [item] = await ctx.db.select().from(table).where(eq(table.id, id));
    if (!item) continue;
    if (!String(given('description') ?? '').trim()) v.description = item.name;
    if (given('unit_price') == null) v.unit_price = item.price;
    if (!input.present.has('taxGroup') && !given('tax_group_id')) v.tax_group_id = item.tax_group_id;
  }
  if (!given('reseller_product_id') && !given('reseller_service_id') && !String(given('description') ?? '').trim())
    throw ApiError.many([{ status: 422, code: 'trade.product_or_description', source: { pointer: attributePointer('description') } }]);
  Object.assign(v, await resellerLineColumns(ctx.db, { ...existing, ...v }));
}

/** The lines of a reseller's invoice (spec §7 /reseller-invoice-items): written while it is a draft. */
export const resellerInvoiceItemsResource = defineResource(declarations['reseller-invoice-items'], {
  table: resellerInvoiceItems,
  ...resellerInvoiceFlow.lines<ItemRow>(resellerInvoicesResource, 'reseller_invoice_id'),
  relationships: {
    resellerInvoice: rel.belongsTo('reseller_invoice_id'),
    resellerProduct: rel.belongsTo('reseller_product_id'),
    resellerService: rel.belongsTo('reseller_service_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  },
  filters: { resellerInvoice: filter.ids('reseller_invoice_id', 'resellerInvoice') },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
