import type { Locale } from '@atelier/domain';
import type { Actor } from '../access/actor.ts';
import type { RequestContext } from './context.ts';

// The engine's context for writes nobody signed in made (issue 21): a customer's answer on the
// approval page, a visitor's lead from the price frame. Area code runs records() and runAction()
// with it as with a request's: the policies decide, derived values are stored, the change is
// logged (so notifications and callbacks follow), but no user permission is asked, the log names
// the cause and no causer, and every row read or written stays inside the one organization (the
// actor is that organization's, unrestricted by location: the engine's tenancy scope does the rest).

/** What caused a system write: a record of the API (the approval link answered, the frame). */
export interface SystemCause {
  type: string;
  id: string;
}

/** What a system context is built from: the app's services, and the transaction to write in, if any. */
export type SystemBase = Pick<RequestContext, 'db' | 'registry' | 'config' | 'mailer'> & Partial<Pick<RequestContext, 'ip' | 'onCommit'>>;

/**
 * A context acting for an organization (or, without one, for the reseller `resellerId`) on behalf of `cause`. `name` is who the notifications
 * say did it (the customer who signed, the visitor who left their contact).
 */
export function systemContext(base: SystemBase, organizationId: string | null, options: { cause: SystemCause; locale?: Locale; name?: string; resellerId?: string }): RequestContext {
  const locale = options.locale ?? 'fr';
  const actor: Actor = {
    // No user: the log's causer is null (causerOf), and nobody is left out of a notification.
    id: '',
    sessionId: '',
    email: '',
    firstname: options.name ?? '',
    lastname: '',
    locale,
    organizationId,
    // A reseller's job (its subscriptions' renewals) acts inside the reseller instead.
    resellerId: options.resellerId ?? null,
    isStaff: false,
    restrictToLocations: false,
    locationIds: [],
    permissions: new Set(),
    roleIds: [],
  };
  return { ip: '', query: {}, ...base, actor, locale, system: { type: options.cause.type, id: options.cause.id } };
}

/** The user a log entry or notification names as its causer: none for a system write. */
export const causerOf = (ctx: RequestContext): string | null => (ctx.system ? null : ctx.actor.id);
