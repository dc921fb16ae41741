import { formatHoursMinutes, type Locale, type WorkOrderLine, type WorkOrderModel } from '@atelier/domain';
import { t, type MessageKey, type MessageParams } from '../i18n/index.ts';
import { customerFacts, drawFacts, vehicleFacts } from './facts.ts';
import { renderDocumentPdf, type DocumentPdfInput } from './footer.ts';
import { formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import { wantedImages } from './images.ts';
import { INK, LEFT, MUTED, WIDTH, type Pen } from './page.ts';
import { drawSignatureLines } from './signature.ts';
import { drawTitledTable, drawTotals, type Column } from './table.ts';
import { partDetail, partsDetail, totalDetail, totalLines } from './work-lines.ts';

// The repair's PDF: the work order (issue 12, GET /repairs/{id}/report), drawn from the domain's
// model (repairs/work-order.ts) on the documents' shared page.

/** The pictures a work order prints, for loadImages (reports/images.ts). */
export const workOrderImages = (model: WorkOrderModel) => wantedImages({ photos: [], logo: model.logo });

/** The file name the work order is answered under: "bon-de-travail-R-2026-000007.pdf". */
export const workOrderFileName = (model: WorkOrderModel) => `${t(model.locale, 'work_order.file_name')}-${model.code}.pdf`;

/**
 * The work order as PDF bytes: header, vehicle, customer, where it comes from and who works on
 * it; each item with where it is done, its state, its part and the part's status, the planned and
 * clocked hours, who does it and its total (warranty lines at zero); the hours and money totals;
 * lines for the mechanic and the customer to sign; the settings' document footer on every page.
 * Independent of how the repair is loaded: the caller builds the model and loads its images.
 */
export function renderWorkOrderPdf({ model, images, timeZone, now }: DocumentPdfInput<WorkOrderModel>): Promise<Buffer> {
  const tr = (key: MessageKey, params?: MessageParams) => t(model.locale, key, params);
  const document = { title: tr('work_order.number', { code: model.code }), author: model.organization.name, code: model.code, locale: model.locale, documentFooter: model.documentFooter };
  const body = (pen: Pen) => {
    drawHeader(pen, {
      organization: model.organization,
      location: model.location,
      logo: model.logo,
      title: tr('work_order.title'),
      lines: [model.code, tr('work_order.state', { state: model.state.label })],
    });
    facts(pen, model, timeZone);
    drawTitledTable(pen, tr('work_order.items'), columns(model.locale), model.lines, tr('work_order.none'));
    summary(pen, model);
    drawTotals(pen, totalLines(model.totals, model.taxes, tr('document.total'), model.locale));
    pen.paragraph(tr('document.notes'), model.notes);
    pen.doc.y += 6;
    const labels = [tr('document.sign_name'), tr('document.signature'), tr('document.sign_date')];
    drawSignatureLines(pen, [
      { title: tr('work_order.sign_mechanic'), labels, name: model.people.completed_by },
      { title: tr('work_order.sign_customer'), labels, name: model.customer?.name ?? null },
    ]);
  };
  return renderDocumentPdf(document, { images, timeZone, now }, body);
}

function facts(pen: Pen, model: WorkOrderModel, timeZone: string) {
  const { locale } = model;
  const day = (iso: string | null) => (iso ? formatDay(iso, locale, timeZone) : null);
  const row = (label: MessageKey, value: string | null) => ({ label: t(locale, label), value });
  const people = model.people;
  drawFacts(pen, [
    vehicleFacts(model.vehicle, locale, { labelWidth: 62, weight: 1.1 }),
    customerFacts(model.customer, locale, 0.8),
    {
      title: t(locale, 'work_order.number', { code: model.code }),
      labelWidth: 66,
      weight: 1.1,
      rows: [
        row('document.type', model.type.label),
        row('document.department', model.department),
        row('work_order.estimation', model.estimation_code),
        row('work_order.inspection', model.inspection_code),
        row('work_order.approver', people.approver),
        row('work_order.holder', people.holder),
        row('work_order.repairers', people.repairers.join(', ') || null),
        row('work_order.completed_by', people.completed_by),
        row('work_order.created_at', day(model.dates.created_at)),
        row('work_order.started_at', day(model.dates.started_at)),
        row('work_order.completed_at', day(model.dates.completed_at)),
        row('work_order.validated_at', day(model.dates.validated_at)),
      ],
    },
  ]);
}

function columns(locale: Locale): Column<WorkOrderLine>[] {
  const muted = (line: WorkOrderLine) => (line.charged ? INK : MUTED);
  const hours = (h: number | null) => (h === null ? t(locale, 'work_order.not_clocked') : formatHoursMinutes(h));
  return [
    { title: t(locale, 'document.number'), width: 20, text: (l) => String(l.number), color: muted },
    { title: t(locale, 'document.description'), width: 128, text: (l) => l.detail, under: (l) => l.condition?.label ?? null, color: muted },
    { title: t(locale, 'work_order.mode'), width: 62, text: (l) => l.mode.label },
    { title: t(locale, 'work_order.status'), width: 52, text: (l) => l.state.label, weight: (l) => (l.state.code === 'done' ? 'bold' : 'regular') },
    {
      title: t(locale, 'work_order.part'),
      width: 92,
      text: (l) => l.part_status?.label ?? '',
      under: (l) => [partDetail(l, locale), partsDetail(l, locale)].filter(Boolean).join('\n') || null,
    },
    { title: t(locale, 'work_order.time'), width: 62, align: 'right', text: (l) => `${hours(l.planned)} / ${hours(l.actual)}` },
    { title: t(locale, 'work_order.mechanic'), width: 44, text: (l) => l.mechanics.join(', ') },
    { title: t(locale, 'document.total'), width: 72, align: 'right', text: (l) => formatMoney(l.totals.total, locale), under: (l) => totalDetail(l, locale), weight: (l) => (l.charged ? 'bold' : 'regular'), color: muted },
  ];
}

/** Planned against clocked hours, and how many items are done. */
function summary(pen: Pen, model: WorkOrderModel) {
  const { locale } = model;
  // Clocked time reads in hours and minutes ("écart −3 h 42"), not as a decimal of hours.
  const signed = (h: number) => (h > 0 ? `+${formatHoursMinutes(h)}` : formatHoursMinutes(h));
  pen.need(30);
  pen.doc.y += 6;
  pen.font('regular', 9, MUTED).text(
    `${t(locale, 'work_order.time_summary', { planned: formatHoursMinutes(model.time.planned), actual: formatHoursMinutes(model.time.actual), difference: signed(model.time.difference) })} · ${t(locale, 'work_order.progress', model.progress)}`,
    LEFT,
    pen.doc.y,
    { width: WIDTH },
  );
}
