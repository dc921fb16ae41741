import { defineEnum } from '../enums.ts';
import { workTotals, type WorkLine } from '../lines/work-lines.ts';

// Reconditioning from an inspection (issue 27): a vehicle the shop has inspected is offered for
// what it is, less what its repairs cost. The inspection's estimate, when it has one, is the cost
// (its items, taxes included, as the customer would pay them); otherwise the canned jobs its
// findings call for, priced before taxes (no document fixes their tax groups yet).

export const [RECONDITIONING_ORIGINS, RECONDITIONING_ORIGIN_LABELS] = defineEnum('reconditioning_origins', ['inspection_estimate', 'canned_jobs', 'none']);
export type ReconditioningOrigin = (typeof RECONDITIONING_ORIGINS)[number];

export interface ReconditioningLine {
  label: string;
  /** Cents. */
  cents: number;
}

export interface Reconditioning {
  origin: ReconditioningOrigin;
  /** Cents: the sum of the lines. */
  cents: number;
  lines: ReconditioningLine[];
}

export const NO_RECONDITIONING: Reconditioning = { origin: 'none', cents: 0, lines: [] };

const sumOf = (origin: ReconditioningOrigin, lines: ReconditioningLine[]): Reconditioning => {
  const kept = lines.filter((l) => l.cents !== 0);
  return kept.length ? { origin, cents: kept.reduce((s, l) => s + l.cents, 0), lines: kept } : NO_RECONDITIONING;
};

/** The estimate's items (their totals in cents) as the cost; free items are left out. */
export function reconditioningOfEstimate(items: readonly ReconditioningLine[]): Reconditioning {
  return sumOf('inspection_estimate', [...items]);
}

/** Each canned job a line, priced by its lines' parts and labour (a line without a price counts nothing). */
export function reconditioningOfJobs(jobs: readonly { name: string; lines: readonly WorkLine[] }[]): Reconditioning {
  return sumOf(
    'canned_jobs',
    jobs.map((job) => ({ label: job.name, cents: workTotals(job.lines.map((l) => ({ ...l, taxes: null, warranty: false }))).subtotal })),
  );
}

/** The reconditioning lines as the offer takes them off, in whole dollars (each line rounded once). */
export const reconditioningDollars = (r: Reconditioning) => r.lines.map((l) => ({ label: l.label, amount: Math.round(l.cents / 100) }));

/** An appraisal against the price the vehicle sold for: how far the offer was from the sale (dollars). */
export function saleComparison(offer: number, saleCents: number): { sale: number; difference: number } {
  const sale = Math.round(saleCents / 100);
  return { sale, difference: sale - offer };
}
