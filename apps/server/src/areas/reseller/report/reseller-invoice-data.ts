import { documentTaxes, resellerInvoiceWorkflow, type DocumentParty, type DocumentTax, type Locale, type TaxAmount } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { partyOf } from '../../../reports/header.ts';
import { taxesOfGroups } from '../../../reports/document-data.ts';
import { RESELLER_TAXES } from '../reseller-invoice-items.resource.ts';
import { loadImages, wantedImages, type ImageSource } from '../../../reports/images.ts';
import { tradePdfLine, type TradePdfLine } from '../../../reports/trade-lines.ts';
import { organizations, resellers } from '../../admin/admin.table.ts';
import { resellerInvoiceItems, type resellerInvoices } from '../reseller.table.ts';
import type { Storage } from '../../../storage/storage.ts';

// What a reseller's invoice prints (issue 24, GET /reseller-invoices/{id}/report), read once: the
// reseller with its branding (its app logo and colour), the organization billed, the lines and the
// totals the server stored, with each tax, what is paid and the balance.

export interface ResellerInvoiceModel {
  locale: Locale;
  code: string;
  state: string;
  draft: boolean;
  reseller: DocumentParty;
  logo: string | null;
  color: string | null;
  billTo: { name: string; lines: string[] };
  dates: { issued_on: string | null; expiration_time: string | null; period_start: string | null; period_end: string | null; created_at: string };
  lines: TradePdfLine[];
  totals: { subtotal: number; discount: number; total: number; paid: number; balance: number };
  taxes: DocumentTax[];
  notes: string | null;
}

type InvoiceRow = typeof resellerInvoices.$inferSelect;

export async function resellerInvoiceData(db: Db, storage: Storage, row: InvoiceRow, locale: Locale): Promise<{ model: ResellerInvoiceModel; images: ImageSource }> {
  const [[reseller], [organization], items] = await Promise.all([
    db.select().from(resellers).where(eq(resellers.id, row.reseller_id)),
    db.select().from(organizations).where(eq(organizations.id, row.organization_id)),
    db.select().from(resellerInvoiceItems).where(eq(resellerInvoiceItems.reseller_invoice_id, row.id)).orderBy(asc(resellerInvoiceItems.position), asc(resellerInvoiceItems.id)),
  ]);
  const groups = await taxesOfGroups(db, items.map((i) => i.tax_group_id), RESELLER_TAXES);
  const from = partyOf({ ...reseller, address: null, city: null, province: null, postal_code: null });
  const billTo = partyOf(organization);
  const model: ResellerInvoiceModel = {
    locale,
    code: row.code ?? '',
    state: resellerInvoiceWorkflow.stateLabels[row.state][locale],
    draft: row.state === 'draft',
    reseller: from,
    logo: reseller.app_logo,
    color: reseller.brand_color,
    billTo: { name: billTo.name, lines: [...(row.billing_address ? row.billing_address.split('\n') : billTo.lines)] },
    dates: { issued_on: row.issued_on, expiration_time: row.expiration_time, period_start: row.period_start, period_end: row.period_end, created_at: row.created_at },
    lines: items.map(tradePdfLine),
    totals: { subtotal: row.subtotal, discount: row.discount_total, total: row.total, paid: row.amount_paid, balance: row.balance },
    taxes: documentTaxes(row.tax_details as TaxAmount[], items.map((i) => (i.tax_group_id ? groups.get(i.tax_group_id) : null))),
    notes: row.notes,
  };
  // The reseller's own logo only (an upload of the reseller or of the platform).
  return { model, images: loadImages(db, storage, wantedImages({ photos: [], logo: model.logo }), { organizationId: '', resellerId: row.reseller_id }) };
}
