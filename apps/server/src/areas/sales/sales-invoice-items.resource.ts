import { declarations } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { priceTradeLine } from '../trade/lines.ts';
import { salesInvoiceFlow, salesInvoicesResource } from './sales-invoices.resource.ts';
import { salesInvoiceItems, salesInvoices } from './sales.table.ts';

type ItemRow = RowOf<typeof salesInvoiceItems>;

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const id = String(input.values.sales_invoice_id ?? existing?.sales_invoice_id);
  const invoice = (input.parent as typeof salesInvoices.$inferSelect | undefined) ?? (await ctx.db.select().from(salesInvoices).where(eq(salesInvoices.id, id)))[0];
  await priceTradeLine(ctx, 'sales', invoice, input, existing, (product) => product.selling_price ?? product.price ?? null);
}

/** The lines of a customer's invoice (spec §7 /sales-invoice-items): written while the invoice is a draft. */
export const salesInvoiceItemsResource = defineResource(declarations['sales-invoice-items'], {
  table: salesInvoiceItems,
  ...salesInvoiceFlow.lines<ItemRow>(salesInvoicesResource, 'sales_invoice_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    salesInvoice: rel.belongsTo('sales_invoice_id'),
    salesOrderItem: rel.belongsTo('sales_order_item_id'),
    repairItem: rel.belongsTo('repair_item_id'),
    creditedItem: rel.belongsTo('credited_item_id'),
    deductedInvoice: rel.belongsTo('deducted_invoice_id'),
    product: rel.belongsTo('product_id'),
    salesInvoiceable: rel.belongsTo('product_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  },
  filters: {
    salesInvoice: filter.ids('sales_invoice_id', 'salesInvoice'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
