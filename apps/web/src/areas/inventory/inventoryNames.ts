import type { Model } from '../../api/jsonapi.ts';
import { regionLocale } from '../../lib/format.ts';

/** A product as a person finds it on the shelf: its sku and its name. */
export const productLabel = (m: Model) => [m.sku, m.name].filter(Boolean).join(' · ') || String(m.id);

/** A quantity as stored ("12.5000") as the reader writes it: 12,5 in French. */
export const quantityOf = (value: unknown, locale: string) => {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString(regionLocale(locale), { maximumFractionDigits: 4 }) : String(value);
};

export const INVENTORY_PATH = '/inventory';
export const warehouseStockHref = (id: string) => `${INVENTORY_PATH}/warehouses/${encodeURIComponent(id)}/stock`;
