import { declarations } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { priceTradeLine } from '../trade/lines.ts';
import { purchasesInvoiceItems, purchasesInvoices } from './documents.table.ts';
import { purchasesInvoiceFlow, purchasesInvoicesResource } from './purchases-invoices.resource.ts';

type ItemRow = RowOf<typeof purchasesInvoiceItems>;

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const id = String(input.values.purchases_invoice_id ?? existing?.purchases_invoice_id);
  const invoice = (input.parent as typeof purchasesInvoices.$inferSelect | undefined) ?? (await ctx.db.select().from(purchasesInvoices).where(eq(purchasesInvoices.id, id)))[0];
  // What the supplier bills for a product is on the bill: its buying price only fills an empty one.
  await priceTradeLine(ctx, 'purchases', invoice, input, existing, (product) => product.buying_price ?? product.price ?? null);
}

/** The lines of a supplier's bill (spec §7 /purchases-invoice-items): written while the bill is a draft. */
export const purchasesInvoiceItemsResource = defineResource(declarations['purchases-invoice-items'], {
  table: purchasesInvoiceItems,
  ...purchasesInvoiceFlow.lines<ItemRow>(purchasesInvoicesResource, 'purchases_invoice_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    purchasesInvoice: rel.belongsTo('purchases_invoice_id'),
    purchasesOrderItem: rel.belongsTo('purchases_order_item_id'),
    product: rel.belongsTo('product_id'),
    purchasesInvoiceable: rel.belongsTo('product_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  },
  filters: {
    purchasesInvoice: filter.ids('purchases_invoice_id', 'purchasesInvoice'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  notify: { label: (row) => String(row.description ?? '') },
});
