import { PART_STATUSES, PART_STATUS_LABELS } from '@atelier/domain';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { quantityOf } from './inventoryNames.ts';

// Whether a work line's part is in stock where the work is done (issue 22): what the parts rooms of
// the record's locations have available of each product, read once for the record's lines.

/**
 * Available quantity of each product in the warehouses of these locations (all, when none): every
 * page, so a document's parts are counted whatever the number of warehouses and products.
 */
export function useStockAt(productIds: readonly string[], locationIds: readonly string[]): ReadonlyMap<string, number> | null {
  const { can } = useMe();
  const ids = [...new Set(productIds)].sort();
  const places = [...new Set(locationIds)].sort();
  const list = useQuery({
    queryKey: ['warehouse-products', 'stock-at', ids, places],
    enabled: ids.length > 0 && can('view any warehouses'),
    queryFn: async () => {
      const rooms = places.length ? (await api.listAll<Model>('warehouses', { filter: { location: places.join(',') }, fields: { warehouses: 'name' } }, { global: false })).map((w) => w.id) : null;
      if (rooms && !rooms.length) return [];
      return api.listAll<Model>('warehouse-products', { filter: { product: ids.join(','), ...(rooms ? { warehouse: rooms.join(',') } : {}) } }, { global: false });
    },
  });
  // One map per answer: screens memoise what they build from it.
  return useMemo(() => {
    if (!ids.length || !list.data) return null;
    const sums = new Map<string, number>();
    for (const m of list.data) {
      const product = (m.product as Model | undefined)?.id;
      if (product) sums.set(product, (sums.get(product) ?? 0) + Number(m.quantity_available ?? 0));
    }
    return sums;
  }, [list.data, ids.length]);
}

/** A work item's part status (to order, ordered, received), as the purchase orders made for it say; "—" when none. */
export function PartStatusText({ value }: { value: unknown }) {
  const label = isOneOf(PART_STATUSES, value) ? PART_STATUS_LABELS[value][currentLocale()] : '—';
  return (
    <Text size="sm" data-testid="item-part-status">
      {label}
    </Text>
  );
}

/** "In stock: 8" (green) when there is enough for the line, "To order" (orange) else. */
export function StockBadge({ available, needed }: { available: number | undefined; needed: number }) {
  const { t } = useTranslation();
  const enough = (available ?? 0) >= needed && needed > 0;
  return (
    // The light orange's own text is too pale to read (3.6:1): dark text on it.
    <Badge size="sm" variant="light" color={enough ? 'teal' : 'orange'} styles={enough ? undefined : { label: { color: 'var(--mantine-color-dark-7)' } }} tt="none" data-testid="part-stock">
      {enough ? t('warehouses:stock_at.in_stock', { quantity: quantityOf(String(available ?? 0), currentLocale()) }) : t('warehouses:stock_at.to_order', { quantity: quantityOf(String(available ?? 0), currentLocale()) })}
    </Badge>
  );
}
