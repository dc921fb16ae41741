import { attr, declare, rel } from '../declare/declare.ts';
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
  attributes: {
    source: attr.enum(APPRAISAL_SOURCES, APPRAISAL_SOURCE_LABELS).notNull().isReadOnly(),
    vin: attr.string().isReadOnly(),
    year: attr.integer().isReadOnly(),
    make: attr.string().isReadOnly(),
    model: attr.string().isReadOnly(),
    series: attr.string().isReadOnly(),
    style: attr.string().isReadOnly(),
    mileage: attr.integer().notNull().isReadOnly(),
    province: attr.enum(PROVINCES).notNull().isReadOnly(),
    condition: attr.enum(CONDITIONS, CONDITION_LABELS).notNull().isReadOnly(),
    accident: attr.boolean().isReadOnly(),
    rebuilt: attr.boolean().isReadOnly(),
    damage_cost: attr.integer().notNull().isReadOnly(),
    desired_profit: attr.integer().notNull().isReadOnly(),
    aggression_percentage: attr.decimal().notNull().isReadOnly(),
    offer: attr.integer().notNull().isReadOnly(),
    market_retail: attr.integer().notNull().isReadOnly(),
    range_low: attr.integer().isReadOnly(),
    range_high: attr.integer().isReadOnly(),
    steps: attr.json<OfferStep[]>().isReadOnly(),
    reconditioning_cents: attr.money().notNull().isReadOnly(),
    reconditioning_origin: attr.enum(RECONDITIONING_ORIGINS, RECONDITIONING_ORIGIN_LABELS).notNull().isReadOnly(),
    inspection_score: attr.integer().isReadOnly(),
    key_hint: attr.string().isReadOnly(),
    host: attr.string().isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
  },
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
