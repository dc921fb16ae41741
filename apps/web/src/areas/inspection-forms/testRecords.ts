import type { RecordOf } from '@atelier/domain';

// Test data of the area's tests: records as the API serves them, every attribute given a value
// (the ones a test does not name take the server's defaults).

type Field = RecordOf<'inspection-form-section-fields'>;
type Section = RecordOf<'inspection-form-sections'>;

const stamps = { created_at: '2026-01-05T09:00:00.000Z', updated_at: '2026-01-05T09:00:00.000Z' };

export const fieldRecord = (id: string, attrs: Partial<Field> = {}): Field => ({
  id,
  type: 'inspection-form-section-fields',
  name: id,
  name_en: null,
  field_type: 'CHECK',
  points_threshold: [],
  order_number: 0,
  can_upload_image: false,
  can_add_comment: false,
  enable_na: false,
  safety_critical: false,
  required: true,
  is_copy: false,
  icon: null,
  coefficient: '1',
  conditional_field: false,
  conditions: [],
  condition_relation: 'and',
  ...stamps,
  ...attrs,
});

/** A section, or a sub-section (given its parent). */
export const sectionRecord = (id: string, attrs: Partial<Section> = {}): Section => ({
  id,
  type: 'inspection-form-sections',
  name: id,
  name_en: null,
  icon: null,
  factor: '1',
  order_number: 0,
  ...stamps,
  ...attrs,
});
