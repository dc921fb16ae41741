import { buildWorkOrder, type WorkOrderInput } from '@atelier/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportImage } from '../../src/reports/images.ts';
import { renderWorkOrderPdf, workOrderFileName, workOrderImages } from '../../src/reports/work-order-pdf.ts';
import { FOOTER, PRINTED_SUBJECT_FR, WORK_ORDER_END_FR, englishRepair, frenchRepair } from './fixtures.ts';
import { pdfPages, signatureImage } from './pdf-text.ts';

// The repair's PDF, the work order (issue 12): drawn from fixture models in French (Québec, GST +
// QST) and English (Ontario, HST), read back as text.

let images: Map<string, ReportImage>;
beforeAll(async () => {
  images = new Map([['/logo', await signatureImage()]]);
});

const render = async (input: WorkOrderInput) =>
  (await pdfPages(await renderWorkOrderPdf({ model: buildWorkOrder(input), images, timeZone: 'America/Toronto', now: new Date('2026-03-12T19:00:00Z') }))).join('\n');

describe('the work order’s PDF', () => {
  it('prints it in French: header, vehicle, customer, items with mode, state, part, hours and who, totals with the warranty at zero', async () => {
    const text = await render(frenchRepair);
    for (const s of [
      'Bon de travail',
      'R-2026-000007',
      'État : Terminée',
      ...PRINTED_SUBJECT_FR,
      'Atelier mécanique',
      'E-2026-000012',
      'I-2026-000123',
      'Marie Gagnon',
      'Luc Roy, Ana Diaz',
      '12 mars 2026',
      'Freins avant',
      "À l'interne",
      'Sous garantie',
      "À l'externe",
      'Fait',
      'En cours',
      'Non fait',
      'Reçue',
      'À commander',
      'Plaquettes',
      'N° de pièce BP-11',
      'Fournisseur : Alignement Pro',
      '1 h 30 / 1 h 45',
      '1 h 00 / —',
      '413,92 $',
      'Sous garantie : 260,00 $',
      'Non facturé',
      // Hours and minutes, a true minus sign (issue 20, point 14): was "écart -1,05 h".
      'Temps prévu 3 h 12 · temps réel 2 h 09 · écart \u22121 h 03',
      '2 travaux terminés sur 3',
      ...WORK_ORDER_END_FR,
      FOOTER,
      'Page 1 de',
    ])
      expect(text, s).toContain(s);
    expect(text).toMatch(/Sous-total\s+455,00 \$/);
    expect(text).toMatch(/TPS \(5 %\)\s+22,75 \$/);
    expect(text).toMatch(/TVQ \(9,975 %\)\s+45,40 \$/);
    expect(text).toMatch(/Total\s+523,15 \$/);
  });

  it('prints it in English with Ontario’s HST', async () => {
    const text = await render(englishRepair);
    for (const s of ['Work order', 'Status: Completed', 'VIN', 'Oil change', 'Internally', 'Done', 'Received', '0 h 15 / 0 h 30', 'Planned 0 h 15 · actual 0 h 30 · difference +0 h 15', '1 of 1 items done', 'HST (13%)', 'Work completed (mechanic)', 'Vehicle received (customer)', 'Page 1 of'])
      expect(text, s).toContain(s);
    expect(text).toMatch(/HST \(13%\)\s+\$24\.05/);
    expect(text).toMatch(/Total\s+\$209\.02/);
    expect(text).not.toContain(FOOTER);
  });

  it('names what to load and the file', () => {
    expect(workOrderImages(buildWorkOrder(frenchRepair)).map((w) => w.url)).toEqual(['/logo']);
    expect(workOrderFileName(buildWorkOrder(frenchRepair))).toBe('bon-de-travail-R-2026-000007.pdf');
    expect(workOrderFileName(buildWorkOrder(englishRepair))).toBe('work-order-R-2026-000007.pdf');
  });
});
