import type { MessageKey, MessageParams } from '../../i18n/index.ts';
import { actionAttributes, relationshipIds } from '../../jsonapi/action-body.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { JsonSchema } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { userName } from './assignees.ts';

// The take-over of work in progress, one rule for inspections, estimations (per phase) and
// repairs (docs/decisions.md "One take-over rule"): the spec's clients post no body and take the
// work from whoever holds it; a client that names the holder it showed the user is refused (409,
// naming the holder now) when someone took the work over meanwhile, so of two take-overs made
// together from one screen exactly one wins. The router has locked the record: the holder read
// here is the one the write replaces.

/**
 * The holder the body says the user saw: data.relationships.holder (JSON:API), or a holder id in
 * data.attributes or at the top (estimations' first clients); undefined when it names none.
 */
function holderSeen(body: unknown): string | undefined {
  const [related] = relationshipIds(body, 'holder', 'users');
  if (related !== undefined) return related;
  const holder = actionAttributes(body, { flat: true }).holder;
  if (holder === undefined || holder === null) return undefined;
  if (typeof holder !== 'string' || !holder) throw new ApiError(422, 'validation.string', undefined, { pointer: '/data/attributes/holder' });
  return holder;
}

/**
 * Refuses the take-over (409 `changed`, its message naming the holder now as {holder}, with
 * `params`) when the body names a holder seen who no longer holds the work; answers otherwise.
 */
export async function checkTakeOver(ctx: RequestContext, body: unknown, holderId: string | null, changed: MessageKey, params: MessageParams = {}): Promise<void> {
  const seen = holderSeen(body);
  if (seen !== undefined && seen !== holderId) throw new ApiError(409, changed, { ...params, holder: await userName(ctx, holderId) });
}

/** The take-over's body in the API contract. */
export const TAKE_OVER_BODY: JsonSchema = {
  type: 'object',
  description:
    'Optional. Without it, the work is taken over from whoever holds it. ' +
    'With the holder the user was shown ({ data: { relationships: { holder: { data: { type: "users", id } } } } }, or { data: { attributes: { holder: id } } }, or { holder: id }), ' +
    'a take-over made after someone else took it over is refused (409 naming them): of two take-overs at once, one wins.',
  properties: {
    holder: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        attributes: { type: 'object', properties: { holder: { type: 'string' } } },
        relationships: { type: 'object', properties: { holder: { type: 'object', properties: { data: { type: 'object', properties: { type: { const: 'users' }, id: { type: 'string' } } } } } } },
      },
    },
  },
};
