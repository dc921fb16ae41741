import { Badge, Group } from '@mantine/core';
import type { Model } from '../../api/jsonapi.ts';
import { RECORD_NAMES } from '../../app/resources.ts';
import { byName } from './names.ts';
import type { RelationConfig } from './RelationSelect.tsx';

// The names themselves are written once in names.ts, and which names each type in the registry (app/resources.ts).
export { byCode, byFullName, byName, contactLabel, customerLabel, supplierLabel, vehicleOption } from './names.ts';

/** The relation picker of a type. */
export const relationOf = (type: string, many = false): RelationConfig => ({
  type,
  many,
  ...(RECORD_NAMES.get(type) ?? { labelOf: byName }),
});

/** The name of a related record, as its type names it. */
export const nameOf = (type: string, m: Model) => (RECORD_NAMES.get(type)?.labelOf ?? byName)(m);

export function Badges({ items, label = byName }: { items: readonly Model[] | null | undefined; label?: (m: Model) => string }) {
  if (!items || items.length === 0) return null;
  return (
    <Group gap={4}>
      {items.map((m) => (
        <Badge key={m.id} variant="light" tt="none" size="sm">
          {label(m)}
        </Badge>
      ))}
    </Group>
  );
}
