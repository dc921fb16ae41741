import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import { PROVINCES } from '../locale.ts';
import { CONDITIONS, CONDITION_LABELS } from '../pricing/types.ts';
import { defineEnum } from '../enums.ts';

export const [SALE_KINDS, SALE_KIND_LABELS] = defineEnum('sale_kinds', ['sale', 'listing']);
export type SaleKind = (typeof SALE_KINDS)[number];

/**
 * A vehicle the organization sold, or listed for sale (the "vehicle sales" import model): the
 * market data the built-in valuation ("ESS") compares a trade-in with. The price is the sold
 * price of a sale, the asking price of a listing; the date is the sale's or the listing's.
 */
export const vehicleSales = declare('vehicle-sales', {
  attributes: {
    vin: attr.vin(),
    year: attr.integer().isRequired().min(1950).max(2100),
    make: attr.string().isRequired().max(100),
    model: attr.string().isRequired().max(100),
    series: attr.string().max(150),
    style: attr.string().max(150),
    kind: attr.enum(SALE_KINDS, SALE_KIND_LABELS).notNull(),
    price: attr.money().isRequired().min(0).max(100_000_000),
    sold_on: attr.date().isRequired(),
    kilometers: attr.integer().isRequired().min(0).max(2_000_000),
    province: attr.enum(PROVINCES),
    condition: attr.enum(CONDITIONS, CONDITION_LABELS),
    accident: attr.boolean(),
    rebuilt: attr.boolean(),
    days_on_market: attr.integer().min(0).max(3650),
    is_demo: attr.boolean().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['search', 'make', 'model', 'year', 'kind'],
  sorts: ['sold_on', 'price', 'year', 'make', 'model', 'kilometers', 'created_at'],
  defaultSort: '-sold_on',
});
