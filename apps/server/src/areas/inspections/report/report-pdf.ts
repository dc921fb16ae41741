import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { FIELD_ACTION_LABELS, INSPECTION_STATE_LABELS, URGENCY_LABELS, formatReportNumber, type ReportField, type ScoreTone, type Urgency } from '@atelier/domain';
import { t, type MessageKey, type MessageParams } from '../../../i18n/index.ts';
import type { ReportData } from './report-data.ts';
import type { ReportImage } from './report-images.ts';

// Draws an inspection's report with pdfkit (docs/decisions.md "The inspection report"). The text
// is Noto Sans from npm, embedded and subset: it has every French character (é, œ, ’, « »), which
// the PDF standard fonts (Latin-1 only) do not.

/**
 * A WOFF 1.0 font as the TrueType file it wraps: each table inflated once. fontkit reads WOFF
 * too, but inflates a table again at every glyph it loads (most of a report's time).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compressed);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  woff.copy(head, 0, 4, 8); // the flavor is the sfnt version
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const body: Buffer[] = [];
  let offset = head.length;
  tables.forEach((table, i) => {
    table.tag.copy(head, 12 + i * 16);
    head.writeUInt32BE(table.checksum, 12 + i * 16 + 4);
    head.writeUInt32BE(offset, 12 + i * 16 + 8);
    head.writeUInt32BE(table.data.length, 12 + i * 16 + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    body.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...body]);
}

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const font = (weight: number) => readFile(require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`)).then(woffToSfnt);
/** The two weights, read once per process. */
const loadFonts = () => (fonts ??= Promise.all([font(400), font(700)]).then(([regular, bold]) => ({ regular, bold })));

const PAGE = { width: 612, height: 792, margin: 40, footer: 36 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
/** Green, yellow, red: the fill of a score, and the text that reads on it. */
const TONE: Record<ScoreTone, { fill: string; text: string }> = {
  good: { fill: '#2b8a3e', text: '#ffffff' },
  warn: { fill: '#fab005', text: '#1a1a1a' },
  bad: { fill: '#c92a2a', text: '#ffffff' },
};
const URGENCY_COLOR: Record<Urgency, string> = { urgent: '#c92a2a', soon: '#8f4400', monitor: '#495057' };
const INK = '#1a1a1a';
const MUTED = '#5c5f66';
const RULE = '#dee2e6';
const THUMB = { width: 96, height: 72, gap: 8 } as const;
/** French typography puts a space before a colon. */
const colon = (locale: ReportData['locale']) => (locale === 'fr' ? ' : ' : ': ');
/** A report is final once completed: before, it says it is a draft on every page. */
const FINAL = new Set(['completed', 'approved', 'repairing']);

/** The date-time in the report's language and time zone: "12 mars 2026 14 h 05". */
export function reportDate(iso: string, locale: ReportData['locale'], timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** An IANA time zone the runtime knows (the web's X-Timezone), else the default. */
export function validTimeZone(zone: unknown, fallback = 'America/Toronto'): string {
  if (typeof zone !== 'string' || zone.length > 64) return fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return fallback;
  }
}

/** The report as PDF bytes. */
export async function renderReportPdf(data: ReportData, options: { timeZone: string; now?: Date }): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + PAGE.footer },
    bufferPages: true,
    info: { Title: `${t(data.locale, 'report.title')} ${data.code}`, Author: data.organization.name, Subject: data.formName },
    lang: data.locale === 'fr' ? 'fr-CA' : 'en-CA',
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  new Drawing(doc, data, options.timeZone).draw(options.now ?? new Date());
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

class Drawing {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly data: ReportData,
    private readonly timeZone: string,
  ) {}

  private tr(key: MessageKey, params?: MessageParams) {
    return t(this.data.locale, key, params);
  }
  private date(iso: string | null) {
    return iso ? reportDate(iso, this.data.locale, this.timeZone) : null;
  }

  draw(now: Date) {
    this.header();
    this.status();
    this.facts();
    this.score();
    this.sectionsSummary();
    this.work();
    this.details();
    this.remarks();
    this.reminders();
    this.signature();
    this.pageDecorations(now);
  }

  /** Starts a new page when `height` does not fit in what is left of this one. */
  private need(height: number) {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  private font(weight: 'regular' | 'bold', size: number, color = INK) {
    this.doc.font(weight).fontSize(size).fillColor(color);
    return this.doc;
  }

  private heading(text: string, size = 13) {
    this.need(size * 3);
    this.doc.moveDown(0.6);
    this.font('bold', size).text(text, PAGE.margin, this.doc.y, { width: WIDTH });
    const y = this.doc.y + 2;
    this.doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
    this.doc.y = y + 6;
  }

  /** A coloured pill with the score: colour and number together, never colour alone. */
  private pill(score: number, tone: ScoreTone, x: number, y: number, width = 40, size = 9) {
    const height = size + 6;
    this.doc.roundedRect(x, y, width, height, height / 2).fill(TONE[tone].fill);
    this.font('bold', size, TONE[tone].text).text(String(score), x, y + 2.5, { width, align: 'center', lineBreak: false });
  }

  private image(image: ReportImage, x: number, y: number, box: { width: number; height: number }) {
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    this.doc.image(image.data, x, y, { width: image.width * scale, height: image.height * scale });
    return { width: image.width * scale, height: image.height * scale };
  }

  private header() {
    const { doc, data } = this;
    const top = doc.y;
    const logo = data.logo ? data.images.get(data.logo) : undefined;
    let x = PAGE.margin;
    if (logo) x += this.image(logo, PAGE.margin, top, { width: 110, height: 50 }).width + 12;
    const who = data.location ?? data.organization;
    this.font('bold', 14).text(data.organization.name, x, top, { width: 300 });
    if (data.location) this.font('regular', 10).text(data.location.name, x, doc.y, { width: 300 });
    this.font('regular', 8.5, MUTED).text(who.lines.join('\n'), x, doc.y, { width: 300 });
    const left = doc.y;
    this.font('bold', 16).text(this.tr('report.title'), PAGE.margin + WIDTH - 200, top, { width: 200, align: 'right' });
    this.font('regular', 10).text(`${this.tr('report.code')} ${data.code}`, PAGE.margin + WIDTH - 200, doc.y, { width: 200, align: 'right' });
    this.font('regular', 8.5, MUTED).text(`${data.formName} · v${data.formVersion}`, PAGE.margin + WIDTH - 200, doc.y, { width: 200, align: 'right' });
    doc.y = Math.max(left, doc.y, top + (logo ? 50 : 0)) + 8;
    doc.moveTo(PAGE.margin, doc.y).lineTo(PAGE.margin + WIDTH, doc.y).lineWidth(1).strokeColor(INK).stroke();
    doc.y += 8;
  }

  /** A draft or canceled inspection says so under the header (and across every page). */
  private status() {
    const { data } = this;
    if (FINAL.has(data.state)) return;
    const text = data.state === 'canceled' ? this.tr('report.canceled_note') : this.tr('report.draft_note', { state: INSPECTION_STATE_LABELS[data.state][data.locale] });
    const y = this.doc.y;
    this.doc.rect(PAGE.margin, y, WIDTH, 20).fill('#fff3bf');
    this.font('bold', 9.5, '#5c3c00').text(text, PAGE.margin + 8, y + 5, { width: WIDTH - 16 });
    this.doc.y = y + 28;
  }

  private facts() {
    const { doc, data } = this;
    const v = data.vehicle;
    const odometer = v?.odometer !== null && v?.odometer !== undefined ? `${formatReportNumber(v.odometer, data.locale)} ${v.unit}` : null;
    const left: [MessageKey, string | null][] = [
      ['report.vin', v?.vin ?? null],
      ['report.year', v?.year ? String(v.year) : null],
      ['report.make', v?.make ?? null],
      ['report.model', v?.model ?? null],
      ['report.odometer', odometer],
    ];
    const right: [MessageKey, string | null][] = [
      ['report.customer', data.customer],
      ['report.inspector', data.inspector],
      ['report.created_at', this.date(data.dates.created_at)],
      ['report.started_at', this.date(data.dates.started_at)],
      ['report.completed_at', this.date(data.dates.completed_at)],
      ['report.approved_at', this.date(data.dates.approved_at)],
    ];
    const top = doc.y;
    const column = (title: string, rows: [MessageKey, string | null][], x: number) => {
      this.font('bold', 10.5).text(title, x, top, { width: WIDTH / 2 - 10 });
      for (const [label, value] of rows) {
        if (value === null && label !== 'report.vin') continue;
        const y = doc.y + 1;
        this.font('regular', 8.5, MUTED).text(this.tr(label), x, y, { width: 90 });
        this.font('regular', 9.5).text(value ?? '—', x + 92, y, { width: WIDTH / 2 - 102 });
      }
      return doc.y;
    };
    const a = column(this.tr('report.vehicle'), left, PAGE.margin);
    const b = column(`${this.tr('report.code')} ${data.code}`, right, PAGE.margin + WIDTH / 2 + 10);
    doc.y = Math.max(a, b) + 4;
  }

  private score() {
    const { doc, data } = this;
    const m = data.model;
    this.need(76);
    const y = doc.y + 8;
    doc.roundedRect(PAGE.margin, y, WIDTH, 62, 6).lineWidth(0.75).strokeColor(RULE).stroke();
    doc.roundedRect(PAGE.margin + 10, y + 8, 70, 46, 6).fill(TONE[m.tone].fill);
    this.font('bold', 26, TONE[m.tone].text).text(String(m.vehicle_score), PAGE.margin + 10, y + 14, { width: 70, align: 'center', lineBreak: false });
    this.font('regular', 9, MUTED).text(`${this.tr('report.vehicle_score')} · ${this.tr('report.verdict')}`, PAGE.margin + 94, y + 9, { width: WIDTH - 104 });
    this.font('bold', 13, m.note ? INK : MUTED).text(m.note ?? this.tr('report.no_verdict'), PAGE.margin + 94, doc.y + 1, { width: WIDTH - 104 });
    this.font('regular', 8, MUTED).text(this.tr('report.legend'), PAGE.margin + 94, y + 42, { width: WIDTH - 104 });
    doc.y = y + 70;
  }

  private sectionsSummary() {
    const { doc } = this;
    this.heading(this.tr('report.sections'));
    for (const s of this.data.model.sections) {
      this.need(16 * (1 + s.subSections.length));
      const y = doc.y;
      this.font('bold', 10).text(s.name, PAGE.margin, y + 1, { width: WIDTH - 60 });
      this.pill(s.score, s.tone, PAGE.margin + WIDTH - 44, y);
      doc.y = Math.max(doc.y, y + 16);
      for (const sub of s.subSections) {
        const sy = doc.y;
        this.font('regular', 9, MUTED).text(sub.name, PAGE.margin + 16, sy + 1, { width: WIDTH - 76 });
        this.pill(sub.score, sub.tone, PAGE.margin + WIDTH - 40, sy + 1, 32, 8);
        doc.y = Math.max(doc.y, sy + 14);
      }
      doc.y += 3;
    }
  }

  private work() {
    const { doc, data } = this;
    this.heading(this.tr('report.work'));
    if (!data.model.work.length) {
      this.font('regular', 9.5, MUTED).text(this.tr('report.work_none'), PAGE.margin, doc.y, { width: WIDTH });
      return;
    }
    for (const group of data.model.work) {
      this.need(36);
      const y = doc.y + 2;
      doc.rect(PAGE.margin, y, 4, 14).fill(URGENCY_COLOR[group.urgency]);
      this.font('bold', 10.5, URGENCY_COLOR[group.urgency]).text(`${URGENCY_LABELS[group.urgency][data.locale]} (${group.items.length})`, PAGE.margin + 10, y + 1, { width: WIDTH - 10 });
      doc.y += 2;
      for (const item of group.items) {
        const line = `${FIELD_ACTION_LABELS[item.action][data.locale]} — ${item.field} (${item.section})${item.comment ? `${colon(data.locale)}${item.comment}` : ''}`;
        this.need(this.font('regular', 9.5).heightOfString(line, { width: WIDTH - 22 }) + 2);
        this.font('regular', 9.5).text(`•  ${line}`, PAGE.margin + 10, doc.y, { width: WIDTH - 12 });
      }
      doc.y += 4;
    }
  }

  private details() {
    const { doc, data } = this;
    this.heading(this.tr('report.details'));
    for (const s of data.model.sections) {
      this.need(60);
      const y = doc.y + 4;
      doc.rect(PAGE.margin, y, WIDTH, 20).fill('#f1f3f5');
      this.font('bold', 11).text(s.name, PAGE.margin + 6, y + 4, { width: WIDTH - 60, lineBreak: false, ellipsis: true });
      this.pill(s.score, s.tone, PAGE.margin + WIDTH - 46, y + 3);
      doc.y = y + 24;
      for (const sub of s.subSections) {
        this.need(40);
        const sy = doc.y + 2;
        this.font('bold', 9.5, MUTED).text(sub.name, PAGE.margin + 4, sy, { width: WIDTH - 60 });
        this.pill(sub.score, sub.tone, PAGE.margin + WIDTH - 40, sy, 32, 8);
        doc.y = Math.max(doc.y, sy + 13);
        for (const f of sub.fields) this.field(f);
      }
    }
  }

  private field(f: ReportField) {
    const { doc, data } = this;
    const cols = { name: 200, answer: 178, action: 100 };
    const x = { name: PAGE.margin + 8, answer: PAGE.margin + 214, action: PAGE.margin + 398 };
    const answer = f.not_applicable ? this.tr('report.not_applicable') : (f.answer ?? this.tr('report.not_answered'));
    const measures = f.measures.join(' · ');
    const action = f.action ? FIELD_ACTION_LABELS[f.action][data.locale] : '';
    const height = Math.max(
      this.font('regular', 9).heightOfString(f.name, { width: cols.name }),
      this.font('regular', 9).heightOfString(answer, { width: cols.answer }) + (measures ? this.font('regular', 8).heightOfString(measures, { width: cols.answer }) : 0),
      action ? this.font('bold', 9).heightOfString(action, { width: cols.action }) : 0,
    );
    const comment = f.comment ? `${this.tr('report.comment')}${colon(data.locale)}${f.comment}` : null;
    const commentHeight = comment ? this.font('regular', 8.5).heightOfString(comment, { width: WIDTH - 16 }) + 2 : 0;
    const photoRows = Math.ceil(f.images.length / 5);
    this.need(height + commentHeight + 6 + (photoRows ? THUMB.height + THUMB.gap : 0));
    const y = doc.y + 2;
    this.font('regular', 9).text(f.name, x.name, y, { width: cols.name });
    this.font('regular', 9, f.answer || f.not_applicable ? INK : MUTED).text(answer, x.answer, y, { width: cols.answer });
    if (measures) this.font('regular', 8, MUTED).text(measures, x.answer, doc.y, { width: cols.answer });
    if (action) this.font('bold', 9, '#862e9c').text(action, x.action, y, { width: cols.action });
    if (!f.not_applicable && (f.answer !== null || f.action)) this.pill(f.score, f.tone, PAGE.margin + WIDTH - 34, y, 30, 7.5);
    doc.y = y + height + 2;
    if (comment) this.font('regular', 8.5, MUTED).text(comment, x.name, doc.y, { width: WIDTH - 16 });
    if (f.images.length) this.photos(f.images);
    doc.moveTo(PAGE.margin + 8, doc.y + 2).lineTo(PAGE.margin + WIDTH, doc.y + 2).lineWidth(0.25).strokeColor(RULE).stroke();
    doc.y += 4;
  }

  /** Thumbnails, five to a row. */
  private photos(urls: readonly string[]) {
    const { doc } = this;
    for (let k = 0; k < urls.length; k += 5) {
      this.need(THUMB.height + THUMB.gap);
      const y = doc.y + 3;
      urls.slice(k, k + 5).forEach((url, i) => {
        const x = PAGE.margin + 8 + i * (THUMB.width + THUMB.gap);
        const image = this.data.images.get(url);
        if (image) this.image(image, x, y, THUMB);
        else {
          doc.rect(x, y, THUMB.width, THUMB.height).lineWidth(0.5).strokeColor(RULE).stroke();
          this.font('regular', 7, MUTED).text(this.tr('report.photo_missing'), x + 4, y + THUMB.height / 2 - 4, { width: THUMB.width - 8, align: 'center' });
        }
      });
      doc.y = y + THUMB.height + 2;
    }
  }

  /** The inspector's remarks on the whole inspection, and its own photos. */
  private remarks() {
    const { doc, data } = this;
    if (!data.comments && !data.photos.length) return;
    this.heading(this.tr('report.comments'));
    if (data.comments) this.font('regular', 9.5).text(data.comments, PAGE.margin, doc.y, { width: WIDTH });
    if (data.photos.length) this.photos(data.photos);
  }

  private reminders() {
    const { doc, data } = this;
    if (!data.reminders.length) return;
    this.heading(this.tr('report.reminders'));
    for (const r of data.reminders) {
      this.need(14);
      this.font('regular', 9.5).text(`•  ${r}`, PAGE.margin + 4, doc.y, { width: WIDTH - 4 });
    }
  }

  private signature() {
    const { doc, data } = this;
    const image = data.signature ? data.images.get(data.signature) : undefined;
    this.need(110);
    this.heading(this.tr('report.signature'));
    const y = doc.y;
    if (image) this.image(image, PAGE.margin, y, { width: 220, height: 80 });
    doc.moveTo(PAGE.margin, y + 84).lineTo(PAGE.margin + 240, y + 84).lineWidth(0.5).strokeColor(INK).stroke();
    const who = [data.inspector, this.date(data.dates.completed_at)].filter(Boolean).join(' · ');
    if (who) this.font('regular', 8.5, MUTED).text(who, PAGE.margin, y + 88, { width: 300 });
    doc.y = y + 104;
  }

  /** Page numbers and the generation date on every page; a draft's watermark across each. */
  private pageDecorations(now: Date) {
    const { doc, data } = this;
    const range = doc.bufferedPageRange();
    const draft = !FINAL.has(data.state);
    const generated = this.tr('report.generated', { date: reportDate(now.toISOString(), data.locale, this.timeZone) });
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing in the bottom margin must not open a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (draft) {
        doc.save();
        doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
        this.font('bold', 90, '#c92a2a').fillOpacity(0.12).text(this.tr('report.draft'), 0, PAGE.height / 2 - 50, { width: PAGE.width, align: 'center', lineBreak: false });
        doc.restore();
        doc.fillOpacity(1);
      }
      const y = PAGE.height - PAGE.margin - 10;
      doc.moveTo(PAGE.margin, y - 6).lineTo(PAGE.margin + WIDTH, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      this.font('regular', 7.5, MUTED).text(`${data.organization.name} · ${data.code} · ${generated}`, PAGE.margin, y, { width: WIDTH - 90, lineBreak: false, ellipsis: true });
      this.font('regular', 7.5, MUTED).text(this.tr('report.page', { page: i - range.start + 1, pages: range.count }), PAGE.margin + WIDTH - 90, y, { width: 90, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}
