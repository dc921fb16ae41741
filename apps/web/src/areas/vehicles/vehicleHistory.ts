import type { Model } from '../../api/jsonapi.ts';
import { estimateHref } from '../estimations/estimationModel.ts';
import { inspectionHref } from '../inspections/inspectionModel.ts';
import { repairHref } from '../repairs/repairModel.ts';

// A vehicle's history (issue 12): its inspections with their score, its estimates and its repairs,
// in one list in time order, newest first, each linking to its screen.

export type HistoryKind = 'inspections' | 'estimations' | 'repairs';

export interface HistoryEntry {
  kind: HistoryKind;
  id: string;
  code: string;
  state: string;
  /** When it was made (ISO). */
  at: string;
  href: string;
  /** An inspection's vehicle score, or null. */
  score: number | null;
  /** An estimate's or a repair's total in cents, or null. */
  total: number | null;
}

const HREF: Record<HistoryKind, (id: string) => string> = { inspections: inspectionHref, estimations: estimateHref, repairs: repairHref };

const entry = (kind: HistoryKind, r: Model): HistoryEntry => ({
  kind,
  id: r.id,
  code: String(r.code ?? ''),
  state: String(r.state ?? ''),
  at: String(r.created_at ?? ''),
  href: HREF[kind](r.id),
  score: kind === 'inspections' && typeof r.vehicle_score === 'number' ? r.vehicle_score : null,
  total: kind !== 'inspections' && r.total !== null && r.total !== undefined ? Number(r.total) : null,
});

/** The records of the three kinds as one history, newest first (at the same time, the later step of the work first: repair, estimate, inspection). */
export function vehicleHistory(lists: Partial<Record<HistoryKind, readonly Model[]>>): HistoryEntry[] {
  const order: HistoryKind[] = ['inspections', 'estimations', 'repairs'];
  const all = order.flatMap((kind) => (lists[kind] ?? []).map((r) => entry(kind, r)));
  return all.sort((a, b) => b.at.localeCompare(a.at) || order.indexOf(b.kind) - order.indexOf(a.kind));
}
