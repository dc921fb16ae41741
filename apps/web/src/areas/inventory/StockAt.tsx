import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { quantityOf } from './inventoryNames.ts';

// Whether a work line's part is in stock where the work is done (issue 22): what the parts rooms of
// the record's locations have available of each product, read once for the record's lines.

/** Available quantity of each product in the warehouses of these locations (all, when none). */
export function useStockAt(productIds: readonly string[], locationIds: readonly string[]): ReadonlyMap<string, number> | null {
  const { can } = useMe();
  const ids = [...new Set(productIds)].sort();
  const list = useList<Model>('warehouse-products', { filter: { product: ids.join(',') }, include: 'allowedLocations', page: { size: 100 } }, { enabled: ids.length > 0 && can('view any warehouses'), global: false });
  if (!ids.length || !list.data) return null;
  const here = (m: Model) => !locationIds.length || ((m.allowedLocations ?? []) as Model[]).some((l) => locationIds.includes(l.id));
  const sums = new Map<string, number>();
  for (const m of list.data.data.filter(here)) {
    const product = (m.product as Model | undefined)?.id;
    if (product) sums.set(product, (sums.get(product) ?? 0) + Number(m.quantity_available ?? 0));
  }
  return sums;
}

/** "In stock: 8" (green) when there is enough for the line, "To order" (orange) else. */
export function StockBadge({ available, needed }: { available: number | undefined; needed: number }) {
  const { t } = useTranslation();
  const enough = (available ?? 0) >= needed && needed > 0;
  return (
    <Badge size="sm" variant="light" color={enough ? 'teal' : 'orange'} tt="none" data-testid="part-stock">
      {enough ? t('warehouses:stock_at.in_stock', { quantity: quantityOf(String(available ?? 0), currentLocale()) }) : t('warehouses:stock_at.to_order', { quantity: quantityOf(String(available ?? 0), currentLocale()) })}
    </Badge>
  );
}
