import { declarations, isCheckDigitValid, normalizeVin } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { pictureList } from '../files/picture-list.ts';
import { vinWarnings } from './vin.ts';
import { vehicles } from './vehicles.table.ts';

const FIRST_MODEL_YEAR = 1900;
/** Next year's models are sold from the summer before; one more year of margin. */
const lastModelYear = () => new Date().getFullYear() + 2;

const MAX_PICTURES = 50;

export const vehiclesResource = defineResource(declarations.vehicles, {
  table: vehicles,
  permissions: 'vehicles',
  tenancy: tenancy.organization(),
  forbiddenMessages: {
    viewAny: 'vehicle.forbidden_view',
    view: 'vehicle.forbidden_view',
    create: 'vehicle.forbidden_add',
    edit: 'vehicle.forbidden_edit',
  },
  attributes: {
    vin_check_digit_valid: (a) => a.isVirtual((r) => isCheckDigitValid(String(r.vin ?? ''))),
    model_year: (a) =>
      a.check((v) =>
        (v as number) >= FIRST_MODEL_YEAR && (v as number) <= lastModelYear()
          ? { ok: true, value: v }
          : { ok: false, code: 'validation.model_year', params: { min: FIRST_MODEL_YEAR, max: lastModelYear() } },
      ),
    // Plates are read back to the police and the SAAQ in capitals.
    registration_number: (a) => a.check((v) => ({ ok: true, value: String(v).toUpperCase() })),
    pictures: pictureList(MAX_PICTURES),
  },
  relationships: {
    ...placedRelationships(),
    customer: rel.belongsTo('customer_id'),
    mecanic: rel.belongsTo('mecanic_id'),
  },
  filters: {
    search: filter.search(['vin', 'make', 'model', 'sku', 'registration_number']),
    vin: filter.custom((value) => sql`${vehicles.vin} = ${normalizeVin(value)}`),
    make: filter.custom((value) => {
      const makes = value.split(',').map((m) => m.trim().toLowerCase()).filter(Boolean);
      // Decoded and typed makes differ in case ("HONDA", "Honda").
      return makes.length ? sql`lower(${vehicles.make}) IN (${sql.join(makes.map((m) => sql`${m}`), sql`, `)})` : undefined;
    }),
    model_year: filter.integers('model_year'),
    fuel_type: filter.in('fuel_type'),
    customer: filter.ids('customer_id', 'customer'),
    mecanic: filter.ids('mecanic_id', 'mecanic'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  uniques: { vehicles_org_vin_unique: { attribute: 'vin', code: 'vehicle.vin_taken' } },
  uploads: { pictures: { kinds: ['image'] } },
  warnings: (row) => vinWarnings(row.vin, 'vin'),
  notify: { label: (row) => [row.model_year, row.make, row.model, row.vin].filter(Boolean).join(' ') },
});
