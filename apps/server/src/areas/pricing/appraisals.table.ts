import { APPRAISAL_SOURCES, CONDITIONS, PROVINCES, RECONDITIONING_ORIGINS, type OfferStep } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { valueChecks } from '../../db/columns.ts';
import { tenantTable, users } from '../admin/admin.table.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { requests } from '../requests/requests.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/**
 * A price estimate kept (issue 27): its inputs, its answer (whole dollars, as the estimate gives
 * them) and steps, the reconditioning an inspection brought (cents), and who asked: a user, the
 * API key (its hint) or the frame (its site, and the lead when the visitor left one).
 */
export const appraisals = tenantTable(
  'appraisals',
  {
    source: text('source').notNull(),
    vehicle_id: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vin: text('vin'),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    series: text('series'),
    style: text('style'),
    mileage: integer('mileage').notNull(),
    province: text('province').notNull(),
    condition: text('condition').notNull(),
    accident: boolean('accident').notNull().default(false),
    rebuilt: boolean('rebuilt').notNull().default(false),
    damage_cost: integer('damage_cost').notNull().default(0),
    desired_profit: integer('desired_profit').notNull().default(0),
    aggression_percentage: numeric('aggression_percentage').notNull().default('0'),
    offer: integer('offer').notNull(),
    market_retail: integer('market_retail').notNull(),
    range_low: integer('range_low'),
    range_high: integer('range_high'),
    steps: jsonb('steps').$type<OfferStep[]>().notNull().default([]),
    reconditioning_cents: integer('reconditioning_cents').notNull().default(0),
    reconditioning_origin: text('reconditioning_origin').notNull().default('none'),
    inspection_id: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    inspection_score: integer('inspection_score'),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    key_hint: text('key_hint'),
    host: text('host'),
    lead_id: uuid('lead_id').references(() => requests.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('appraisals_org_created_idx').on(t.organization_id, t.created_at),
    index('appraisals_vehicle_idx').on(t.vehicle_id),
    index('appraisals_org_vin_idx').on(t.organization_id, sql`lower(${t.vin})`),
    ...valueChecks('appraisals', t, { source: APPRAISAL_SOURCES, province: PROVINCES, condition: CONDITIONS, reconditioning_origin: RECONDITIONING_ORIGINS }),
  ],
);
