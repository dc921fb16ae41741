import { Badge, Group } from '@mantine/core';
import type { Model } from '../../api/jsonapi.ts';
import { fullName, type User } from '../../api/types.ts';
import type { RelationConfig } from '../../components/resource/RelationSelect.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';

/** Dropdown labels (spec platform §3): users by firstname + lastname, others by name. */
export const byName = (m: Model) => String(m.name ?? m.id);
export const byFullName = (m: Model) => fullName(m as unknown as User) || String(m.email ?? m.id);

export const relations = {
  roles: { type: 'roles', many: true, labelOf: byName, sort: 'name' } satisfies RelationConfig,
  organization: { type: 'organizations', labelOf: byName, sort: 'name', global: false } satisfies RelationConfig,
  reseller: { type: 'resellers', labelOf: byName, sort: 'name', global: false } satisfies RelationConfig,
  locations: { type: 'locations', many: true, labelOf: byName, sort: 'name', global: false } satisfies RelationConfig,
  user: { type: 'users', labelOf: byFullName, sort: 'firstname', global: false } satisfies RelationConfig,
  users: { type: 'users', many: true, labelOf: byFullName, sort: 'firstname', global: false } satisfies RelationConfig,
};

export const dateCell = (value: unknown) => formatDate(value as string, currentLocale());

export function Badges({ items, label = byName }: { items: Model[] | null | undefined; label?: (m: Model) => string }) {
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
