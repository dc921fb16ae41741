import { productCents, sumTaxes, tradeLineTotals, type TaxAmount, type TaxRate } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Filter, ResourceDefinition, Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { rel, type Storage } from '../../jsonapi/relationships.ts';
import type { WorkflowParts } from '../../jsonapi/workflow.ts';
import { defaultTaxGroup, taxesOfGroup } from '../estimations/estimation-lines.ts';
import { products } from '../inventory/inventory.table.ts';
import { taxesOfGroups } from '../../reports/document-data.ts';

// A priced line of a trade document (issue 22): what the line hooks of orders and invoices do
// alike. The product fills what the line leaves empty (its name, its price, its tax group), never
// what a person typed; the line's totals are the domain's (trade.ts), with its group's taxes.

type Line = Record<string, unknown>;

/** The document a line belongs to, as its hook needs it. */
export interface LineDocument {
  organization_id: string;
  [key: string]: unknown;
}

/**
 * What a type of a document's lines declares as every other (spread into its defineResource): what
 * it takes from its document's workflow (`flow.lines`), its organization, its document (`line.document`:
 * the relationship, `line.foreignKey`: its column) and the product it names, also under the name its
 * declaration gives the product's polymorphic side (`line.productAs`); the filters on the document
 * and the product; its label in notifications, its description. `more`: the type's other relationships.
 */
export function lineParts<D extends string, P extends string, M extends Record<string, Storage> = Record<never, Storage>>(
  flow: Pick<WorkflowParts, 'lines'>,
  document: ResourceDefinition,
  line: { document: D; foreignKey: string; productAs: P },
  more = {} as M,
) {
  const product = rel.belongsTo('product_id');
  const relationships = { organization: rel.belongsTo('organization_id'), [line.document]: rel.belongsTo(line.foreignKey), product, [line.productAs]: product, ...more };
  return {
    ...flow.lines(document, line.foreignKey),
    relationships: relationships as Record<'organization' | D | 'product' | P, Storage> & M,
    filters: { [line.document]: filter.ids(line.foreignKey, line.document), product: filter.ids('product_id', 'product') } as Record<D | 'product', Filter>,
    notify: { label: (row: Row) => String(row.description ?? '') },
  };
}

/** The document a line is written in: the parent whose document carries it, else read by the line's `foreignKey`. */
export async function documentOfLine<T extends PgTable>(ctx: RequestContext, table: T, foreignKey: string, input: WriteInput, existing: Line | null): Promise<T['$inferSelect']> {
  if (input.parent) return input.parent as T['$inferSelect'];
  const id = String(input.values[foreignKey] ?? existing?.[foreignKey]);
  const [document] = await ctx.db.select().from(table as PgTable).where(eq(column(table, 'id'), id));
  return document as T['$inferSelect'];
}

/**
 * Fills, checks and prices a line of a module's document before it is written (a new line without
 * a tax group takes the module's default from the settings): `priceOf` says what a product costs on
 * this document (a purchase: the supplier's price, else the product's buying price).
 */
export async function priceTradeLine(
  ctx: RequestContext,
  module: 'purchases' | 'sales',
  document: LineDocument,
  input: WriteInput,
  existing: Line | null,
  priceOf: (product: typeof products.$inferSelect) => Promise<number | null> | number | null,
) {
  const v = input.values;
  const given = (name: string, key = name) => (input.present.has(name) ? v[key] : existing?.[key]);
  const productId = given('product', 'product_id') as string | null | undefined;
  const productChanged = input.present.has('product') && productId && productId !== existing?.product_id;
  if (productChanged) {
    const [product] = await ctx.db.select().from(products).where(and(eq(products.id, productId), eq(products.organization_id, document.organization_id)));
    if (product) {
      // Only what is empty: a description or a price the person typed stays.
      if (!String(given('description') ?? '').trim()) v.description = product.name;
      if (given('unit_price') == null) v.unit_price = await priceOf(product);
      if (!given('taxGroup', 'tax_group_id') && product.tax_group_id) v.tax_group_id = product.tax_group_id;
    }
  }
  if (!productId && !String(given('description') ?? '').trim())
    throw ApiError.many([{ status: 422, code: 'trade.product_or_description', source: { pointer: attributePointer('description') } }]);
  // A new line without a tax group takes the settings' default; no group is never a choice.
  if (!existing && !given('taxGroup', 'tax_group_id')) v.tax_group_id = await defaultTaxGroup(ctx.db, document.organization_id, module);
  const line = { ...existing, ...v };
  Object.assign(v, await tradeLineColumns(ctx, line));
}

/** What the customer pays for a product: its selling price, else its price. */
export const sellingPrice = (product: typeof products.$inferSelect) => product.selling_price ?? product.price ?? null;

/**
 * The hook of a priced line (`beforeWrite`): its document read by `foreignKey` in `table`, the line
 * filled and priced by priceTradeLine with what `priceOf` says a product costs on that document.
 */
export function pricedLine<T extends PgTable & { $inferSelect: LineDocument }>(
  module: 'purchases' | 'sales',
  table: T,
  foreignKey: string,
  priceOf: (product: typeof products.$inferSelect, ctx: RequestContext, document: T['$inferSelect']) => Promise<number | null> | number | null,
) {
  return async (ctx: RequestContext, input: WriteInput, existing: Line | null) => {
    const document = await documentOfLine(ctx, table, foreignKey, input, existing);
    await priceTradeLine(ctx, module, document, input, existing, (product) => priceOf(product, ctx, document));
  };
}

/** A line's total columns by the domain's rule, with the taxes of its group. */
function totalColumns(line: Line, taxes: TaxRate[]) {
  const t = tradeLineTotals({ quantity: line.quantity as string, unit_price: (line.unit_price as number | null) ?? 0, discount: (line.discount as string | null) ?? 0, taxes });
  return { subtotal: t.subtotal, tax_total: t.tax, total: t.total, tax_details: t.taxes };
}

/** A line's total columns, by the domain's rule with its group's taxes. */
export async function tradeLineColumns(ctx: RequestContext, line: Line) {
  return totalColumns(line, await taxesOfGroup(ctx.db, line.tax_group_id as string | null));
}

/** Lines a server action writes, each with its total columns: the taxes of all their groups read once. */
export async function pricedLines<L extends Line>(ctx: RequestContext, lines: readonly L[]) {
  const groups = await taxesOfGroups(ctx.db, lines.map((l) => l.tax_group_id as string | null));
  return lines.map((l) => ({ ...l, ...totalColumns(l, groups.get(l.tax_group_id as string) ?? []) }));
}

/** A document's totals from its lines' stored ones (an ownsMany `derive`): sums, never recomputed apart. */
export function tradeDocumentTotals(items: readonly Line[]) {
  const sum = (k: string) => items.reduce((s, i) => s + Number(i[k] ?? 0), 0);
  const gross = items.reduce((s, i) => s + productCents(i.quantity as string, (i.unit_price as number | null) ?? 0), 0);
  return {
    item_count: items.length,
    subtotal: sum('subtotal'),
    discount_total: gross - sum('subtotal'),
    tax_total: sum('tax_total'),
    total: sum('total'),
    tax_details: sumTaxes(items.map((i) => (i.tax_details as TaxAmount[] | null) ?? [])),
  };
}

/** Who validated and who canceled a document (the stamps of its workflow, documentStampColumns). */
export const stampRelationships = () => ({
  validatedBy: rel.belongsTo('validated_by_id'),
  canceledBy: rel.belongsTo('canceled_by_id'),
});

/**
 * A trade document's filters (an order, a delivery, an invoice): its state, its `own` (its statuses,
 * its order, its party...), its words (its code, the `searched` columns, its notes), its tags.
 */
export const documentFilters = <F extends Record<string, Filter>>(own: F, searched: string[] = []) => ({
  state: filter.in('state'),
  ...own,
  search: filter.search(['code', ...searched, 'notes']),
  tags: filter.overlaps('tag_ids', 'tags'),
});

/**
 * What an invoice relates as every other (purchases, sales, reseller; `foreignKey`: its lines' and
 * payments' column naming it): its lines, whose totals are its own and its balance (lines change
 * only while it is a draft, before any payment), its payments, who made, validated and canceled it.
 */
export const invoiceRelationships = (foreignKey: string) => ({
  items: rel.ownsMany(foreignKey, {
    order: 'position',
    derive: (items) => {
      const totals = tradeDocumentTotals(items);
      return { ...totals, balance: totals.total };
    },
  }),
  payments: rel.hasMany(foreignKey),
  creator: rel.belongsTo('creator_id'),
  ...stampRelationships(),
});

/**
 * A line a server action writes (a reorder's, a repair's missing part): the product's name, the
 * price given, its tax group (else the module's default), priced as the line hook prices.
 */
export async function productLine(ctx: RequestContext, module: 'purchases' | 'sales', organizationId: string, product: typeof products.$inferSelect, quantity: string, unitPrice: number | null) {
  const line = {
    product_id: product.id,
    description: product.name,
    quantity,
    unit_price: unitPrice,
    discount: null,
    tax_group_id: product.tax_group_id ?? (await defaultTaxGroup(ctx.db, organizationId, module)),
  };
  return { ...line, ...(await tradeLineColumns(ctx, line)) };
}
