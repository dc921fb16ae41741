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
