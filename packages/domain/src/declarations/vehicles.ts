import { attr, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { DRIVETRAINS, DRIVETRAIN_LABELS, FUEL_TYPES, FUEL_TYPE_LABELS, ODOMETER_UNITS, ODOMETER_UNIT_LABELS, TRANSMISSIONS, TRANSMISSION_LABELS, VEHICLE_CLASS_CODES, VEHICLE_CLASS_CODE_LABELS } from '../vehicles/vehicle-enums.ts';

export const vehicles = declare('vehicles', {
  attributes: {
    vin: attr.vin().isRequired(),
    vin_check_digit_valid: attr.boolean().isReadOnly(),
    make: attr.string().max(100),
    model: attr.string().max(100),
    series: attr.string().max(100),
    model_year: attr.integer(),
    style: attr.string().max(100),
    engine_description: attr.string().max(255),
    fuel_type: attr.enum(FUEL_TYPES, FUEL_TYPE_LABELS),
    transmission: attr.enum(TRANSMISSIONS, TRANSMISSION_LABELS),
    drivetrain: attr.enum(DRIVETRAINS, DRIVETRAIN_LABELS),
    class_code: attr.enum(VEHICLE_CLASS_CODES, VEHICLE_CLASS_CODE_LABELS),
    class_name: attr.string().max(100),
    sku: attr.string().max(50),
    registration_number: attr.string().max(20),
    odometer: attr.integer().min(0).max(9_999_999),
    odometer_unit: attr.enum(ODOMETER_UNITS, ODOMETER_UNIT_LABELS).notNull(),
    color: attr.string().max(50),
    pictures: attr.stringList().notNull(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    customer: rel.toOne('customers'),
    mecanic: rel.toOne('users'),
  },
  filters: ['search', 'vin', 'make', 'model_year', 'fuel_type', 'customer', 'mecanic', 'tags'],
  sorts: ['created_at', 'updated_at', 'vin', 'make', 'model', 'model_year', 'odometer', 'sku', 'registration_number'],
  defaultSort: '-created_at',
});
