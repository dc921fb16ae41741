import { FIELD_ACTION_LABELS, INSPECTION_DONE_STATES, TONE_COLORS, URGENCY_LABELS, type ReportField, type Tone, type Urgency, inspectionWorkflow } from '@atelier/domain';
import { t, type MessageKey, type MessageParams } from '../../../i18n/index.ts';
import { renderDocumentPdf } from '../../../reports/footer.ts';
import { colon, formatDateTime } from '../../../reports/format.ts';
import { drawHeader } from '../../../reports/header.ts';
import { THUMB, drawThumbnails } from '../../../reports/thumbnails.ts';
import { drawSignature } from '../../../reports/signature.ts';
import { INK, LEFT, MUTED, RULE, WIDTH, type Pen } from '../../../reports/page.ts';
import { drawFacts, vehicleFacts } from '../../../reports/facts.ts';
import type { ReportData } from './report-data.ts';

// Draws an inspection's report with pdfkit (docs/decisions.md "The inspection report"), on the
// documents' shared page, header, footer and tables (apps/server/src/reports).

/** Green, yellow, red: the fill of a score or a state, and the text that reads on it (the screen's, from the domain). */
const TONE = TONE_COLORS;
/** A failing safety-critical field's name and work line. */
const CRITICAL = TONE_COLORS.bad.fill;
const URGENCY_COLOR: Record<Urgency, string> = { urgent: '#c92a2a', soon: '#8f4400', monitor: '#495057' };
/** A report is final once completed: before, it says it is a draft on every page. */
const FINAL = new Set<string>(INSPECTION_DONE_STATES);

/** The report as PDF bytes. */
export async function renderReportPdf(data: ReportData, options: { timeZone: string; now?: Date }): Promise<Buffer> {
  const watermark = FINAL.has(data.state) ? null : t(data.locale, 'document.draft');
  const document = { title: `${t(data.locale, 'report.title')} ${data.code}`, author: data.organization.name, subject: data.formName, code: data.code, locale: data.locale, documentFooter: data.documentFooter, watermark };
  return renderDocumentPdf(document, { images: data.images, ...options }, (pen) => new Drawing(pen, data, options.timeZone).draw());
}

class Drawing {
  private readonly doc: PDFKit.PDFDocument;
  constructor(
    private readonly pen: Pen,
    private readonly data: ReportData,
    private readonly timeZone: string,
  ) {
    this.doc = pen.doc;
  }

  private tr(key: MessageKey, params?: MessageParams) {
    return t(this.data.locale, key, params);
  }
  private date(iso: string | null) {
    return iso ? formatDateTime(iso, this.data.locale, this.timeZone) : null;
  }
  private need(height: number) {
    this.pen.need(height);
  }
  private font(weight: 'regular' | 'bold', size: number, color = INK) {
    return this.pen.font(weight, size, color);
  }

  async draw() {
    const { data } = this;
    drawHeader(this.pen, {
      organization: data.organization,
      location: data.location,
      logo: data.logo,
      title: this.tr('report.title'),
      lines: [`${this.tr('report.code')} ${data.code}`, `${data.formName} · v${data.formVersion}`],
    });
    this.status();
    this.facts();
    this.score();
    this.sectionsSummary();
    this.work();
    await this.details();
    this.remarks();
    this.reminders();
    this.signature();
  }

  /** A coloured pill with the score: colour and number together, never colour alone. */
  private pill(score: number, tone: Tone, x: number, y: number, width = 40, size = 9) {
    const height = size + 6;
    this.doc.roundedRect(x, y, width, height, height / 2).fill(TONE[tone].fill);
    this.font('bold', size, TONE[tone].text).text(String(score), x, y + 2.5, { width, align: 'center', lineBreak: false });
  }

  /** A draft or canceled inspection says so under the header (and across every page). */
  private status() {
    const { data } = this;
    if (FINAL.has(data.state)) return;
    const text = data.state === 'canceled' ? this.tr('report.canceled_note') : this.tr('report.draft_note', { state: inspectionWorkflow.stateLabels[data.state][data.locale] });
    const y = this.doc.y;
    this.doc.rect(LEFT, y, WIDTH, 20).fill('#fff3bf');
    this.font('bold', 9.5, '#5c3c00').text(text, LEFT + 8, y + 5, { width: WIDTH - 16 });
    this.doc.y = y + 28;
  }

  private facts() {
    const { data } = this;
    const row = (label: MessageKey, value: string | null) => ({ label: this.tr(label), value });
    drawFacts(this.pen, [
      vehicleFacts(data.vehicle, data.locale),
      {
        title: `${this.tr('report.code')} ${data.code}`,
        rows: [
          row('document.customer', data.customer),
          row('report.inspector', data.inspector),
          row('report.created_at', this.date(data.dates.created_at)),
          row('report.started_at', this.date(data.dates.started_at)),
          row('report.completed_at', this.date(data.dates.completed_at)),
          row('report.approved_at', this.date(data.dates.approved_at)),
        ],
      },
    ]);
  }

  private score() {
    const { doc, data } = this;
    const m = data.model;
    this.need(76);
    const y = doc.y + 8;
    doc.roundedRect(LEFT, y, WIDTH, 62, 6).lineWidth(0.75).strokeColor(RULE).stroke();
    doc.roundedRect(LEFT + 10, y + 8, 70, 46, 6).fill(TONE[m.tone].fill);
    this.font('bold', 26, TONE[m.tone].text).text(String(m.vehicle_score), LEFT + 10, y + 14, { width: 70, align: 'center', lineBreak: false });
    this.font('regular', 9, MUTED).text(`${this.tr('report.vehicle_score')} · ${this.tr('report.verdict')}`, LEFT + 94, y + 9, { width: WIDTH - 104 });
    this.font('bold', 13, m.note ? INK : MUTED).text(m.note ?? this.tr('report.no_verdict'), LEFT + 94, doc.y + 1, { width: WIDTH - 104 });
    this.font('regular', 8, MUTED).text(this.tr('report.legend'), LEFT + 94, y + 42, { width: WIDTH - 104 });
    doc.y = y + 70;
  }

  private sectionsSummary() {
    const { doc } = this;
    this.pen.heading(this.tr('report.sections'));
    for (const s of this.data.model.sections) {
      this.need(16 * (1 + s.subSections.length));
      const y = doc.y;
      this.font('bold', 10).text(s.name, LEFT, y + 1, { width: WIDTH - 60 });
      this.pill(s.score, s.tone, LEFT + WIDTH - 44, y);
      doc.y = Math.max(doc.y, y + 16);
      for (const sub of s.subSections) {
        const sy = doc.y;
        this.font('regular', 9, MUTED).text(sub.name, LEFT + 16, sy + 1, { width: WIDTH - 76 });
        this.pill(sub.score, sub.tone, LEFT + WIDTH - 40, sy + 1, 32, 8);
        doc.y = Math.max(doc.y, sy + 14);
      }
      doc.y += 3;
    }
  }

  private work() {
    const { doc, data } = this;
    this.pen.heading(this.tr('report.work'));
    if (!data.model.work.length) {
      this.font('regular', 9.5, MUTED).text(this.tr('report.work_none'), LEFT, doc.y, { width: WIDTH });
      return;
    }
    for (const group of data.model.work) {
      this.need(36);
      const y = doc.y + 2;
      doc.rect(LEFT, y, 4, 14).fill(URGENCY_COLOR[group.urgency]);
      this.font('bold', 10.5, URGENCY_COLOR[group.urgency]).text(`${URGENCY_LABELS[group.urgency][data.locale]} (${group.items.length})`, LEFT + 10, y + 1, { width: WIDTH - 10 });
      doc.y += 2;
      for (const item of group.items) {
        const critical = item.critical ? `${this.tr('report.critical')} — ` : '';
        const line = `${critical}${FIELD_ACTION_LABELS[item.action][data.locale]} — ${item.field} (${item.section})${item.comment ? `${colon(data.locale)}${item.comment}` : ''}`;
        this.need(this.font('regular', 9.5).heightOfString(line, { width: WIDTH - 22 }) + 2);
        this.font(item.critical ? 'bold' : 'regular', 9.5, item.critical ? CRITICAL : INK).text(`•  ${line}`, LEFT + 10, doc.y, { width: WIDTH - 12 });
      }
      doc.y += 4;
    }
  }

  private async details() {
    const { doc, data } = this;
    this.pen.heading(this.tr('report.details'));
    for (const s of data.model.sections) {
      await this.pen.breathe();
      this.need(60);
      const y = doc.y + 4;
      doc.rect(LEFT, y, WIDTH, 20).fill('#f1f3f5');
      this.font('bold', 11).text(s.name, LEFT + 6, y + 4, { width: WIDTH - 60, lineBreak: false, ellipsis: true });
      this.pill(s.score, s.tone, LEFT + WIDTH - 46, y + 3);
      doc.y = y + 24;
      for (const sub of s.subSections) {
        this.need(40);
        const sy = doc.y + 2;
        this.font('bold', 9.5, MUTED).text(sub.name, LEFT + 4, sy, { width: WIDTH - 60 });
        this.pill(sub.score, sub.tone, LEFT + WIDTH - 40, sy, 32, 8);
        doc.y = Math.max(doc.y, sy + 13);
        for (const f of sub.fields) this.field(f);
      }
    }
  }

  private field(f: ReportField) {
    const { doc, data } = this;
    const cols = { name: 200, answer: 178, action: 100 };
    const x = { name: LEFT + 8, answer: LEFT + 214, action: LEFT + 398 };
    const answer = f.not_applicable ? this.tr('report.not_applicable') : (f.answer ?? this.tr('report.not_answered'));
    const measures = f.measures.join(' · ');
    const action = f.action ? FIELD_ACTION_LABELS[f.action][data.locale] : '';
    const height = Math.max(
      this.font(f.critical ? 'bold' : 'regular', 9).heightOfString(f.name, { width: cols.name }),
      this.font('regular', 9).heightOfString(answer, { width: cols.answer }) + (measures ? this.font('regular', 8).heightOfString(measures, { width: cols.answer }) : 0),
      action ? this.font('bold', 9).heightOfString(action, { width: cols.action }) : 0,
    );
    const comment = f.comment ? `${this.tr('report.comment')}${colon(data.locale)}${f.comment}` : null;
    const commentHeight = comment ? this.font('regular', 8.5).heightOfString(comment, { width: WIDTH - 16 }) + 2 : 0;
    const photoRows = Math.ceil(f.images.length / THUMB.perRow);
    this.need(height + commentHeight + 6 + (photoRows ? THUMB.height + THUMB.gap : 0));
    const y = doc.y + 2;
    this.font(f.critical ? 'bold' : 'regular', 9, f.critical ? CRITICAL : INK).text(f.name, x.name, y, { width: cols.name });
    this.font('regular', 9, f.answer || f.not_applicable ? INK : MUTED).text(answer, x.answer, y, { width: cols.answer });
    if (measures) this.font('regular', 8, MUTED).text(measures, x.answer, doc.y, { width: cols.answer });
    if (action) this.font('bold', 9, '#862e9c').text(action, x.action, y, { width: cols.action });
    if (!f.not_applicable && (f.answer !== null || f.action)) this.pill(f.score, f.tone, LEFT + WIDTH - 34, y, 30, 7.5);
    doc.y = y + height + 2;
    if (comment) this.font('regular', 8.5, MUTED).text(comment, x.name, doc.y, { width: WIDTH - 16 });
    if (f.images.length) this.photos(f.images);
    this.pen.rule(doc.y + 2, { from: LEFT + 8, width: 0.25 });
    doc.y += 4;
  }

  private photos(urls: readonly string[]) {
    drawThumbnails(this.pen, urls, this.tr('document.photo_missing'));
  }

  /** The inspector's remarks on the whole inspection, and its own photos. */
  private remarks() {
    const { doc, data } = this;
    if (!data.comments && !data.photos.length) return;
    this.pen.heading(this.tr('report.comments'));
    if (data.comments) this.font('regular', 9.5).text(data.comments, LEFT, doc.y, { width: WIDTH });
    if (data.photos.length) this.photos(data.photos);
  }

  private reminders() {
    const { doc, data } = this;
    if (!data.reminders.length) return;
    this.pen.heading(this.tr('report.reminders'));
    for (const r of data.reminders) {
      this.need(14);
      this.font('regular', 9.5).text(`•  ${r}`, LEFT + 4, doc.y, { width: WIDTH - 4 });
    }
  }

  private signature() {
    const { data } = this;
    this.need(110);
    this.pen.heading(this.tr('document.signature'));
    const who = [data.inspector, this.date(data.dates.completed_at)].filter(Boolean).join(' · ');
    drawSignature(this.pen, data.signature, who || null);
  }
}
