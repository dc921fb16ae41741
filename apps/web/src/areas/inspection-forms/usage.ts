import type { Model } from '../../api/jsonapi.ts';

/**
 * How many inspections were made from a form (not counting canceled ones). Its changes then apply to
 * the next inspections only: the server keeps the version each inspection was made from.
 */
export function usageOf(form: Model): { used: boolean; count: number } {
  const count = Number(form.inspections_count ?? 0);
  return Number.isFinite(count) && count > 0 ? { used: true, count } : { used: false, count: 0 };
}
