import { documentPricing } from '../document-charges.ts';
import { buildQuote, itemsForCustomer, type Locale, type QuoteModel } from '@atelier/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documentParties, namesOf, supplierNames, taxesOfGroups } from '../../../reports/document-data.ts';
import { loadImages, type ImageSource } from '../../../reports/images.ts';
import { quoteImages } from '../../../reports/quote-pdf.ts';
import { estimationAnswers } from '../approval/approval.table.ts';
import { storedTotals, type EstimationRow } from '../estimation-lines.ts';
import { estimationItems } from '../estimations.table.ts';
import type { Storage } from '../../../storage/storage.ts';

// What the estimate's PDF prints, read once: the estimate, its items with their stored totals,
// their tax groups' taxes and suppliers, who and what it is about, the people named, the customer's last signature, and
// the pictures (the items' inspection photos, the signature, the logo) still loading.

export interface QuoteData {
  model: QuoteModel;
  /** The pictures by URL, not awaited: the PDF draws its text meanwhile (reports/page.ts renderPdf). */
  images: ImageSource;
}

/**
 * The quote of an estimate in `locale`. `forCustomer`: only the items the customer is asked about
 * (not those the dealership's approver denied), as the approval page shows them. The caller has
 * checked who may read it.
 */
export async function quoteData(db: Db, storage: Storage, row: EstimationRow, locale: Locale, { forCustomer = false } = {}): Promise<QuoteData> {
  const [parties, stored, [answer]] = await Promise.all([
    documentParties(db, row),
    db.select().from(estimationItems).where(eq(estimationItems.estimation_id, row.id)).orderBy(asc(estimationItems.position), asc(estimationItems.id)),
    db.select().from(estimationAnswers).where(eq(estimationAnswers.estimation_id, row.id)).orderBy(desc(estimationAnswers.decided_at)).limit(1),
  ]);
  const items = forCustomer ? itemsForCustomer(stored) : stored;
  const [taxes, suppliers, people] = await Promise.all([
    taxesOfGroups(db, items.map((i) => i.tax_group_id)),
    supplierNames(db, items.map((i) => i.supplier_id)),
    namesOf(db, [...row.estimator_ids, row.approver_id, row.approved_by_id]),
  ]);
  const name = (id: string | null) => (id ? (people.get(id) ?? null) : null);

  const model = buildQuote({
    locale,
    estimation: {
      code: row.code ?? '',
      state: row.state,
      type: row.type,
      version: row.version,
      created_at: row.created_at,
      sent_at: row.sent_at,
      approved_at: row.approved_at,
      notes: row.notes,
      department: row.department,
      stock: row.stock,
    },
    terms: (await documentPricing(db, row, items)).terms,
    items: items.map((i) => ({
      ...i,
      supplier: i.supplier_id ? (suppliers.get(i.supplier_id) ?? null) : null,
      // The amounts stored when the item was written; the group's rates now only label them.
      totals: storedTotals(i),
      taxes: i.tax_group_id ? (taxes.get(i.tax_group_id) ?? []) : [],
    })),
    organization: parties.organization,
    location: parties.location,
    vehicle: parties.vehicle,
    customer: parties.customer,
    estimator: row.estimator_ids.map(name).filter(Boolean).join(', ') || null,
    // Who approves for the dealership: the one named, else the one who approved it.
    approver: name(row.approver_id) ?? name(row.approved_by_id),
    options: parties.options,
    signature: answer ? { signer: answer.signer_name, signed_at: answer.decided_at, image: answer.signature, version: answer.version } : null,
  });
  return { model, images: loadImages(db, storage, quoteImages(model), parties.owners) };
}
