import { crudPermissions, type Permission } from '@atelier/domain';
import type { Actor } from '../access/actor.ts';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import type { RequestContext } from './context.ts';
import type { Policy, PolicyAnswer, Refusal, ResourceDefinition, Row, Verb, WriteInput } from './define-resource.ts';
import { ApiError, forbidden, relationshipPointer, type ErrorItem } from './errors.ts';
import { own } from './own.ts';

// Authorization, in two steps. The roles: whether the actor's permissions grant a verb on a type,
// checked before anything is read. The record policies: what the roles allow may still be refused
// by the record (its state, its owner) or by what the document asks for; declared beside the
// resource (`policies`), run by the engine once the record is loaded and locked, before any hook
// or write.

/** Whether the actor's roles grant the verb on this resource. */
export function allowed(ctx: RequestContext, def: ResourceDefinition, verb: Verb): boolean {
  return grants(ctx.actor, def, verb);
}

/** Whether these permissions grant the verb (another user's, outside their request: whom a mention may reach). */
export function grants(actor: Pick<Actor, 'permissions'>, def: Pick<ResourceDefinition, 'permissions' | 'writable' | 'alsoGrantedBy'>, verb: Verb): boolean {
  if (def.permissions === null) return verb === 'viewAny' || verb === 'view' || !!def.writable;
  const standard = crudPermissions(def.permissions);
  const names: Permission[] = [standard[verb]];
  // Reading one record is also allowed to whoever may list them.
  if (verb === 'view') names.push(standard.viewAny);
  names.push(...(def.alsoGrantedBy?.[verb] ?? []));
  return names.some((n) => actor.permissions.has(n));
}

export function authorize(ctx: RequestContext, def: ResourceDefinition, verb: Verb) {
  if (!allowed(ctx, def, verb)) throw refusalOf(def, verb);
}

/** The 403 of a verb the roles do not grant: the type's own message, if it has one. */
export function refusalOf(def: Pick<ResourceDefinition, 'forbiddenMessages'>, verb: Verb): ApiError {
  const message = def.forbiddenMessages?.[verb];
  return message ? new ApiError(403, message) : forbidden();
}

/** A refusal because of who asks (the record is not theirs to change so). */
export const forbid = (code: MessageKey, params?: MessageParams, pointer?: string): Refusal => ({ status: 403, code, params, pointer });
/** A refusal because of the record's state (it cannot be changed so now). */
export const conflictWith = (code: MessageKey, params?: MessageParams, pointer?: string): Refusal => ({ status: 409, code, params, pointer });

/** Throws the policy's refusals (403 or 409, translated), and `also`'s, or returns when none refuses. */
async function enforce<A extends unknown[]>(def: ResourceDefinition, name: string, policy: Policy<A> | undefined, ctx: RequestContext, also: Refusal[], ...args: A) {
  const answer: PolicyAnswer = policy && (await policy.check(ctx, ...args));
  const refused = answer ? [answer].flat() : [];
  for (const r of refused)
    // The contract lists what a policy refuses: an undeclared status would drift from it.
    if (!policy!.refuses[r.status]) throw new Error(`The ${name} policy of ${def.type} answers ${r.status}, which it does not declare`);
  const refusals = [...refused, ...also];
  if (!refusals.length) return;
  throw ApiError.many(
    refusals.map((r): ErrorItem => ({ status: r.status, code: r.code, params: r.params, ...(r.pointer ? { source: { pointer: r.pointer } } : {}) })),
  );
}

/**
 * The relationships a document sets or changes that carry a permission the actor lacks (see
 * Guard): given on a new record, or different from the record's (the same assignees sent back
 * with another change are no change).
 */
function guardRefusals(ctx: RequestContext, def: ResourceDefinition, input: WriteInput, existing: Row | null): Refusal[] {
  const refused: Refusal[] = [];
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if ((rel.kind !== 'belongsTo' && rel.kind !== 'idArray') || !rel.guard || !input.present.has(name)) continue;
    if (ctx.actor.permissions.has(rel.guard.permission)) continue;
    const ids = (v: unknown) => [v ?? []].flat().map(String).sort().join(',');
    if (ids(input.values[rel.column]) !== ids(existing?.[rel.column])) refused.push(forbid(rel.guard.refusal, undefined, relationshipPointer(name)));
  }
  return refused;
}

/** The create policy: what a new document asks for (its type of work, its access, its guarded relationships). */
export const enforceCreate = (ctx: RequestContext, def: ResourceDefinition, input: WriteInput) =>
  enforce(def, 'create', def.policies?.create, ctx, guardRefusals(ctx, def, input, null), input);

/** The edit policy of a loaded, locked record and the change asked for (none: a workflow route that changes it). */
export const enforceEdit = (ctx: RequestContext, def: ResourceDefinition, row: Row, input: WriteInput = { values: {}, virtual: {}, toMany: {}, children: {}, present: new Set() }) =>
  enforce(def, 'edit', def.policies?.edit, ctx, guardRefusals(ctx, def, input, row), row, input);

export const enforceDelete = (ctx: RequestContext, def: ResourceDefinition, row: Row) => enforce(def, 'delete', def.policies?.delete, ctx, [], row);

/** The policy of a record action (POST /{type}/{id}/{action}). */
export const enforceAction = (ctx: RequestContext, def: ResourceDefinition, action: string, row: Row) =>
  enforce(def, action, own(def.policies?.actions, action), ctx, [], row);
