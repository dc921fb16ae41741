import type { Locale } from '@atelier/domain';
import type { ResourceDefinition, Row } from '../../jsonapi/define-resource.ts';

/**
 * A short human name for a record (a notification's summary, a sentence of the activity log):
 * the declaration's own label, else its name, title, code, number or VIN, else a person's name,
 * else an e-mail.
 */
export function recordLabel(def: ResourceDefinition | undefined, row: Record<string, unknown>, locale: Locale = 'fr'): string | null {
  const declared = def?.notify?.label?.(row as Row, locale);
  if (declared) return declared.slice(0, 200);
  for (const key of ['name', 'title', 'code', 'number', 'order_number', 'company_name', 'vin', 'sku'])
    if (typeof row[key] === 'string' && row[key]) return (row[key] as string).slice(0, 200);
  if (row.firstname || row.lastname) return `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim();
  if (typeof row.email === 'string' && row.email) return row.email;
  return null;
}
