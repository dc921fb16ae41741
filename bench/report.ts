// The inspection report's PDF (apps/server/src/areas/inspections/report) for a 150-field
// inspection with 30 photos: from the stored photo files to the PDF's bytes, as GET
// /inspections/{id}/report does once its rows are read (a handful of indexed reads, left out).
// Photos are 1600×1200 JPEGs, the size the inspection screen uploads; each run reads them from
// disk, downscales them to thumbnails while the report model is built and its text drawn, then
// places them and ends the PDF. The same for an estimate's quote (issue 12) of 40 items with 10 of
// the photos (GET /estimations/{id}/report without its reads). Run by bench/run.mjs with tsx;
// prints one JSON object as its last line. Target (issue 11): under 1 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FIELD_ACTIONS, FIELD_TYPES, buildInspectionReport, buildQuote, compileInspectionForm, scoreInspection, workLineTotals, type FieldAnswer, type QuoteItemInput } from '../packages/domain/src/index.ts';
import type { ReportData } from '../apps/server/src/areas/inspections/report/report-data.ts';
import { renderReportPdf } from '../apps/server/src/areas/inspections/report/report-pdf.ts';
import { IMAGE_PIXELS, cachedThumbnail, downscale, forgetThumbnails, type ReportImage } from '../apps/server/src/reports/images.ts';
import { renderQuotePdf } from '../apps/server/src/reports/quote-pdf.ts';

const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 7);
const TARGET_MS = 1000;
const PHOTOS = 30;
const QUOTE = { items: 40, photos: 10 };

const WIDGET = ['good', 'to_replace', 'bad', 'not_applicable'].map((option, k) => ({ option, points: [10, 0, 4, 10][k] }));
const OPTIONS: Record<string, { option: string; points: number }[]> = {
  CHECK: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }],
  SELECT_SINGLE: [{ option: 'Bon', points: 10 }, { option: 'Moyen', points: 5 }, { option: 'Mauvais', points: 0 }],
  SELECT_MULTIPLE: [{ option: 'Propre', points: 10 }, { option: 'Rayures', points: 2 }, { option: 'Bosses', points: 1 }],
  NUMBER: [{ option: '0-2', points: 0 }, { option: '2.1-4', points: 5 }, { option: '4.1-12', points: 10 }],
  RANGE_SLIDER: [{ option: '0-3', points: 0 }, { option: '4-7', points: 5 }, { option: '8-10', points: 10 }],
  TEXT: [],
};
const value = (type: string, n: number): unknown =>
  type === 'CHECK' ? n % 3 !== 0
  : type === 'SELECT_SINGLE' ? ['Bon', 'Moyen', 'Mauvais'][n % 3]
  : type === 'SELECT_MULTIPLE' ? ['Propre', 'Rayures']
  : type === 'NUMBER' || type === 'RANGE_SLIDER' ? n % 11
  : type === 'TEXT' ? `Remarque de l’inspecteur sur le point ${n}, à surveiller au prochain entretien.`
  : { value: ['good', 'to_replace', 'bad'][n % 3], depth_mm: 4.5, pressure_psi: 33, amps: 600, volts: 12.4, thickness_mm: 6 };

// 10 sections × 3 sub-sections × 5 fields, every type.
const structure = {
  sections: Array.from({ length: 10 }, (_, s) => ({
    id: `s${s}`,
    name: `Section ${s + 1} — vérifications générales`,
    subSections: Array.from({ length: 3 }, (_, b) => ({
      id: `s${s}b${b}`,
      name: `Sous-section ${b + 1}`,
      fields: Array.from({ length: 5 }, (_, k) => {
        const type = FIELD_TYPES[(s * 15 + b * 5 + k) % FIELD_TYPES.length];
        return { id: `f${s}-${b}-${k}`, name: `Point de contrôle ${s + 1}.${b + 1}.${k + 1} (${type.toLowerCase()})`, field_type: type, points_threshold: OPTIONS[type] ?? WIDGET };
      }),
    })),
  })),
};
const allFields = structure.sections.flatMap((s) => s.subSections.flatMap((b) => b.fields));
const photoDir = mkdtempSync(join(tmpdir(), 'atelier-bench-report-'));
const photoUrls = Array.from({ length: PHOTOS }, (_, i) => `/api/v1/uploads/0190a0b2-0000-7000-8000-${String(i).padStart(12, '0')}/content`);
const fields = allFields.map((f, n) => ({
  field_id: f.id,
  value: value(f.field_type, n),
  action: n % 7 === 0 ? FIELD_ACTIONS[n % FIELD_ACTIONS.length] : null,
  touched: true,
  not_applicable: false,
  comment: n % 5 === 0 ? `Commentaire ${n} : usure visible, à revoir dans 5 000 km.` : null,
  // The 30 photos on the first 30 fields with one, two per field on the first five.
  images: photoUrls.filter((_, i) => (i < 10 ? Math.floor(i / 2) === n : i - 5 === n)),
}));

async function main() {
  // The stored photos: 1600×1200 JPEGs with texture (noise compresses like a real photo's detail).
  const files = await Promise.all(
    photoUrls.map(async (url, i) => {
      const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40 + i * 6, g: 90, b: 140 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
        .jpeg({ quality: 80 })
        .toBuffer();
      const path = join(photoDir, `${i}.jpg`);
      writeFileSync(path, bytes);
      return { url, path, size: bytes.length };
    }),
  );
  const compiled = compileInspectionForm({ sections: structure.sections.map((s) => ({ ...s, subSections: s.subSections.map((b) => ({ ...b })) })) });
  const answers: Record<string, FieldAnswer> = Object.fromEntries(fields.map((f) => [f.field_id, f]));
  const signature = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();

  /** The photos read and downscaled (sharp's threads), with the signature: as the routes start them, not awaited. */
  const loadPhotos = (photos: typeof files) =>
    Promise.all([
      ...photos.map(async (f) => [f.url, await cachedThumbnail(f.url, () => readFile(f.path), IMAGE_PIXELS.photo, false)] as const),
      downscale(signature, IMAGE_PIXELS.signature, true).then((image) => ['signature', image] as const),
    ]).then((pairs) => new Map(pairs.filter((p): p is readonly [string, ReportImage] => p[1] !== null)));

  /** One report: photos read and downscaled, the model built, the PDF drawn. */
  async function once(): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const images = loadPhotos(files);
    const model = buildInspectionReport(structure, fields, scoreInspection(compiled, answers), 'fr');
    const data: ReportData = {
      locale: 'fr',
      state: 'completed',
      code: 'I-2026-000150',
      formName: 'Inspection 150 points',
      formVersion: 3,
      organization: { name: 'Garage Démo', lines: ['1200 rue Sainte-Catherine Ouest', 'Montréal QC H3B 1K9'] },
      location: { name: 'Garage Démo Montréal', lines: [] },
      vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', odometer: 212_400, unit: 'km' },
      customer: 'Éric Tremblay',
      inspector: 'Ivan Tremblay',
      dates: { created_at: '2026-03-10T13:00:00Z', started_at: '2026-03-10T14:00:00Z', completed_at: '2026-03-10T15:00:00Z', approved_at: null },
      comments: 'Véhicule en bon état général.',
      photos: [],
      model,
      reminders: ['Photos des quatre coins prises', 'NIV vérifié sur le véhicule'],
      images,
      logo: null,
      signature: 'signature',
      documentFooter: 'Garage Démo inc. · TPS 123456789 RT0001 · TVQ 1234567890 TQ0001 · Les pièces remplacées sont conservées 30 jours.',
    };
    const pdf = await renderReportPdf(data, { timeZone: 'America/Toronto' });
    return { ms: Math.round(performance.now() - started), bytes: pdf.length };
  }

  // The quote: 40 QC-taxed items over the urgencies and conditions, the first 10 with a photo each, signed.
  const quotePhotos = files.slice(0, QUOTE.photos);
  const conditions = ['to_replace', 'to_repair', 'to_verify', 'to_monitor', 'to_schedule'] as const;
  // Each item with the totals it stores when written (the quote prints those).
  const withStoredTotals = (i: Omit<QuoteItemInput, 'totals'>): QuoteItemInput => ({ ...i, totals: workLineTotals(i) });
  const quoteItems: QuoteItemInput[] = Array.from({ length: QUOTE.items }, (_, k) => withStoredTotals({
    id: `item-${k}`,
    detail: `Travail proposé numéro ${k + 1} : remplacement et vérification`,
    condition: conditions[k % conditions.length],
    urgency: (['urgent', 'soon', 'monitor'] as const)[k % 3],
    part: `Pièce ${k + 1}`,
    part_number: `P-${1000 + k}`,
    quantity: 1 + (k % 3),
    unit_price: 1999 + k * 250,
    time: '0.75',
    hourly_rate: 12000,
    taxes: [{ code: 'TPS', rate: '5', type: 'percentage' }, { code: 'TVQ', rate: '9.975', type: 'percentage' }],
    state: k % 4 === 0 ? 'approved' : null,
    customer_decision: k % 5 === 0 ? 'declined' : k % 4 === 0 ? 'approved' : null,
    images: k < QUOTE.photos ? [quotePhotos[k].url] : [],
  }));
  /** One quote: its photos read and downscaled, the model built, the PDF drawn. */
  async function quoteOnce(): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const images = loadPhotos(quotePhotos);
    const model = buildQuote({
      locale: 'fr',
      estimation: { code: 'E-2026-000040', state: 'completed', type: 'customer', version: 2, created_at: '2026-03-10T13:00:00Z', sent_at: '2026-03-11T14:00:00Z' },
      items: quoteItems,
      organization: { name: 'Garage Démo', lines: ['1200 rue Sainte-Catherine Ouest', 'Montréal QC H3B 1K9'] },
      vehicle: { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', odometer: 212_400, unit: 'km' },
      customer: { name: 'Éric Tremblay', lines: ['514-555-0101'] },
      options: { 'general.document_footer': 'Garage Démo inc. · TPS 123456789 RT0001 · TVQ 1234567890 TQ0001' },
      signature: { signer: 'Éric Tremblay', signed_at: '2026-03-11T15:00:00Z', image: 'signature', version: 2 },
    });
    const pdf = await renderQuotePdf({ model, images, timeZone: 'America/Toronto' });
    return { ms: Math.round(performance.now() - started), bytes: pdf.length };
  }

  // Without kept thumbnails (a report's first time: every photo decoded and downscaled), then with
  // them (the same report again: downloaded twice, opened from its share link).
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  async function measure(run: () => Promise<{ ms: number; bytes: number }>) {
    const cold = await run();
    const uncached: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      forgetThumbnails();
      const r = await run();
      uncached.push(r.ms);
      bytes = r.bytes;
    }
    const cached: number[] = [];
    for (let i = 0; i < RUNS; i++) cached.push((await run()).ms);
    return { cold, uncached, cached, bytes };
  }
  // The machine is shared: its 1-minute load average before and after says how far to trust the numbers.
  const loadBefore = Math.round(loadavg()[0] * 100) / 100;
  const { cold, uncached, cached, bytes } = await measure(once);
  const quote = await measure(quoteOnce);
  console.log(
    JSON.stringify({
      scenario: 'report-pdf',
      fields: allFields.length,
      photos: PHOTOS,
      photoKb: Math.round(files.reduce((n, f) => n + f.size, 0) / PHOTOS / 1024),
      coldMs: cold.ms,
      medianMs: median(uncached),
      maxMs: Math.max(...uncached),
      runs: uncached,
      cachedMedianMs: median(cached),
      cachedRuns: cached,
      pdfKb: Math.round(bytes / 1024),
      target: { ms: TARGET_MS },
      targetMet: median(uncached) < TARGET_MS && median(quote.uncached) < TARGET_MS,
      quote: { ...QUOTE, coldMs: quote.cold.ms, medianMs: median(quote.uncached), runs: quote.uncached, cachedMedianMs: median(quote.cached), pdfKb: Math.round(quote.bytes / 1024) },
      loadAverage: { before: loadBefore, after: Math.round(loadavg()[0] * 100) / 100 },
    }),
  );
}

main()
  .finally(() => rmSync(photoDir, { recursive: true, force: true }))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
