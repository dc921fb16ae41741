import { declarations } from '@atelier/domain';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { lineParts, pricedLine, sellingPrice } from '../trade/lines.ts';
import { salesInvoiceFlow, salesInvoicesResource } from './sales-invoices.resource.ts';
import { salesInvoiceItems, salesInvoices } from './sales.table.ts';

/** The lines of a customer's invoice (spec §7 /sales-invoice-items): written while the invoice is a draft. */
export const salesInvoiceItemsResource = defineResource(declarations['sales-invoice-items'], {
  table: salesInvoiceItems,
  ...lineParts(salesInvoiceFlow, salesInvoicesResource, { document: 'salesInvoice', foreignKey: 'sales_invoice_id', productAs: 'salesInvoiceable' }, {
    salesOrderItem: rel.belongsTo('sales_order_item_id'),
    repairItem: rel.belongsTo('repair_item_id'),
    creditedItem: rel.belongsTo('credited_item_id'),
    deductedInvoice: rel.belongsTo('deducted_invoice_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  }),
  hooks: { beforeWrite: pricedLine('sales', salesInvoices, 'sales_invoice_id', sellingPrice) },
});
