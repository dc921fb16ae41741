import type { Actor } from '../access/actor.ts';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import type { RequestContext } from './context.ts';
import type { Policy, PolicyAnswer, Refusal, ResourceDefinition, Row, Verb, WriteInput } from './define-resource.ts';
import { ApiError, forbidden, type ErrorItem } from './errors.ts';
import { own } from './own.ts';

// Authorization, in two steps. The roles: whether the actor's permissions grant a verb on a type,
// checked before anything is read. The record policies: what the roles allow may still be refused
// by the record (its state, its owner) or by what the document asks for; declared beside the
// resource (`policies`), run by the engine once the record is loaded and locked, before any hook
// or write.

const VERB_PREFIX: Record<Verb, string> = {
  viewAny: 'view any',
  view: 'view',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
};

/** Whether the actor's roles grant the verb on this resource. */
export function allowed(ctx: RequestContext, def: ResourceDefinition, verb: Verb): boolean {
  return grants(ctx.actor, def, verb);
}

/** Whether these permissions grant the verb (another user's, outside their request: whom a mention may reach). */
export function grants(actor: Pick<Actor, 'permissions'>, def: Pick<ResourceDefinition, 'permissions' | 'writable' | 'alsoGrantedBy'>, verb: Verb): boolean {
  if (def.permissions === null) return verb === 'viewAny' || verb === 'view' || !!def.writable;
  const names = [`${VERB_PREFIX[verb]} ${def.permissions}`];
  // Reading one record is also allowed to whoever may list them.
  if (verb === 'view') names.push(`view any ${def.permissions}`);
  names.push(...(def.alsoGrantedBy?.[verb] ?? []));
  return names.some((n) => actor.permissions.has(n));
}

export function authorize(ctx: RequestContext, def: ResourceDefinition, verb: Verb) {
  if (allowed(ctx, def, verb)) return;
  const message = def.forbiddenMessages?.[verb];
  throw message ? new ApiError(403, message) : forbidden();
}

/** A refusal because of who asks (the record is not theirs to change so). */
export const forbid = (code: MessageKey, params?: MessageParams, pointer?: string): Refusal => ({ status: 403, code, params, pointer });
/** A refusal because of the record's state (it cannot be changed so now). */
export const conflictWith = (code: MessageKey, params?: MessageParams, pointer?: string): Refusal => ({ status: 409, code, params, pointer });

/** Throws the policy's refusals (403 or 409, translated) or returns when it allows. */
async function enforce<A extends unknown[]>(def: ResourceDefinition, name: string, policy: Policy<A> | undefined, ctx: RequestContext, ...args: A) {
  if (!policy) return;
  const answer: PolicyAnswer = await policy.check(ctx, ...args);
  const refusals = answer ? [answer].flat() : [];
  if (!refusals.length) return;
  for (const r of refusals)
    // The contract lists what a policy refuses: an undeclared status would drift from it.
    if (!policy.refuses[r.status]) throw new Error(`The ${name} policy of ${def.type} answers ${r.status}, which it does not declare`);
  throw ApiError.many(
    refusals.map((r): ErrorItem => ({ status: r.status, code: r.code, params: r.params, ...(r.pointer ? { source: { pointer: r.pointer } } : {}) })),
  );
}

/** The create policy: what a new document asks for (its type of work, its access). */
export const enforceCreate = (ctx: RequestContext, def: ResourceDefinition, input: WriteInput) =>
  enforce(def, 'create', def.policies?.create, ctx, input);

/** The edit policy of a loaded, locked record and the change asked for (none: a workflow route that changes it). */
export const enforceEdit = (ctx: RequestContext, def: ResourceDefinition, row: Row, input: WriteInput = { values: {}, virtual: {}, toMany: {}, children: {}, present: new Set() }) =>
  enforce(def, 'edit', def.policies?.edit, ctx, row, input);

export const enforceDelete = (ctx: RequestContext, def: ResourceDefinition, row: Row) => enforce(def, 'delete', def.policies?.delete, ctx, row);

/** The policy of a record action (POST /{type}/{id}/{action}). */
export const enforceAction = (ctx: RequestContext, def: ResourceDefinition, action: string, row: Row) =>
  enforce(def, action, own(def.policies?.actions, action), ctx, row);
