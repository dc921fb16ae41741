import { attr, declare, rel, serverWritten } from '../declare/declare.ts';
import { defineEnum } from '../enums.ts';
import { PROVINCES } from '../locale.ts';
import type { OfferStep } from '../pricing/offer.ts';
import { RECONDITIONING_ORIGINS, RECONDITIONING_ORIGIN_LABELS } from '../pricing/reconditioning.ts';
import { CONDITIONS, CONDITION_LABELS } from '../pricing/types.ts';

export const [APPRAISAL_SOURCES, APPRAISAL_SOURCE_LABELS] = defineEnum('appraisal_sources', ['screen', 'api', 'frame']);
export type AppraisalSource = (typeof APPRAISAL_SOURCES)[number];

/**
 * A price estimate kept (issue 27 "the trade-in loop"): what was asked (the vehicle, its
 * kilometres and condition, the margin), what was answered (the offer, its steps, the market's
 * range), the reconditioning an inspection of the vehicle brought, who asked and when. Written by
 * the estimation routes, never edited: read, listed and compared with the sale afterwards.
 * Money is whole dollars, as the estimate answers it, apart from the reconditioning in cents.
 */
export const appraisals = declare('appraisals', {
  attributes: serverWritten({
    source: attr.enum(APPRAISAL_SOURCES, APPRAISAL_SOURCE_LABELS).notNull(),
    vin: attr.string(),
    year: attr.integer(),
    make: attr.string(),
    model: attr.string(),
    series: attr.string(),
    style: attr.string(),
    mileage: attr.integer().notNull(),
    province: attr.enum(PROVINCES).notNull(),
    condition: attr.enum(CONDITIONS, CONDITION_LABELS).notNull(),
    accident: attr.boolean(),
    rebuilt: attr.boolean(),
    damage_cost: attr.integer().notNull(),
    desired_profit: attr.integer().notNull(),
    aggression_percentage: attr.decimal().notNull(),
    offer: attr.integer().notNull(),
    market_retail: attr.integer().notNull(),
    range_low: attr.integer(),
    range_high: attr.integer(),
    steps: attr.json<OfferStep[]>(),
    reconditioning_cents: attr.money().notNull(),
    reconditioning_origin: attr.enum(RECONDITIONING_ORIGINS, RECONDITIONING_ORIGIN_LABELS).notNull(),
    inspection_score: attr.integer(),
    key_hint: attr.string(),
    host: attr.string(),
    created_at: attr.datetime(),
  }),
  relationships: {
    vehicle: rel.toOne('vehicles', { readOnly: true }),
    inspection: rel.toOne('inspections', { readOnly: true }),
    user: rel.toOne('users', { readOnly: true }),
    lead: rel.toOne('requests', { readOnly: true }),
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['vehicle', 'source', 'search', 'created_from', 'created_to'],
  sorts: ['created_at', 'offer', 'year', 'mileage'],
  defaultSort: '-created_at',
});
