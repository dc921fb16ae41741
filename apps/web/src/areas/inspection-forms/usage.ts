import type { RecordOf } from '@atelier/domain';

/**
 * How many inspections were made from a form (not counting canceled ones). Its changes then apply to
 * the next inspections only: the server keeps the version each inspection was made from.
 */
export function usageOf(form: Partial<Pick<RecordOf<'inspection-forms'>, 'inspections_count'>>): { used: boolean; count: number } {
  const count = form.inspections_count ?? 0;
  return count > 0 ? { used: true, count } : { used: false, count: 0 };
}
