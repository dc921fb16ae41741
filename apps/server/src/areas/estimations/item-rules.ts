import { ESTIMATION_PHASE_LABELS, itemAttributeGroup, writableItemGroups, type EstimationItemGroup, type EstimationPhase, estimationWorkflow } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ResourceDefinition, Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { own } from '../../jsonapi/own.ts';
import { selectRows } from '../../jsonapi/select.ts';
import { userName } from '../admin/assignees.ts';
import { phasesOf, type EstimationRow } from './estimation-lines.ts';
import { estimations } from './estimations.table.ts';

// Who may write what of an estimate's items now (spec §4 phases; the domain's writableItemGroups):
// descriptions until approval, parts and labour by the holders of their phases, decisions by the
// approver. Checked on every way an item is written: in the estimate's document, at its own route.

/** The phase whose holder writes a group (descriptions belong to no phase). */
const PHASE_OF_GROUP: Record<Exclude<EstimationItemGroup, 'description'>, EstimationPhase> = { parts: 'components', labour: 'times', decision: 'approval' };

/** The column a client's attribute or relationship name writes, and where an error about it points. */
function written(def: ResourceDefinition, name: string): { column: string; pointer: string } {
  const relationship = own(def.relationships, name);
  if (relationship) return { column: relationship.kind === 'belongsTo' ? relationship.column : name, pointer: relationshipPointer(name) };
  return { column: own(def.attributes, name)?.column ?? name, pointer: attributePointer(name) };
}

/** What a new item holds when the client says nothing: sending these is no write. */
export const NEW_ITEM: Record<string, unknown> = { quantity: '1', warranty: false, images: [] };

/** Equal as stored: decimals by value ("1" and "1.0"), the rest as JSON. */
function same(a: unknown, b: unknown): boolean {
  const num = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) ? Number(v) : undefined);
  const [x, y] = [num(a), num(b)];
  if (x !== undefined && y !== undefined) return x === y;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Refuses the item's changes the actor may not make now: 403 naming the holder when another user
 * holds the phase that writes them, else 409 (the estimate is not in that phase). Nothing written.
 */
export async function checkItemWrite(ctx: RequestContext, def: ResourceDefinition, estimation: EstimationRow, names: string[], isNew: boolean) {
  const phases = phasesOf(estimation);
  const mine = writableItemGroups(estimation.state, phases, ctx.actor.id);
  const wanted = new Map<EstimationItemGroup, string>();
  if (isNew) wanted.set('description', '/data');
  for (const name of names) {
    const group = itemAttributeGroup(name);
    if (group && !wanted.has(group)) wanted.set(group, written(def, name).pointer);
  }
  for (const [group, pointer] of wanted) {
    if (mine.includes(group)) continue;
    if (group === 'description') throw new ApiError(409, 'estimation.item_description_locked', { state: estimationWorkflow.stateLabels[estimation.state][ctx.locale] }, { pointer });
    const phase = PHASE_OF_GROUP[group];
    const holder = phases[phase].status === 'in_progress' ? phases[phase].holder : null;
    if (holder && writableItemGroups(estimation.state, phases, holder).includes(group))
      throw new ApiError(403, 'estimation.item_held', { holder: await userName(ctx, holder), phase: ESTIMATION_PHASE_LABELS[phase][ctx.locale] }, { pointer });
    throw new ApiError(409, `estimation.item_${group}_locked`, undefined, { pointer });
  }
}

/**
 * An item's discount, and the estimate's supplies and document discount, are the price offered to
 * the customer: changed while the descriptions are (before the approval), or by the user holding
 * the approval (409 otherwise).
 */
export function checkDiscountPhase(ctx: RequestContext, estimation: EstimationRow, refusal: { attribute: string; code: 'estimation.item_discount_locked' | 'estimation.charges_locked' } = { attribute: 'discount_percent', code: 'estimation.item_discount_locked' }) {
  const mine = writableItemGroups(estimation.state, phasesOf(estimation), ctx.actor.id);
  if (!mine.includes('description') && !mine.includes('decision')) throw new ApiError(409, refusal.code, undefined, { pointer: attributePointer(refusal.attribute) });
}

export async function estimationOf(ctx: RequestContext, id: string): Promise<EstimationRow> {
  const [row] = await selectRows(ctx.db, estimations, eq(estimations.id, id), { tail: sql`for update` });
  return row as unknown as EstimationRow;
}

/** The names the write changes (a client sends whole records back: unchanged values are no write). */
export function changedNames(def: ResourceDefinition, input: WriteInput, existing: Row | null): string[] {
  const before = existing ?? NEW_ITEM;
  return [...input.present].filter((name) => {
    const { column } = written(def, name);
    return Object.hasOwn(input.values, column) && !same(input.values[column], before[column]);
  });
}

/** An item is removed by whoever may still change the descriptions. */
export async function checkItemRemoval(ctx: RequestContext, estimation: EstimationRow) {
  await checkItemWrite(ctx, ctx.registry.resource('estimation-items'), estimation, [], true);
}

