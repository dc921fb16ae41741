import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { FIELD_ACTIONS, TIRE_SEASONS, TIRE_TYPES, type FieldAction, type InspectionScoreData, type InspectionState, type TireSeason, type TireType, inspectionWorkflow } from '@atelier/domain';
import { instants, oneOf, ownedBy, valueChecks } from '../../db/columns.ts';
import { userRefs, tenantTable } from '../admin/admin.table.ts';
import { workDocumentTable } from '../admin/work-columns.ts';
import { customers } from '../crm/crm.table.ts';
import { requests } from '../requests/requests.table.ts';
import { estimations } from '../estimations/estimations.table.ts';
import { repairs } from '../repairs/repairs.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { inspectionFormVersions, inspectionForms } from './inspection-forms.table.ts';


/**
 * An inspection (spec §3): made from a frozen version of its form. The form and the version are
 * referenced without cascade, so a form used by inspections is not deleted (409 error.in_use).
 */
export const inspections = workDocumentTable(
  'inspections',
  inspectionWorkflow.states,
  {
    /** I-2026-000042: given by the database (assign_record_code, migration 0006), unique per organization. */
    code: text('code'),
    state: text('state').$type<InspectionState>().notNull().default('pending'),
    inspection_form_id: uuid('inspection_form_id')
      .notNull()
      .references(() => inspectionForms.id),
    inspection_form_version_id: uuid('inspection_form_version_id')
      .notNull()
      .references(() => inspectionFormVersions.id),
    form_version: integer('form_version').notNull(),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    request_id: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    vehicle_id: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The estimate made from it (estimations area); the two tables point at each other, hence the typed lazy reference. */
    estimation_id: uuid('estimation_id').references((): AnyPgColumn => estimations.id, { onDelete: 'set null' }),
    /** The repair its estimate opened (estimations/repair-link.ts). */
    repair_id: uuid('repair_id').references((): AnyPgColumn => repairs.id, { onDelete: 'set null' }),
    ...userRefs('creator_id', 'started_by_id', 'holder_id', 'completed_by_id', 'approved_by_id'),
    /** Who is designated to approve it (spec §3 approver); approving still needs the approve permission. */
    ...userRefs('approver_id', 'canceled_by_id'),
    ...instants('started_at', 'completed_at', 'approved_at', 'canceled_at'),
    touched_sections: text('touched_sections').array().notNull().default(sql`'{}'::text[]`),
    odometer: integer('odometer'),
    tire_type: text('tire_type').$type<TireType>(),
    tire_season: text('tire_season').$type<TireSeason>(),
    battery_amps: integer('battery_amps'),
    battery_volts: numeric('battery_volts'),
    battery_charge: integer('battery_charge'),
    comments: text('comments'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    signature: text('signature'),
    shared: boolean('shared').notNull().default(false),
    score_data: jsonb('score_data').$type<InspectionScoreData>(),
    vehicle_score: integer('vehicle_score'),
    /** Its visible fields' points and maximum, written with the scores (migration 0015 gave those of the inspections scored before). */
    points: numeric('points'),
    max_points: numeric('max_points'),
  },
  (t) => [
    index('inspections_form_idx').on(t.inspection_form_id),
    index('inspections_version_idx').on(t.inspection_form_version_id),
    index('inspections_request_idx').on(t.request_id),
    ...valueChecks('inspections', t, { tire_type: TIRE_TYPES, tire_season: TIRE_SEASONS }),
  ],
);

/**
 * An inspection's answer to one field of its version. `field_id` is the field's id in the frozen
 * structure (the live field's id, kept once that field is deleted): no foreign key.
 */
export const inspectionFields = tenantTable(
  'inspection_fields',
  {
    inspection_id: ownedBy('inspection_id', () => inspections.id),
    field_id: uuid('field_id').notNull(),
    /** The field's place in its version's order. */
    position: integer('position').notNull(),
    value: jsonb('value'),
    action: text('action').$type<FieldAction>(),
    touched: boolean('touched').notNull().default(false),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    video: text('video'),
    comment: text('comment'),
    not_applicable: boolean('not_applicable').notNull().default(false),
    points: numeric('points').notNull().default('0'),
    max_points: numeric('max_points').notNull().default('0'),
    score: integer('score').notNull().default(100),
  },
  (t) => [
    uniqueIndex('inspection_fields_inspection_field_unique').on(t.inspection_id, t.field_id),
    index('inspection_fields_inspection_idx').on(t.inspection_id, t.position),
    oneOf('inspection_fields_action_check', t.action, FIELD_ACTIONS),
  ],
);
