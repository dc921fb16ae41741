import { documentTaxes, purchasesOrderWorkflow, type DocumentParty, type DocumentTax, type Locale, type TaxAmount } from '@atelier/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documentParties, namesOf, taxesOfGroups } from '../../../reports/document-data.ts';
import { partyOf } from '../../../reports/header.ts';
import { loadImages, wantedImages, type ImageSource } from '../../../reports/images.ts';
import { tradePdfLine, type TradePdfLine } from '../../../reports/trade-lines.ts';
import { locations } from '../../admin/admin.table.ts';
import { warehouses } from '../../inventory/inventory.table.ts';
import { purchasesOrderItems, type purchasesOrders } from '../documents.table.ts';
import { supplierProducts, suppliers } from '../purchases.table.ts';
import type { Storage } from '../../../storage/storage.ts';

// What a purchase order prints (issue 22, GET /purchases-orders/{id}/report), read once: the
// organization and the parts room it is delivered to, the supplier, the lines with the
// supplier's own codes, the totals the server stored, who placed it.

export interface PurchaseOrderLine extends TradePdfLine {
  /** The supplier's code for the part, else its part number. */
  reference: string | null;
}

export interface PurchaseOrderModel {
  locale: Locale;
  code: string;
  state: string;
  organization: DocumentParty;
  logo: string | null;
  /** Where the parts are delivered: the warehouse and its location's address. */
  deliverTo: { name: string; lines: string[] };
  supplier: { name: string; lines: string[] };
  dates: { created_at: string; validated_at: string | null; expected_on: string | null };
  supplierReference: string | null;
  issuer: string | null;
  lines: PurchaseOrderLine[];
  totals: { subtotal: number; discount: number; tax: number; total: number };
  taxes: DocumentTax[];
  notes: string | null;
  documentFooter: string | null;
}

type OrderRow = typeof purchasesOrders.$inferSelect;

export async function purchaseOrderData(db: Db, storage: Storage, row: OrderRow, locale: Locale): Promise<{ model: PurchaseOrderModel; images: ImageSource }> {
  const [[room], [supplier], items] = await Promise.all([
    db.select().from(warehouses).where(eq(warehouses.id, row.destination_warehouse_id)),
    db.select().from(suppliers).where(eq(suppliers.id, row.supplier_id)),
    db.select().from(purchasesOrderItems).where(eq(purchasesOrderItems.purchases_order_id, row.id)).orderBy(asc(purchasesOrderItems.position), asc(purchasesOrderItems.id)),
  ]);
  const products = items.flatMap((i) => (i.product_id ? [i.product_id] : []));
  const [parties, [place], codes, taxes, people] = await Promise.all([
    documentParties(db, { organization_id: row.organization_id, location_ids: [room.location_id], vehicle_id: null, customer_id: null, odometer: null }),
    db.select().from(locations).where(eq(locations.id, room.location_id)),
    products.length ? db.select().from(supplierProducts).where(and(eq(supplierProducts.supplier_id, row.supplier_id), inArray(supplierProducts.product_id, products))) : [],
    taxesOfGroups(db, items.map((i) => i.tax_group_id)),
    namesOf(db, [row.issuer_id]),
  ]);
  const codeOf = new Map(codes.map((c) => [c.product_id, c.supplier_sku]));
  const model: PurchaseOrderModel = {
    locale,
    code: row.code ?? '',
    state: purchasesOrderWorkflow.stateLabels[row.state][locale],
    organization: parties.organization,
    logo: parties.organization.logo,
    deliverTo: { name: room.name, lines: place ? partyOf(place).lines : [] },
    supplier: supplier ? partyOf({ ...supplier, name: supplier.company_name }) : { name: '', lines: [] },
    dates: { created_at: row.created_at, validated_at: row.validated_at, expected_on: row.expected_on },
    supplierReference: row.supplier_reference,
    issuer: row.issuer_id ? (people.get(row.issuer_id) ?? null) : null,
    lines: items.map((i, n) => ({ ...tradePdfLine(i, n), reference: (i.product_id ? codeOf.get(i.product_id) : null) ?? null })),
    totals: { subtotal: row.subtotal, discount: row.discount_total, tax: row.tax_total, total: row.total },
    taxes: documentTaxes(row.tax_details as TaxAmount[], items.map((i) => (i.tax_group_id ? taxes.get(i.tax_group_id) : null))),
    notes: row.notes,
    documentFooter: (parties.options['general.document_footer'] as string | undefined) ?? null,
  };
  return { model, images: loadImages(db, storage, wantedImages({ photos: [], logo: model.logo }), parties.owners) };
}
