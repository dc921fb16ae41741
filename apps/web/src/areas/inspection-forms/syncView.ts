import type { SyncChange, SyncLine, SyncResult } from './formApi.ts';

// The dry run's answer as the sync dialog shows it. Pure, unit-tested (syncView.test.ts).

/** The four counts: the server's, else the lines'. */
export function countsOf(r: SyncResult): { added: number; changed: number; removed: number; refused: number } {
  return {
    added: r.counts?.added ?? r.added.length,
    changed: r.counts?.changed ?? r.changed.length,
    removed: r.counts?.removed ?? r.removed.length,
    refused: r.counts?.refused ?? r.refused.length,
  };
}

/** "Section › Sub-section › Field", from what the line names. */
export const placeOf = (l: SyncLine) => [l.section, l.sub_section, l.field].filter((x) => x !== undefined && x !== null && x !== '').join(' › ');

/** A value as read in the before → after column: lists of options as "option: points" joined. */
export function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v))
    return v
      .map((x) => (x && typeof x === 'object' && 'option' in x ? `${String((x as { option: unknown }).option)}: ${String((x as { points?: unknown }).points ?? '')}` : typeof x === 'object' ? JSON.stringify(x) : String(x)))
      .join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One row per changed attribute of each changed line. */
export function changeRows(changed: readonly SyncChange[]): { where: string; attribute: string; before: unknown; after: unknown }[] {
  return changed.flatMap((c) => Object.entries(c.changes ?? {}).map(([attribute, d]) => ({ where: placeOf(c), attribute, before: d?.before, after: d?.after })));
}
