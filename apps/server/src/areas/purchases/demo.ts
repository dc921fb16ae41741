import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextRecordCode } from '../../db/codes.ts';
import { newId } from '../../db/columns.ts';
import { demoPricer } from '../trade/demo.ts';
import { organizations, users } from '../admin/admin.table.ts';
import { products, warehouses } from '../inventory/inventory.table.ts';
import { tradeDocumentTotals } from '../trade/lines.ts';
import { purchasesDeliveries, purchasesDeliveryItems, purchasesInvoiceItems, purchasesInvoices, purchasesOrderItems, purchasesOrders, purchasesPayments } from './documents.table.ts';
import { supplierProducts, suppliers } from './purchases.table.ts';

// The demo's purchases (issue 22), in both demo organizations: an order sent to the parts supplier
// with a receipt of part of it waiting to be validated when the truck comes, a draft order of
// tires, and the supplier's bill of last month, validated and partly paid. A seed writes its rows
// directly, with the totals the engine's rules give (trade lines, document totals).

const today = () => new Date().toISOString().slice(0, 10);

export async function seedDemoPurchases(db: Db) {
  await seedOrganization(db, 'Garage Démo', 'manager@atelier.test');
  await seedOrganization(db, 'Autos Rivière', 'manager2@atelier.test');
}

async function seedOrganization(db: Db, organization: string, managerEmail: string) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organization));
  const [room] = org ? await db.select().from(warehouses).where(eq(warehouses.organization_id, org.id)).orderBy(asc(warehouses.name)).limit(1) : [];
  if (!org || !room) return;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  const sellers = await db.select().from(suppliers).where(eq(suppliers.organization_id, org.id)).orderBy(asc(suppliers.company_name));
  // The parts supplier: the one the parts room buys most from.
  const offers = await db
    .select({ product: products, cost: supplierProducts.cost, supplier: supplierProducts.supplier_id })
    .from(supplierProducts)
    .innerJoin(products, eq(products.id, supplierProducts.product_id))
    .where(eq(supplierProducts.organization_id, org.id))
    .orderBy(asc(products.sku));
  const count = (id: string) => offers.filter((o) => o.supplier === id).length;
  const [supplier] = [...sellers].sort((a, b) => count(b.id) - count(a.id));
  if (!supplier) return;
  // What it sells, else (a supplier whose catalogue is not entered) the parts room's products at their buying price.
  const listed = offers.filter((o) => o.supplier === supplier.id);
  const theirs = listed.length >= 2 ? listed : (await db.select().from(products).where(eq(products.organization_id, org.id)).orderBy(asc(products.sku)).limit(6)).map((product) => ({ product, cost: product.buying_price }));
  const by = manager?.id ?? null;
  const base = { organization_id: org.id, location_ids: room.location_ids };
  const { priced, rows } = await demoPricer(db, org.id, 'purchases');

  // An order sent to the supplier, a receipt of part of it ready to validate.
  if (theirs.length < 2) return;
  const sent = newId();
  const sentLines = priced(theirs.slice(0, 4).map(({ product, cost }, i) => ({ product_id: product.id, description: product.name, quantity: String(2 + i * 2), unit_price: cost ?? product.buying_price ?? 0 })));
  await db.insert(purchasesOrders).values({
    id: sent,
    ...base,
    code: await nextRecordCode(db, org.id, 'PO'),
    state: 'validated',
    supplier_id: supplier.id,
    destination_warehouse_id: room.id,
    issuer_id: by,
    validated_by_id: by,
    validated_at: new Date().toISOString(),
    expected_on: today(),
    supplier_reference: 'CONF-20841',
    notes: 'Commande hebdomadaire',
    ...tradeDocumentTotals(sentLines),
  });
  await db.insert(purchasesOrderItems).values(rows(sentLines, 'purchases_order_id', sent));
  const receipt = newId();
  const received = sentLines.slice(0, Math.max(1, sentLines.length - 2));
  await db.insert(purchasesDeliveries).values({
    id: receipt,
    ...base,
    code: await nextRecordCode(db, org.id, 'PR'),
    purchases_order_id: sent,
    supplier_id: supplier.id,
    destination_warehouse_id: room.id,
    supplier_reference: 'BL-5513',
    received_on: today(),
    item_count: received.length,
    creator_id: by,
  });
  await db.insert(purchasesDeliveryItems).values(
    received.map((l, position) => ({ organization_id: org.id, purchases_delivery_id: receipt, purchases_order_item_id: l.id, position, product_id: l.product_id, description: l.description, quantity: l.quantity, unit_cost: l.unit_price })),
  );

  // A draft order of what runs low.
  const draft = newId();
  const draftLines = priced(theirs.slice(-2).map(({ product, cost }) => ({ product_id: product.id, description: product.name, quantity: '4', unit_price: cost ?? product.buying_price ?? 0 })));
  await db.insert(purchasesOrders).values({ id: draft, ...base, code: await nextRecordCode(db, org.id, 'PO'), supplier_id: (sellers[1] ?? supplier).id, destination_warehouse_id: room.id, issuer_id: by, ...tradeDocumentTotals(draftLines) });
  await db.insert(purchasesOrderItems).values(rows(draftLines, 'purchases_order_id', draft));

  // Last month's bill of freight and shop supplies, validated, a first payment made.
  const bill = newId();
  const billLines = priced([
    { product_id: null, description: 'Frais de transport', quantity: '1', unit_price: 4500 },
    { product_id: null, description: 'Chiffons et absorbants', quantity: '3', unit_price: 1899 },
  ]);
  const totals = tradeDocumentTotals(billLines);
  const paid = Math.round(totals.total / 2);
  await db.insert(purchasesInvoices).values({
    id: bill,
    ...base,
    code: await nextRecordCode(db, org.id, 'PF'),
    state: 'validated',
    supplier_id: supplier.id,
    supplier_reference: 'F-77120',
    issued_on: today(),
    creator_id: by,
    validated_by_id: by,
    validated_at: new Date().toISOString(),
    ...totals,
    amount_paid: paid,
    balance: totals.total - paid,
    payment_status: 'partially_paid',
  });
  await db.insert(purchasesInvoiceItems).values(rows(billLines, 'purchases_invoice_id', bill));
  await db.insert(purchasesPayments).values({ ...base, purchases_invoice_id: bill, amount: paid, paid_on: today(), method: 'cheque', reference: 'CHQ-1042', creator_id: by });
}
