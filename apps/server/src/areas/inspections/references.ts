import type { FieldRow } from './structure.ts';

/**
 * The names of the fields, other than those going away, that depend on one that goes: a condition
 * reads it or the field copies it. Deleting those would leave conditions and copies pointing at
 * nothing, so the server refuses and names them (docs/decisions.md).
 */
export function referencesFrom(fields: readonly FieldRow[], going: ReadonlySet<string>): string[] {
  return fields
    .filter((f) => !going.has(f.id))
    .filter((f) => (f.copied_field_id && going.has(f.copied_field_id)) || (f.conditions ?? []).some((c) => going.has(c.field)))
    .map((f) => f.name);
}
