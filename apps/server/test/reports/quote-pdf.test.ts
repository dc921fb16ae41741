import { buildQuote, type QuoteInput } from '@atelier/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportImage } from '../../src/reports/images.ts';
import { quoteFileName, quoteImages, renderQuotePdf } from '../../src/reports/quote-pdf.ts';
import { FOOTER, PRINTED_SUBJECT_FR, english, french } from './fixtures.ts';
import { pdfPages, photo, picturesPerPage, signatureImage } from './pdf-text.ts';

// The estimate's PDF (issue 12): drawn from fixture models in French (Québec, GST + QST) and
// English (Ontario, HST and a tire levy), read back as text.

let images: Map<string, ReportImage>;
beforeAll(async () => {
  images = new Map([
    ['/photo/1', await photo('#3366cc')],
    ['/logo', await signatureImage()],
    ['data:signature', await signatureImage()],
  ]);
});

const render = (input: QuoteInput) => renderQuotePdf({ model: buildQuote(input), images, timeZone: 'America/Toronto', now: new Date('2026-03-12T18:00:00Z') });

describe('the estimate’s PDF', () => {
  it('prints the quote in French: header, vehicle, customer, items by urgency and condition, parts, labour, taxes, totals, decisions', async () => {
    const pdf = await render(french);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    const text = pages.join('\n');
    for (const s of [
      'Soumission',
      'E-2026-000012',
      'Version 3 · État : À approuver',
      'Garage Démo Montréal',
      ...PRINTED_SUBJECT_FR,
      '2023',
      'S-1234',
      'Julie Côté',
      '10 mars 2026',
      'À faire maintenant · À remplacer',
      'À faire maintenant · À réparer',
      'À prévoir · À vérifier',
      'À surveiller · À planifier',
      'Pneus avant usés à l’intérieur',
      'Michelin X-Ice',
      'N° de pièce MX-205-55',
      '300,00 $',
      '2 × 150,00 $',
      '0,8 h × 120,00 $/h',
      'Forfait',
      'TPS 19,80 $',
      'TVQ 39,51 $',
      '455,31 $',
      'Approuvé',
      'Accepté par le client',
      'Refusé par le client',
      'À décider',
      'Non facturé',
      'Sous garantie : 260,00 $',
      'Photo non disponible',
      'TPS (5 %)',
      'TVQ (9,975 %)',
      'Total proposé',
      'Total des travaux approuvés',
      'Couvert par la garantie (non facturé)',
      'Le cœur du « problème » : l’embrayage.',
      'Approbation du client',
      'Nom',
      'Date',
    ])
      expect(text, s).toContain(s);
    // 24 × 0.25 h × 120.00 = 720.00 more labour, each line taxed 1.50 + 2.99 (2.9925).
    expect(text).toMatch(/Sous-total\s+1 255,99 \$/);
    expect(text).toMatch(/Total proposé\s+1 444,03 \$/);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(FOOTER);
      expect(page).toContain(`Page ${i + 1} de ${pages.length}`);
    });
  });

  it('prints it in English with Ontario’s HST, a per-unit levy, and the customer’s signature on an earlier version', async () => {
    const text = (await pdfPages(await render(english))).join('\n');
    for (const s of [
      'Estimate',
      'Status: Approved',
      'VIN',
      'Odometer',
      '18,650 km',
      'Plan soon · To replace',
      'Other work',
      'Winter tires',
      '4 × $100.00',
      '1.5 h × $135.00/h',
      'HST $78.33',
      'Tire levy $14.00',
      'HST (13%)',
      'Tire levy ($3.50 per unit)',
      'Denied',
      'Accepted by the customer',
      'Flat rate',
      'Not charged',
      'Proposed total',
      'Total of the approved work',
      'Customer approval',
      'Signed by Marc Laval on March 11, 2026',
      '(version 2)',
      'This signature applied to version 2; the estimate has changed since',
      'Page 1 of 1',
    ])
      expect(text, s).toContain(s);
    expect(text).toMatch(/Proposed total\s+\$694\.83/);
    expect(text).not.toContain('Soumission');
  });

  it('crosses every page of an estimate still being priced with PROVISOIRE (DRAFT in English), and no other', async () => {
    const draft = (input: QuoteInput) => ({ ...input, estimation: { ...input.estimation, state: 'in_progress' as const } });
    const fr = await pdfPages(await render(draft(french)));
    expect(fr.length).toBeGreaterThan(1);
    for (const page of fr) expect(page).toContain('PROVISOIRE');
    expect((await pdfPages(await render(draft(english)))).join('\n')).toContain('DRAFT');
    expect((await pdfPages(await render(french))).join('\n')).not.toContain('PROVISOIRE');
  });

  it('places each picture on the page of its item, once loaded, and frames the one that could not be', async () => {
    // The tires' photo and the logo on the first page; the other photo is missing ("Photo non disponible").
    const late = new Promise<Map<string, ReportImage>>((resolve) => setTimeout(() => resolve(images), 50));
    const last = { ...french, items: [...french.items.slice(1), { ...french.items[0], urgency: null, condition: null }] };
    expect(picturesPerPage(await renderQuotePdf({ model: buildQuote(french), images: late, timeZone: 'America/Toronto' }))).toEqual([2, 0, 0]);
    // Printed last ("Autres travaux"), the tires move to a later page, and their photo with them.
    const pdf = await renderQuotePdf({ model: buildQuote(last), images, timeZone: 'America/Toronto' });
    const at = (await pdfPages(pdf)).findIndex((page) => page.includes('Pneus avant usés'));
    expect(at).toBeGreaterThan(0);
    expect(picturesPerPage(pdf)).toEqual(picturesPerPage(pdf).map((_, i) => (i === 0 || i === at ? 1 : 0)));
  });

  it('names what to load and the file', () => {
    const model = buildQuote(english);
    expect(quoteImages(buildQuote({ ...french, signature: english.signature })).map((w) => [w.url, w.lineArt])).toEqual([
      ['/photo/1', false],
      ['/photo/gone', false],
      ['data:signature', true],
      ['/logo', true],
    ]);
    expect(quoteFileName(buildQuote(french))).toBe('soumission-E-2026-000012.pdf');
    expect(quoteFileName(model)).toBe('estimate-E-2026-000012.pdf');
  });
});
