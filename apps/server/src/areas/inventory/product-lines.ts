import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { WriteInput } from '../../jsonapi/define-resource.ts';
import { supplierProducts } from '../purchases/purchases.table.ts';
import { products } from './inventory.table.ts';

// A work line (an estimate's or a repair's item) naming an inventory part (issue 22): the part
// fills what the line leaves empty (its name, its number, the customer's price, the supplier it is
// cheapest from), never what a person typed; everything stays editable.

type Line = { product_id?: string | null; part?: string | null; part_number?: string | null; unit_price?: number | null; supplier_id?: string | null };

export async function fillFromProduct(ctx: RequestContext, organizationId: string, input: WriteInput, existing: Line | null) {
  const v = input.values;
  const productId = input.present.has('product') ? (v.product_id as string | null) : null;
  if (!productId || productId === existing?.product_id) return;
  const given = (name: keyof Line, relationship: string = name) => (input.present.has(relationship) ? v[name] : existing?.[name]);
  Object.assign(v, await productFill(ctx.db, organizationId, productId, { part: given('part'), part_number: given('part_number'), unit_price: given('unit_price'), supplier_id: given('supplier_id', 'supplier') }));
}

/** What the product fills of a line's part, number, price and supplier that the line leaves empty (nothing when the product is not the organization's). */
export async function productFill(db: Db, organizationId: string, productId: string, line: Record<Exclude<keyof Line, 'product_id'>, unknown>): Promise<Partial<Line>> {
  const [product] = await db.select().from(products).where(and(eq(products.id, productId), eq(products.organization_id, organizationId)));
  if (!product) return {};
  const empty = (x: unknown) => x === null || x === undefined || (typeof x === 'string' && !x.trim());
  const fill: Partial<Line> = {};
  if (empty(line.part)) fill.part = product.name;
  if (empty(line.part_number)) fill.part_number = product.part_number ?? product.sku;
  if (empty(line.unit_price)) fill.unit_price = product.selling_price ?? product.price ?? null;
  if (empty(line.supplier_id)) {
    const [offer] = await db.select({ supplier_id: supplierProducts.supplier_id }).from(supplierProducts).where(eq(supplierProducts.product_id, product.id)).orderBy(asc(supplierProducts.cost)).limit(1);
    if (offer) fill.supplier_id = offer.supplier_id;
  }
  return fill;
}
