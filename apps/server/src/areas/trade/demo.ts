import { tradeLineTotals } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { defaultTaxGroup, taxesOfGroup } from '../estimations/estimation-lines.ts';

// The demo's trade documents (purchases, sales) write their rows directly, with the totals the
// engine's rules give: lines priced as the line hook prices them, in the module's default tax group.

export interface DemoLine {
  product_id: string | null;
  description: string;
  quantity: string;
  unit_price: number;
}

/** Prices demo lines of an organization's module; `rows` gives them as a line table's rows of a document. */
export async function demoPricer(db: Db, organizationId: string, module: 'purchases' | 'sales') {
  const group = await defaultTaxGroup(db, organizationId, module);
  const taxes = await taxesOfGroup(db, group);
  const priced = (lines: DemoLine[]) =>
    lines.map((l, position) => {
      const t = tradeLineTotals({ quantity: l.quantity, unit_price: l.unit_price, taxes });
      return { id: newId(), organization_id: organizationId, ...l, position, discount: null, tax_group_id: group, subtotal: t.subtotal, tax_total: t.tax, total: t.total, tax_details: t.taxes };
    });
  const rows = <L extends object, K extends string>(lines: L[], key: K, documentId: string) => lines.map((l) => ({ ...l, [key]: documentId }) as L & Record<K, string>);
  return { priced, rows };
}
