import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DRIVETRAINS, FUEL_TYPES, ODOMETER_UNITS, TRANSMISSIONS, VEHICLE_CLASS_CODES } from '@atelier/domain';
import { listIndexes, placedColumns, valueChecks } from '../../db/columns.ts';
import { users, tenantTable } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';

/** A vehicle of an organization's customers or stock (spec §3 Vehicle). */
export const vehicles = tenantTable(
  'vehicles',
  {
    /** Normalised (upper-case, no spaces); unique per organization. */
    vin: text('vin').notNull(),
    make: text('make'),
    model: text('model'),
    series: text('series'),
    model_year: integer('model_year'),
    style: text('style'),
    engine_description: text('engine_description'),
    fuel_type: text('fuel_type'),
    transmission: text('transmission'),
    drivetrain: text('drivetrain'),
    class_code: text('class_code'),
    class_name: text('class_name'),
    /** The SKU or stock number. */
    sku: text('sku'),
    registration_number: text('registration_number'),
    odometer: integer('odometer'),
    odometer_unit: text('odometer_unit').notNull().default('km'),
    color: text('color'),
    /** Upload URLs (POST /uploads/vehicles/{id}/pictures appends one). */
    pictures: text('pictures')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    mecanic_id: uuid('mecanic_id').references(() => users.id, { onDelete: 'set null' }),
    ...placedColumns(),
  },
  (t) => [
    uniqueIndex('vehicles_org_vin_unique').on(t.organization_id, t.vin),
    // An import's chunk looks its VINs up without case (imports/matching.ts preload).
    index('vehicles_org_vin_lower_idx').on(t.organization_id, sql`lower(${t.vin})`),
    ...listIndexes('vehicles', t),
    index('vehicles_customer_idx').on(t.customer_id),
    index('vehicles_mecanic_idx').on(t.mecanic_id),
    ...valueChecks('vehicles', t, { fuel_type: FUEL_TYPES, transmission: TRANSMISSIONS, drivetrain: DRIVETRAINS, odometer_unit: ODOMETER_UNITS, class_code: VEHICLE_CLASS_CODES }),
  ],
);
