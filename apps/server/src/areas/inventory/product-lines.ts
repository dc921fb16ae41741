import { environmentalFeeCents, parseMarkupMatrix, partPriceCents, type EnvironmentalFeeKind } from '@atelier/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { WriteInput } from '../../jsonapi/define-resource.ts';
import { organizations } from '../admin/admin.table.ts';
import { optionValue } from '../estimations/estimation-lines.ts';
import { supplierProducts } from '../purchases/purchases.table.ts';
import { products } from './inventory.table.ts';

// A work line (an estimate's or a repair's item) naming an inventory part (issue 22): the part
// fills what the line leaves empty (its name, its number, the customer's price, the supplier it is
// cheapest from), never what a person typed; everything stays editable. Issue 27: the price comes
// from the part's cost by the settings' markup matrix when it has rows (else the product's selling
// price), and the line keeps the part's cost (the margin's base), its environmental fee (the
// settings' amount for the organization's province) and its core charge.

type Line = {
  product_id?: string | null;
  part?: string | null;
  part_number?: string | null;
  unit_price?: number | null;
  supplier_id?: string | null;
  unit_cost?: number | null;
  environmental_fee_kind?: EnvironmentalFeeKind | null;
  environmental_fee?: number | null;
  core_charge?: number | null;
};
/** What a product fills on a line. */
const FILLED = ['part', 'part_number', 'unit_price', 'supplier_id', 'unit_cost', 'environmental_fee_kind', 'environmental_fee', 'core_charge'] as const;
type Filled = (typeof FILLED)[number];

/**
 * Fills a line from the product it now names. On a change of product, what the previous product put
 * there and nobody changed since (the web sends a line's every field, so "sent as it was" is not
 * typed) is that product's, not a person's: the new product replaces it, or clears it when it has
 * none. A value typed by a person stays, now as before.
 */
export async function fillFromProduct(ctx: RequestContext, organizationId: string, input: WriteInput, existing: Line | null) {
  const v = input.values;
  const productId = input.present.has('product') ? (v.product_id as string | null) : null;
  if (!productId || productId === existing?.product_id) return;
  const given = (name: Filled) => (input.present.has(name === 'supplier_id' ? 'supplier' : name) ? v[name] : existing?.[name]);
  const previous = existing?.product_id ? await productFill(ctx.db, organizationId, existing.product_id, {}) : {};
  const fromPrevious = new Set(FILLED.filter((n) => existing && Object.hasOwn(previous, n) && same(given(n), existing[n]) && same(existing[n], previous[n])));
  const fill = await productFill(ctx.db, organizationId, productId, Object.fromEntries(FILLED.map((n) => [n, fromPrevious.has(n) ? null : given(n)])));
  for (const n of fromPrevious) v[n] = null;
  Object.assign(v, fill);
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** What the product fills of a line's part, number, price and supplier that the line leaves empty (nothing when the product is not the organization's). */
export async function productFill(db: Db, organizationId: string, productId: string, line: Partial<Record<Filled, unknown>>): Promise<Partial<Line>> {
  const [product] = await db.select().from(products).where(and(eq(products.id, productId), eq(products.organization_id, organizationId)));
  if (!product) return {};
  const empty = (x: unknown) => x === null || x === undefined || (typeof x === 'string' && !x.trim());
  const fill: Partial<Line> = {};
  if (empty(line.part)) fill.part = product.name;
  if (empty(line.part_number)) fill.part_number = product.part_number ?? product.sku;
  if (empty(line.unit_cost) && product.buying_price !== null) fill.unit_cost = product.buying_price;
  if (empty(line.unit_price)) {
    const matrix = parseMarkupMatrix(await optionValue(db, organizationId, 'estimations.markup_matrix')) ?? [];
    fill.unit_price = matrix.length && product.buying_price !== null ? partPriceCents(null, product.buying_price, matrix) : (product.selling_price ?? product.price ?? null);
  }
  if (empty(line.core_charge) && product.core_charge) fill.core_charge = product.core_charge;
  if (product.environmental_fee_kind) {
    if (empty(line.environmental_fee_kind)) fill.environmental_fee_kind = product.environmental_fee_kind;
    // The fee of the product's kind, unless the line says another kind or a person typed the fee.
    if (empty(line.environmental_fee) && (fill.environmental_fee_kind ?? line.environmental_fee_kind) === product.environmental_fee_kind) {
      const [org] = await db.select({ province: organizations.province }).from(organizations).where(eq(organizations.id, organizationId));
      fill.environmental_fee = environmentalFeeCents(await optionValue(db, organizationId, 'estimations.environmental_fees'), org?.province, product.environmental_fee_kind);
    }
  }
  if (empty(line.supplier_id)) {
    const [offer] = await db.select({ supplier_id: supplierProducts.supplier_id }).from(supplierProducts).where(eq(supplierProducts.product_id, product.id)).orderBy(asc(supplierProducts.cost)).limit(1);
    if (offer) fill.supplier_id = offer.supplier_id;
  }
  return fill;
}
