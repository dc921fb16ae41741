import { Badge, Group } from '@mantine/core';
import type { TypeName } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { fullName } from '../../api/types.ts';
import type { RelationConfig } from './RelationSelect.tsx';

/** How a record is named in dropdowns, badges and titles (spec platform §3). */
export const byName = (m: Model) => String(m.name ?? m.id);
/** Users by first name and last name. */
export const byFullName = (m: Model) => fullName({ firstname: String(m.firstname ?? ''), lastname: String(m.lastname ?? '') }) || String(m.email ?? m.id);
export const customerLabel = (m: Model) => String(m.customer_name || m.id);
export const supplierLabel = (m: Model) => String(m.company_name || m.id);
export const contactLabel = (m: Model) => String(m.full_name || [m.firstname, m.lastname].filter(Boolean).join(' ') || m.id);
/** A vehicle by its name and VIN, so two identical models are told apart. */
export const vehicleOption = (v: Model) => {
  const name = [v.model_year, v.make, v.model].filter(Boolean).join(' ');
  return name ? `${name} · ${String(v.vin ?? '')}` : String(v.vin ?? v.id);
};

/**
 * How the records of each type are picked in a relation field: their name, the list's order and
 * whether the global organization and location selection applies (not to the types that define it).
 */
const RECORD_NAMES: Partial<Record<TypeName, Omit<RelationConfig, 'type' | 'many'>>> = {
  users: { labelOf: byFullName, sort: 'firstname', global: false },
  roles: { labelOf: byName, sort: 'name' },
  permissions: { labelOf: byName, sort: 'name' },
  organizations: { labelOf: byName, sort: 'name', global: false },
  resellers: { labelOf: byName, sort: 'name', global: false },
  locations: { labelOf: byName, sort: 'name', global: false },
  tags: { labelOf: byName, sort: 'name' },
  customers: { labelOf: customerLabel, sort: 'customer_name' },
  suppliers: { labelOf: supplierLabel, sort: 'company_name' },
  contacts: { labelOf: contactLabel, sort: 'name' },
  vehicles: { labelOf: vehicleOption, sort: '-created_at' },
  products: { labelOf: (m) => [m.sku, m.name].filter(Boolean).join(' · ') || String(m.id), sort: 'name', filter: { active: true } },
  warehouses: { labelOf: byName, sort: 'name' },
};

/** The relation picker of a type. */
export const relationOf = (type: string, many = false): RelationConfig => ({
  type,
  many,
  ...(RECORD_NAMES[type as TypeName] ?? { labelOf: byName }),
});

/** The name of a related record, as its type names it. */
export const nameOf = (type: string, m: Model) => (RECORD_NAMES[type as TypeName]?.labelOf ?? byName)(m);

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
