import { formatReportNumber, type DocumentParty, type DocumentVehicle, type Locale } from '@atelier/domain';
import { t } from '../i18n/index.ts';
import { LEFT, MUTED, WIDTH, type Pen } from './page.ts';

// Facts side by side under a document's header: the vehicle, the customer, the document's own
// (dates, people). Every document prints the vehicle and the customer the same way.

/** A column of facts: a title, lines as they are (an address), then label and value lines; an empty value is left out unless `always`. */
export interface FactColumn {
  title: string;
  lines?: readonly string[];
  rows?: { label: string; value: string | null; always?: boolean }[];
  /** Points given to the labels (90 by default). */
  labelWidth?: number;
  /** Its share of the page's width against the others' (1 by default). */
  weight?: number;
}

/** Columns of facts side by side, sharing the page's width. */
export function drawFacts(pen: Pen, columns: readonly FactColumn[]) {
  const { doc } = pen;
  const top = doc.y;
  const gap = 20;
  const weights = columns.reduce((s, c) => s + (c.weight ?? 1), 0);
  let lowest = top;
  let x = LEFT - gap;
  columns.forEach((column) => {
    x += gap;
    const width = ((WIDTH - gap * (columns.length - 1)) * (column.weight ?? 1)) / weights;
    const labelWidth = column.labelWidth ?? 90;
    pen.font('bold', 10.5).text(column.title, x, top, { width });
    column.lines?.forEach((line, k) => (k === 0 ? pen.font('regular', 9.5) : pen.font('regular', 8.5, MUTED)).text(line, x, doc.y + 1, { width }));
    for (const row of column.rows ?? []) {
      if (row.value === null && !row.always) continue;
      const y = doc.y + 1;
      pen.font('regular', 8.5, MUTED).text(row.label, x, y, { width: labelWidth });
      const labelled = doc.y;
      pen.font('regular', 9.5).text(row.value ?? '—', x + labelWidth + 2, y, { width: width - labelWidth - 2 });
      doc.y = Math.max(doc.y, labelled);
    }
    lowest = Math.max(lowest, doc.y);
    x += width;
  });
  doc.y = lowest + 4;
}

/** The vehicle: VIN (a dash when there is none), year, make, model, odometer. */
export function vehicleFacts(vehicle: DocumentVehicle | null, locale: Locale, layout: Pick<FactColumn, 'labelWidth' | 'weight'> = {}): FactColumn {
  const v = vehicle;
  const odometer = v?.odometer !== null && v?.odometer !== undefined ? `${formatReportNumber(v.odometer, locale)} ${v.unit}` : null;
  return {
    title: t(locale, 'document.vehicle'),
    ...layout,
    rows: [
      { label: t(locale, 'document.vin'), value: v?.vin ?? null, always: true },
      { label: t(locale, 'document.year'), value: v?.year ? String(v.year) : null },
      { label: t(locale, 'document.make'), value: v?.make ?? null },
      { label: t(locale, 'document.model'), value: v?.model ?? null },
      { label: t(locale, 'document.odometer'), value: odometer },
    ],
  };
}

/** The customer: name, then address lines; a dash when there is none. */
export const customerFacts = (customer: DocumentParty | null, locale: Locale, weight?: number): FactColumn => ({
  title: t(locale, 'document.customer'),
  weight,
  lines: customer ? [customer.name, ...customer.lines] : ['—'],
});
