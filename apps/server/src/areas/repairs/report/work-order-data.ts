import { documentPricing } from '../../estimations/document-charges.ts';
import { buildWorkOrder, type ItemCondition, type Locale, type PartStatus, type WorkOrderModel, type WorkType } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documentParties, namesOf, supplierNames, taxesOfGroups } from '../../../reports/document-data.ts';
import { loadImages, type ImageSource } from '../../../reports/images.ts';
import { workOrderImages } from '../../../reports/work-order-pdf.ts';
import { estimations } from '../../estimations/estimations.table.ts';
import { inspections } from '../../inspections/inspections.table.ts';
import { storedTotals } from '../../estimations/estimation-lines.ts';
import type { RepairRow } from '../repairs.policies.ts';
import { repairItems, repairTimeEntries } from '../repairs.table.ts';
import type { Storage } from '../../../storage/storage.ts';

// What the work order prints, read once: the repair, its items with their stored totals, their
// tax groups' taxes and suppliers, who clocked time on each, the estimate and inspection it comes from, the people
// named, who and what it is about, and the logo (still loading).

export interface WorkOrderData {
  model: WorkOrderModel;
  /** The pictures by URL, not awaited: the PDF draws its text meanwhile. */
  images: ImageSource;
}

/** The work order of a repair in `locale`. The caller has checked who may read it. */
export async function workOrderData(db: Db, storage: Storage, row: RepairRow, locale: Locale): Promise<WorkOrderData> {
  const [parties, items, clocks, [estimation], [inspection]] = await Promise.all([
    documentParties(db, row),
    db.select().from(repairItems).where(eq(repairItems.repair_id, row.id)).orderBy(asc(repairItems.position), asc(repairItems.id)),
    db
      .select({ item: repairTimeEntries.repair_item_id, user: repairTimeEntries.user_id })
      .from(repairTimeEntries)
      .where(eq(repairTimeEntries.repair_id, row.id))
      .orderBy(asc(repairTimeEntries.started_at), asc(repairTimeEntries.id)),
    row.estimation_id ? db.select({ code: estimations.code }).from(estimations).where(eq(estimations.id, row.estimation_id)) : [],
    row.inspection_id ? db.select({ code: inspections.code }).from(inspections).where(eq(inspections.id, row.inspection_id)) : [],
  ]);
  const [taxes, suppliers, people] = await Promise.all([
    taxesOfGroups(db, items.map((i) => i.tax_group_id)),
    supplierNames(db, items.map((i) => i.supplier_id)),
    namesOf(db, [row.approver_id, row.holder_id, row.completed_by_id, row.validated_by_id, ...row.repairer_ids, ...clocks.map((c) => c.user)]),
  ]);
  const name = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  // Who did each item: the mechanics who clocked time on it, in the order they started.
  const mechanics = new Map<string, string[]>();
  for (const c of clocks) mechanics.set(c.item, [...(mechanics.get(c.item) ?? []), name(c.user) ?? '']);

  const model = buildWorkOrder({
    locale,
    repair: {
      code: row.code ?? '',
      state: row.state,
      type: row.type as WorkType,
      department: row.department,
      notes: row.notes,
      created_at: row.created_at,
      started_at: row.started_at,
      completed_at: row.completed_at,
      validated_at: row.validated_at,
    },
    estimation_code: estimation?.code ?? null,
    inspection_code: inspection?.code ?? null,
    terms: (await documentPricing(db, row, items)).terms,
    items: items.map((i) => ({
      ...i,
      // Both columns are checked against the domain's lists (repair_items_*_check).
      condition: i.condition as ItemCondition | null,
      part_status: i.part_status as PartStatus | null,
      supplier: i.supplier_id ? (suppliers.get(i.supplier_id) ?? null) : null,
      // The amounts stored when the item was written; the group's rates now only label them.
      totals: storedTotals(i),
      taxes: i.tax_group_id ? (taxes.get(i.tax_group_id) ?? []) : [],
      // The column is 0 until a clock closes: an item nobody clocked has no actual time ("—").
      time_spent: mechanics.has(i.id) ? i.time_spent : null,
      mechanics: mechanics.get(i.id) ?? [],
    })),
    organization: parties.organization,
    location: parties.location,
    vehicle: parties.vehicle,
    customer: parties.customer,
    people: {
      approver: name(row.approver_id),
      holder: name(row.holder_id),
      repairers: row.repairer_ids.map(name).filter((n): n is string => n !== null),
      completed_by: name(row.completed_by_id),
      validated_by: name(row.validated_by_id),
    },
    options: parties.options,
  });
  return { model, images: loadImages(db, storage, workOrderImages(model), parties.owners) };
}
