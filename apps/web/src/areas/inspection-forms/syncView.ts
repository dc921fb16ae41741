import type { SyncChanged, SyncConditionView, SyncPath, SyncResult } from '@atelier/domain';

// The dry run's answer as the sync dialog shows it. Pure, unit-tested (syncView.test.ts).

/** Nothing to apply: the file adds, changes and removes nothing. */
export const changesNothing = (r: SyncResult) => r.counts.added + r.counts.changed + r.counts.removed === 0;

/** "Section › Sub-section › Field", from what the entry names. */
export const placeOf = (p: SyncPath) => [p.section, p.sub_section, p.field].filter((x) => x !== undefined && x !== null && x !== '').join(' › ');

const SIGNS = new Map<string, string>([
  ['equals', '='],
  ['different', '≠'],
  ['superior', '>'],
  ['inferior', '<'],
]);
const isCondition = (x: unknown): x is SyncConditionView => typeof x === 'object' && x !== null && 'field' in x && 'operator' in x;

/** How the dialog words an option's mark (a finding always, never). */
export interface MarkWords {
  always: string;
  never: string;
}

/** An option as read in the before → after column: "option: points", with its mark when it has one. */
function optionText(o: { option: unknown; points?: unknown; failing?: unknown }, marks: MarkWords | undefined): string {
  const mark = o.failing === true ? marks?.always : o.failing === false ? marks?.never : undefined;
  return `${String(o.option)}: ${String(o.points ?? '')}${mark ? ` (${mark})` : ''}`;
}

/** A value as read in the before → after column: options as "option: points (mark)", conditions as "Field = value". */
export function shownValue(v: unknown, marks?: MarkWords): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    return v
      .map((x) =>
        isCondition(x)
          ? `${placeOf(x.field)} ${SIGNS.get(x.operator) ?? x.operator} ${x.value}`
          : x && typeof x === 'object' && 'option' in x
            ? optionText(x as { option: unknown }, marks)
            : typeof x === 'object'
              ? JSON.stringify(x)
              : String(x),
      )
      .join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One row per changed attribute of each changed entry. */
export function changeRows(changed: readonly SyncChanged[]): { kind: SyncChanged['kind']; line: number; where: string; attribute: string; before: unknown; after: unknown }[] {
  return changed.flatMap((c) => c.changes.map((d) => ({ kind: c.kind, line: c.line, where: placeOf(c.path), attribute: d.attribute, before: d.before, after: d.after })));
}
