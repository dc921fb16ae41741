import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextRecordCode } from '../../db/codes.ts';
import { newId } from '../../db/columns.ts';
import { options, organizations, users } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { products, warehouseProducts, warehouses } from '../inventory/inventory.table.ts';
import { demoPricer } from '../trade/demo.ts';
import { tradeDocumentTotals } from '../trade/lines.ts';
import { salesDeliveries, salesDeliveryItems, salesInvoiceItems, salesInvoices, salesOrderItems, salesOrders, salesPayments } from './sales.table.ts';

// The demo's sales (issue 23), in both demo organizations: a counter sale of two parts, validated,
// its delivery waiting at the counter and its invoice validated and partly paid in cash; a draft
// quote of wipers for another customer. Their invoices carry GST and QST numbers.

const today = () => new Date().toISOString().slice(0, 10);

export async function seedDemoSales(db: Db) {
  await seedOrganization(db, 'Garage Démo', 'manager@atelier.test', { gst: '812345678 RT0001', qst: '1212345678 TQ0001' });
  await seedOrganization(db, 'Autos Rivière', 'manager2@atelier.test', { gst: '823456789 RT0001', qst: '1223456789 TQ0001' });
}

/** A Québec dealership's invoices carry its GST and QST numbers and its terms of payment (settings: sales). */
async function invoiceSettings(db: Db, organizationId: string, numbers: { gst: string; qst: string }) {
  const values = { 'sales.gst_number': numbers.gst, 'sales.qst_number': numbers.qst, 'sales.payment_terms': 'Payable à la réception. / Due on receipt.' };
  for (const [name, value] of Object.entries(values))
    await db.update(options).set({ value }).where(and(eq(options.organization_id, organizationId), eq(options.name, name)));
}

async function seedOrganization(db: Db, organization: string, managerEmail: string, numbers: { gst: string; qst: string }) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organization));
  if (org) await invoiceSettings(db, org.id, numbers);
  const [room] = org ? await db.select().from(warehouses).where(eq(warehouses.organization_id, org.id)).orderBy(asc(warehouses.name)).limit(1) : [];
  const buyers = org ? await db.select().from(customers).where(eq(customers.organization_id, org.id)).orderBy(asc(customers.created_at)).limit(2) : [];
  if (!org || !room || !buyers.length) return;
  // Parts on the shelf: a counter sale takes what is in stock.
  const shelf = await db
    .select({ product: products })
    .from(warehouseProducts)
    .innerJoin(products, eq(products.id, warehouseProducts.product_id))
    .where(and(eq(warehouseProducts.warehouse_id, room.id), gt(warehouseProducts.quantity_on_hand, '4')))
    .orderBy(asc(products.sku))
    .limit(3);
  if (shelf.length < 2) return;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  const by = manager?.id ?? null;
  const base = { organization_id: org.id, location_ids: room.location_ids };
  const { priced, rows } = await demoPricer(db, org.id, 'sales');
  const priceOf = (p: typeof products.$inferSelect) => p.selling_price ?? p.price ?? 0;
  const stamp = { validated_by_id: by, validated_at: new Date().toISOString() };

  // A counter sale: two parts, validated; their delivery ready at the counter; the invoice validated, half paid cash.
  const sale = newId();
  const saleLines = priced(shelf.slice(0, 2).map(({ product }) => ({ product_id: product.id, description: product.name, quantity: '2', unit_price: priceOf(product) })));
  await db.insert(salesOrders).values({
    id: sale,
    ...base,
    ...stamp,
    code: await nextRecordCode(db, org.id, 'CV'),
    state: 'validated',
    customer_id: buyers[0].id,
    source_warehouse_id: room.id,
    issuer_id: by,
    invoicing_status: 'invoiced',
    customer_reference: 'Comptoir',
    ...tradeDocumentTotals(saleLines),
  });
  await db.insert(salesOrderItems).values(rows(saleLines, 'sales_order_id', sale).map((l) => ({ ...l, quantity_invoiced: l.quantity })));
  const delivery = newId();
  await db.insert(salesDeliveries).values({ id: delivery, ...base, code: await nextRecordCode(db, org.id, 'BL'), sales_order_id: sale, customer_id: buyers[0].id, source_warehouse_id: room.id, delivered_on: today(), item_count: saleLines.length, creator_id: by });
  await db
    .insert(salesDeliveryItems)
    .values(saleLines.map((l, position) => ({ organization_id: org.id, sales_delivery_id: delivery, sales_order_item_id: l.id, position, product_id: l.product_id, description: l.description, quantity: l.quantity })));
  const invoice = newId();
  const invoiceLines = priced(saleLines.map((l) => ({ product_id: l.product_id, description: l.description, quantity: l.quantity, unit_price: l.unit_price })));
  const totals = tradeDocumentTotals(invoiceLines);
  const paid = Math.round(totals.total / 2);
  await db.insert(salesInvoices).values({
    id: invoice,
    ...base,
    ...stamp,
    code: await nextRecordCode(db, org.id, 'FV'),
    state: 'validated',
    customer_id: buyers[0].id,
    sales_order_id: sale,
    source_warehouse_id: room.id,
    invoicing_type: 'complete',
    issued_on: today(),
    expiration_time: today(),
    creator_id: by,
    ...totals,
    amount_paid: paid,
    balance: totals.total - paid,
    payment_status: 'partially_paid',
  });
  await db.insert(salesInvoiceItems).values(rows(invoiceLines, 'sales_invoice_id', invoice).map((l, k) => ({ ...l, sales_order_item_id: saleLines[k].id })));
  await db.insert(salesPayments).values({ ...base, sales_invoice_id: invoice, amount: paid, paid_on: today(), method: 'cash', reference: 'Caisse 1', creator_id: by });

  // A quote for another customer, still a draft.
  const quote = newId();
  const quoteLines = priced([
    { product_id: shelf[shelf.length - 1].product.id, description: shelf[shelf.length - 1].product.name, quantity: '1', unit_price: priceOf(shelf[shelf.length - 1].product) },
    { product_id: null, description: 'Installation', quantity: '1', unit_price: 2500 },
  ]);
  await db.insert(salesOrders).values({ id: quote, ...base, code: await nextRecordCode(db, org.id, 'CV'), customer_id: (buyers[1] ?? buyers[0]).id, source_warehouse_id: room.id, issuer_id: by, ...tradeDocumentTotals(quoteLines) });
  await db.insert(salesOrderItems).values(rows(quoteLines, 'sales_order_id', quote));
}
