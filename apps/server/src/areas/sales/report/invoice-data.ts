import { customerName, documentTaxes, salesInvoiceWorkflow, type DocumentParty, type DocumentTax, type Locale, type TaxAmount } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documentParties, taxesOfGroups } from '../../../reports/document-data.ts';
import { loadImages, wantedImages, type ImageSource } from '../../../reports/images.ts';
import { invoiceFileName, renderInvoicePdf } from '../../../reports/sales-invoice-pdf.ts';
import { tradePdfLine, type TradePdfLine } from '../../../reports/trade-lines.ts';
import { customers } from '../../crm/crm.table.ts';
import { optionValue } from '../../estimations/estimation-lines.ts';
import { repairs } from '../../repairs/repairs.table.ts';
import { salesInvoiceItems, salesInvoices } from '../sales.table.ts';
import type { Storage } from '../../../storage/storage.ts';

// What a customer's invoice prints (issue 23, GET /sales-invoices/{id}/report), read once: the
// organization with its GST and QST registration numbers (settings), the customer billed, the
// vehicle and repair it is for, the lines with each one's taxes, the totals the server stored,
// the deposits deducted, what is paid and the balance, the payment terms and the footer.

export interface InvoiceLine extends TradePdfLine {
  taxes: TaxAmount[];
}

export interface InvoiceModel {
  locale: Locale;
  /** Its number; null for a draft (printed as such). */
  code: string | null;
  state: string;
  deposit: boolean;
  /** A credit note, and the number of the invoice it corrects. */
  creditNote: boolean;
  corrects: string | null;
  organization: DocumentParty;
  logo: string | null;
  /** The organization's tax registration numbers (settings: sales). */
  registrations: { gst: string | null; qst: string | null };
  billTo: { name: string; lines: string[] };
  vehicle: string | null;
  repair: string | null;
  dates: { issued_on: string | null; due: string | null };
  lines: InvoiceLine[];
  totals: { subtotal: number; discount: number; tax: number; total: number; credited: number; paid: number; balance: number };
  taxes: DocumentTax[];
  terms: string | null;
  notes: string | null;
  documentFooter: string | null;
}

type InvoiceRow = typeof salesInvoices.$inferSelect;

const text = async (db: Db, organizationId: string, name: string) => {
  const v = await optionValue(db, organizationId, name);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

export async function invoiceData(db: Db, storage: Storage, row: InvoiceRow, locale: Locale): Promise<{ model: InvoiceModel; images: ImageSource }> {
  const [items, [customer], [repair], [corrected], parties, gst, qst, terms] = await Promise.all([
    db.select().from(salesInvoiceItems).where(eq(salesInvoiceItems.sales_invoice_id, row.id)).orderBy(asc(salesInvoiceItems.position), asc(salesInvoiceItems.id)),
    db.select().from(customers).where(eq(customers.id, row.customer_id)),
    row.repair_id ? db.select({ code: repairs.code }).from(repairs).where(eq(repairs.id, row.repair_id)) : [],
    row.credited_invoice_id ? db.select({ code: salesInvoices.code }).from(salesInvoices).where(eq(salesInvoices.id, row.credited_invoice_id)) : [],
    documentParties(db, { organization_id: row.organization_id, location_ids: row.location_ids, vehicle_id: row.vehicle_id, customer_id: null, odometer: null }),
    text(db, row.organization_id, 'sales.gst_number'),
    text(db, row.organization_id, 'sales.qst_number'),
    text(db, row.organization_id, 'sales.payment_terms'),
  ]);
  const taxes = await taxesOfGroups(db, items.map((i) => i.tax_group_id));
  const billTo = row.billing_address?.trim() ? row.billing_address.trim().split('\n') : [];
  const model: InvoiceModel = {
    locale,
    code: row.code,
    state: salesInvoiceWorkflow.stateLabels[row.state][locale],
    deposit: row.kind === 'deposit',
    creditNote: row.kind === 'credit_note',
    corrects: corrected?.code ?? null,
    organization: parties.organization,
    logo: parties.organization.logo,
    registrations: { gst, qst },
    // The billing address the invoice carries (its first line the name), else the customer's name.
    billTo: billTo.length ? { name: billTo[0], lines: billTo.slice(1) } : { name: customer ? customerName(customer) : '', lines: [] },
    vehicle: parties.vehicle ? [[parties.vehicle.year, parties.vehicle.make, parties.vehicle.model].filter(Boolean).join(' '), parties.vehicle.vin].filter(Boolean).join(' · ') : null,
    repair: repair?.code ?? null,
    dates: { issued_on: row.issued_on, due: row.expiration_time },
    lines: items.map((i, n) => ({ ...tradePdfLine(i, n), taxes: (i.tax_details as TaxAmount[] | null) ?? [] })),
    totals: {
      subtotal: row.subtotal,
      discount: row.discount_total,
      tax: row.tax_total,
      total: row.total,
      credited: row.amount_credited,
      paid: row.amount_paid,
      balance: row.state === 'validated' ? row.balance : row.total - row.amount_paid,
    },
    taxes: documentTaxes(row.tax_details as TaxAmount[], items.map((i) => (i.tax_group_id ? taxes.get(i.tax_group_id) : null))),
    terms,
    notes: row.notes,
    documentFooter: (parties.options['general.document_footer'] as string | undefined) ?? null,
  };
  return { model, images: loadImages(db, storage, wantedImages({ photos: [], logo: model.logo }), parties.owners) };
}

/** The invoice's PDF in a language and its file name (the staff's report, the customer's link, the e-mail's attachment). */
export async function invoicePdf(db: Db, storage: Storage, row: InvoiceRow, locale: Locale, timeZone: string): Promise<{ pdf: Buffer; name: string }> {
  const { model, images } = await invoiceData(db, storage, row, locale);
  return { pdf: await renderInvoicePdf({ model, images, timeZone }), name: invoiceFileName(model) };
}
