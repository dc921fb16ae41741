import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CONDITION_RELATIONS,
  FIELD_TYPES,
  MULTIPLIER_FIELDS,
  MULTIPLIER_OPERATIONS,
  MULTIPLIER_TYPES,
  type ConditionRelation,
  type FieldConditionRecord,
  type FieldType,
  type MultiplierField,
  type MultiplierOperation,
  type MultiplierType,
  type PointsThreshold,
} from '@atelier/domain';
import { at, id, oneOf, placedColumns, valueChecks } from '../../db/columns.ts';
import { organizationId, tenantTable } from '../admin/admin.table.ts';

// Inspection forms and their parts (spec §3, issue 10). Every part carries the form's
// organization_id (distribution by organization) and goes with the form (ON DELETE CASCADE).

/** An inspection form. `version` is the number of its latest frozen version (inspection_form_versions). */
export const inspectionForms = tenantTable(
  'inspection_forms',
  {
    name: text('name').notNull(),
    description: text('description'),
    is_active: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(0),
    /** Kept by a trigger on inspections (migration 0006): the inspections made from it, not canceled. */
    inspections_count: integer('inspections_count').notNull().default(0),
    ...placedColumns(),
  },
  (t) => [
    index('inspection_forms_org_name_idx').on(t.organization_id, sql`lower(${t.name})`),
    index('inspection_forms_location_ids_idx').using('gin', t.location_ids),
  ],
);

const formId = () =>
  uuid('inspection_form_id')
    .notNull()
    .references((): AnyPgColumn => inspectionForms.id, { onDelete: 'cascade' });

/** A section (parent_id null) or a sub-section (parent_id: a top-level section of the same form). */
export const inspectionFormSections = tenantTable(
  'inspection_form_sections',
  {
    inspection_form_id: formId(),
    parent_id: uuid('parent_id').references((): AnyPgColumn => inspectionFormSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The English label; French (name) when empty. */
    name_en: text('name_en'),
    icon: text('icon'),
    factor: numeric('factor').notNull().default('1'),
    order_number: integer('order_number').notNull().default(0),
    /** The reseller template's part it was adopted from (areas/templates): how an update finds it. */
    template_key: uuid('template_key'),
  },
  (t) => [
    index('inspection_form_sections_form_idx').on(t.inspection_form_id, t.order_number),
    index('inspection_form_sections_parent_idx').on(t.parent_id, t.order_number),
    check('inspection_form_sections_factor_check', sql`${t.factor} >= 0`),
  ],
);

/** A field of a sub-section; inspection_form_id is its sub-section's form (stamped by the server). */
export const inspectionFormSectionFields = tenantTable(
  'inspection_form_section_fields',
  {
    inspection_form_id: formId(),
    section_id: uuid('section_id')
      .notNull()
      .references((): AnyPgColumn => inspectionFormSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    name_en: text('name_en'),
    field_type: text('field_type').$type<FieldType>().notNull(),
    points_threshold: jsonb('points_threshold').$type<PointsThreshold[]>().notNull().default([]),
    order_number: integer('order_number').notNull().default(0),
    can_upload_image: boolean('can_upload_image').notNull().default(false),
    can_add_comment: boolean('can_add_comment').notNull().default(false),
    enable_na: boolean('enable_na').notNull().default(false),
    safety_critical: boolean('safety_critical').notNull().default(false),
    /** Must be answered (or not applicable) to complete an inspection; a new TEXT field is not (requiredByDefault). */
    required: boolean('required').notNull().default(true),
    is_copy: boolean('is_copy').notNull().default(false),
    // NO ACTION: the server refuses to delete a copied field first (a 409 naming its copies); a
    // whole form or section still goes, its copies with it, in one statement.
    copied_field_id: uuid('copied_field_id').references((): AnyPgColumn => inspectionFormSectionFields.id),
    icon: text('icon'),
    coefficient: numeric('coefficient').notNull().default('1'),
    conditional_field: boolean('conditional_field').notNull().default(false),
    conditions: jsonb('conditions').$type<FieldConditionRecord[]>().notNull().default([]),
    condition_relation: text('condition_relation').$type<ConditionRelation>().notNull().default('and'),
    /** The reseller template's field it was adopted from (areas/templates). */
    template_key: uuid('template_key'),
  },
  (t) => [
    index('inspection_form_section_fields_section_idx').on(t.section_id, t.order_number),
    index('inspection_form_section_fields_form_idx').on(t.inspection_form_id),
    index('inspection_form_section_fields_copied_idx').on(t.copied_field_id),
    oneOf('inspection_form_section_fields_type_check', t.field_type, FIELD_TYPES),
    oneOf('inspection_form_section_fields_relation_check', t.condition_relation, CONDITION_RELATIONS),
    check('inspection_form_section_fields_coefficient_check', sql`${t.coefficient} >= 0`),
  ],
);

export const inspectionFormMultipliers = tenantTable(
  'inspection_form_multipliers',
  {
    inspection_form_id: formId(),
    type: text('type').$type<MultiplierType>().notNull(),
    field: text('field').$type<MultiplierField>().notNull(),
    operation: text('operation').$type<MultiplierOperation>().notNull(),
    value: text('value').notNull(),
    multiplier: numeric('multiplier').notNull(),
  },
  (t) => [
    index('inspection_form_multipliers_form_idx').on(t.inspection_form_id),
    ...valueChecks('inspection_form_multipliers', t, { type: MULTIPLIER_TYPES, field: MULTIPLIER_FIELDS, operation: MULTIPLIER_OPERATIONS }),
    check('inspection_form_multipliers_multiplier_check', sql`${t.multiplier} >= 0`),
  ],
);

export const inspectionFormNotes = tenantTable(
  'inspection_form_notes',
  {
    inspection_form_id: formId(),
    minimum_value: integer('minimum_value').notNull(),
    maximum_value: integer('maximum_value').notNull(),
    text: text('text').notNull(),
    text_en: text('text_en'),
  },
  (t) => [
    index('inspection_form_notes_form_idx').on(t.inspection_form_id, t.minimum_value),
    check('inspection_form_notes_range_check', sql`${t.minimum_value} <= ${t.maximum_value}`),
  ],
);

export const inspectionFormReminders = tenantTable(
  'inspection_form_reminders',
  {
    inspection_form_id: formId(),
    text: text('text').notNull(),
    text_en: text('text_en'),
    /** Its place in the form's list (written by the engine: a child collection's order). */
    order_number: integer('order_number').notNull().default(0),
  },
  (t) => [index('inspection_form_reminders_form_idx').on(t.inspection_form_id, t.order_number)],
);

/**
 * A frozen version of a form's structure (sections, sub-sections, fields, multipliers, notes), made
 * when an inspection is made from the form and the structure changed since the last version
 * (versions.ts). Inspections keep the version they were made from; editing the form never
 * changes a version.
 */
export const inspectionFormVersions = pgTable(
  'inspection_form_versions',
  {
    id: id(),
    organization_id: organizationId(),
    inspection_form_id: formId(),
    number: integer('number').notNull(),
    structure: jsonb('structure').notNull(),
    /** SHA-256 of the structure's canonical JSON: an unchanged structure is found again by it. */
    hash: text('hash').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inspection_form_versions_form_number_unique').on(t.inspection_form_id, t.number)],
);
