import { LOCALES } from '@atelier/domain';
import type { JsonSchema } from './jsonapi/define-resource.ts';

// Small builders of the JSON Schemas the hand-written routes describe their answers with
// (describeRoute): the nesting of objects and lists said once, so an answer's shape reads as its fields.

/** An object of exactly these properties: all required unless `required` names which. */
export const closedObject = (properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required: [...required],
  additionalProperties: false,
});

export const listOf = (items: JsonSchema, more: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...more });

export const STRING: JsonSchema = { type: 'string' };
export const INTEGER: JsonSchema = { type: 'integer' };
export const NULLABLE_STRING: JsonSchema = { type: ['string', 'null'] };

/** A JSON:API document's top members: `jsonapi`, then those given; all required unless `required` names which. */
export const apiDocument = (members: Record<string, JsonSchema>, required?: readonly string[]): JsonSchema =>
  closedObject({ jsonapi: { $ref: '#/components/schemas/jsonapi' }, ...members }, required ?? ['jsonapi', ...Object.keys(members)]);

/**
 * What the page of every public link begins with (a shared inspection report, an estimate's
 * approval, an invoice's page): the link's language and end, the organization, location and code
 * of its document; PUBLIC_LINK_REQUIRED, those always there.
 */
export const PUBLIC_LINK_HEAD: Record<string, JsonSchema> = {
  locale: { enum: [...LOCALES] },
  expires_at: { type: 'string', format: 'date-time' },
  organization: STRING,
  location: NULLABLE_STRING,
  code: STRING,
};
export const PUBLIC_LINK_REQUIRED = ['locale', 'expires_at', 'organization', 'code'] as const;

/** The vehicle a public page shows, when its document has one. */
export const PUBLIC_VEHICLE: Record<string, JsonSchema> = {
  vin: STRING,
  year: { type: ['integer', 'null'] },
  make: NULLABLE_STRING,
  model: NULLABLE_STRING,
  odometer: { type: ['integer', 'null'] },
  unit: STRING,
};
