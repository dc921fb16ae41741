import { INSPECTION_DONE_STATES } from '@atelier/domain';
import { and, desc, inArray, sql } from 'drizzle-orm';
import { toUuidArray } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row } from '../../jsonapi/define-resource.ts';
import { scoped } from '../../jsonapi/scope.ts';
import type { InspectionRow } from './inspection-scoring.ts';
import { inspectionFields, inspections } from './inspections.table.ts';

// The previous inspection as a reference (issue 11): the inspector sees each field's value at the
// last visit (a tire's depth) beside the one being entered, so what changed shows.

export interface PreviousAnswer {
  value: unknown;
  action: string | null;
  not_applicable: boolean;
  comment: string | null;
}

export interface PreviousInspection {
  id: string;
  code: string | null;
  state: string;
  completed_at: string | null;
  odometer: number | null;
  vehicle_score: number | null;
  /** The answers given, by the field's id in the form (the same across the form's versions); untouched fields are left out. */
  fields: Record<string, PreviousAnswer>;
}

/**
 * `add_data=previousInspection`: for each inspection read, the last inspection of the same vehicle
 * made with the same form and carried to its end before it (before now while it is not completed),
 * among those the user may see, with its answers; null when there is none. Keyed by inspection id.
 * Two statements whatever the number of records.
 */
export async function previousInspections(ctx: RequestContext, rows: Row[]): Promise<Record<string, PreviousInspection | null>> {
  const list = rows as unknown as InspectionRow[];
  const out: Record<string, PreviousInspection | null> = {};
  for (const r of list) out[r.id] = null;
  const withVehicle = list.filter((r) => r.vehicle_id);
  if (!withVehicle.length) return out;
  const def = ctx.registry.resource('inspections');
  const candidates = await ctx.db
    .select({
      id: inspections.id,
      code: inspections.code,
      state: inspections.state,
      vehicle_id: inspections.vehicle_id,
      inspection_form_id: inspections.inspection_form_id,
      completed_at: inspections.completed_at,
      odometer: inspections.odometer,
      vehicle_score: inspections.vehicle_score,
    })
    .from(inspections)
    .where(
      scoped(
        ctx,
        def,
        sql`${inspections.vehicle_id} = ANY(${toUuidArray([...new Set(withVehicle.map((r) => r.vehicle_id!))])})`,
        sql`${inspections.inspection_form_id} = ANY(${toUuidArray([...new Set(withVehicle.map((r) => r.inspection_form_id))])})`,
        inArray(inspections.state, [...INSPECTION_DONE_STATES]),
        sql`${inspections.completed_at} IS NOT NULL`,
      ),
    )
    .orderBy(desc(inspections.completed_at), desc(inspections.id));
  const chosen = new Map<string, (typeof candidates)[number]>();
  for (const r of withVehicle) {
    const before = r.completed_at ? Date.parse(r.completed_at) : Infinity;
    const found = candidates.find(
      (c) => c.id !== r.id && c.vehicle_id === r.vehicle_id && c.inspection_form_id === r.inspection_form_id && Date.parse(c.completed_at!) < before,
    );
    if (found) chosen.set(r.id, found);
  }
  const ids = [...new Set([...chosen.values()].map((c) => c.id))];
  const answers = ids.length
    ? await ctx.db
        .select({
          inspection_id: inspectionFields.inspection_id,
          field_id: inspectionFields.field_id,
          value: inspectionFields.value,
          action: inspectionFields.action,
          not_applicable: inspectionFields.not_applicable,
          comment: inspectionFields.comment,
        })
        .from(inspectionFields)
        .where(and(sql`${inspectionFields.inspection_id} = ANY(${toUuidArray(ids)})`, sql`${inspectionFields.touched}`))
    : [];
  const fieldsOf = new Map<string, Record<string, PreviousAnswer>>(ids.map((id) => [id, {}]));
  for (const a of answers) fieldsOf.get(a.inspection_id)![a.field_id] = { value: a.value, action: a.action, not_applicable: a.not_applicable, comment: a.comment };
  for (const [id, c] of chosen)
    out[id] = { id: c.id, code: c.code, state: c.state, completed_at: c.completed_at, odometer: c.odometer, vehicle_score: c.vehicle_score, fields: fieldsOf.get(c.id)! };
  return out;
}
