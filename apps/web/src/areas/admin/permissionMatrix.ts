import { PERMISSIONS, type PermissionArea, type StandardVerb } from '@atelier/domain';
import { isOneOf } from '../../lib/enums.ts';

/** The role screen's matrix (pure): rows grouped by area and subject, standard verbs as columns. */
export const MATRIX_VERBS: readonly StandardVerb[] = ['view module', 'view any', 'view', 'create', 'edit', 'delete'];

export interface MatrixRow {
  subject: string;
  /** verb column -> permission name (absent when the subject has no such verb). */
  standard: Partial<Record<StandardVerb, string>>;
  /** Extra permissions of the subject: verb label key and name. */
  other: { verb: string; name: string }[];
}

export interface MatrixGroup {
  area: PermissionArea;
  rows: MatrixRow[];
}

/** Builds the matrix from the catalogue, keeping only names the server offers (`available`). */
export function buildMatrix(available: ReadonlySet<string>): MatrixGroup[] {
  const groups = new Map<PermissionArea, Map<string, MatrixRow>>();
  for (const p of PERMISSIONS) {
    if (!available.has(p.name)) continue;
    const rows = groups.get(p.area) ?? new Map<string, MatrixRow>();
    groups.set(p.area, rows);
    const row = rows.get(p.subject) ?? { subject: p.subject, standard: {}, other: [] };
    rows.set(p.subject, row);
    if (p.area !== 'apps' && isOneOf(MATRIX_VERBS, p.verb)) row.standard[p.verb] = p.name;
    else row.other.push({ verb: p.verb, name: p.name });
  }
  return [...groups].map(([area, rows]) => ({ area, rows: [...rows.values()] }));
}

/** Every name of a row (for the "tick all" of a line). */
export const rowNames = (row: MatrixRow) => [...Object.values(row.standard), ...row.other.map((o) => o.name)] as string[];
