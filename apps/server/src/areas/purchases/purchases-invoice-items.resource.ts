import { declarations } from '@atelier/domain';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { lineParts, pricedLine } from '../trade/lines.ts';
import { purchasesInvoiceItems, purchasesInvoices } from './documents.table.ts';
import { purchasesInvoiceFlow, purchasesInvoicesResource } from './purchases-invoices.resource.ts';

/** The lines of a supplier's bill (spec §7 /purchases-invoice-items): written while the bill is a draft. */
export const purchasesInvoiceItemsResource = defineResource(declarations['purchases-invoice-items'], {
  table: purchasesInvoiceItems,
  ...lineParts(purchasesInvoiceFlow, purchasesInvoicesResource, { document: 'purchasesInvoice', foreignKey: 'purchases_invoice_id', productAs: 'purchasesInvoiceable' }, {
    purchasesOrderItem: rel.belongsTo('purchases_order_item_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  }),
  // What the supplier bills for a product is on the bill: its buying price only fills an empty one.
  hooks: { beforeWrite: pricedLine('purchases', purchasesInvoices, 'purchases_invoice_id', (product) => product.buying_price ?? product.price ?? null) },
});
