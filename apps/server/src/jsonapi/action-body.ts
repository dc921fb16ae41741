import { ApiError } from './errors.ts';
import { own } from './own.ts';
import { isObject } from '@atelier/domain';

// What an action reads from its body, read strictly: a body, data, attributes or relationships of
// another shape is refused where it is (400), and a linkage of another shape or type is a 422,
// never read as "nothing asked": a client sending [] or { data: [] } would otherwise get the
// defaults (a link sent, a version made), an assignee dropped or a take-over left unchecked,
// without knowing.


/**
 * Refuses (400) a body that is not a JSON object, the router asks it of every action (its data may
 * be a list: deferred work, notifications); no body, or null, is none.
 */
export function checkActionBody(body: unknown): void {
  if (body !== undefined && body !== null && !isObject(body)) throw new ApiError(400, 'error.body_not_object');
}

/** The body's data once its members present are of their shape; undefined without a body or data. */
function dataOf(body: unknown): Record<string, unknown> | undefined {
  checkActionBody(body);
  if (!isObject(body) || body.data === undefined) return undefined;
  if (!isObject(body.data)) throw new ApiError(400, 'error.invalid_document', undefined, { pointer: '/data' });
  for (const member of ['attributes', 'relationships'])
    if (body.data[member] !== undefined && !isObject(body.data[member])) throw new ApiError(400, 'error.invalid_document', undefined, { pointer: `/data/${member}` });
  return body.data;
}

/**
 * The options of an action: data.attributes (JSON:API), else with `flat` the body's own members
 * (what the spec's older clients send); {} without them.
 */
export function actionAttributes(body: unknown, opts: { flat?: boolean } = {}): Record<string, unknown> {
  const attributes = dataOf(body)?.attributes;
  if (isObject(attributes)) return attributes;
  return opts.flat && isObject(body) ? body : {};
}

/**
 * The ids of a relationship in the body ({ data: { relationships: { name: { data: [{ type, id }],
 * { type, id } or null } } } }); none when it is not named, 422 at it when one is not a linkage of `type`.
 */
export function relationshipIds(body: unknown, name: string, type: string): string[] {
  const value = own(dataOf(body)?.relationships as Record<string, unknown> | undefined, name);
  if (value === undefined) return [];
  const pointer = `/data/relationships/${name}`;
  if (!isObject(value) || !('data' in value)) throw new ApiError(422, 'validation.relationship_invalid', undefined, { pointer });
  const list: unknown[] = value.data === null ? [] : Array.isArray(value.data) ? value.data : [value.data];
  if (!list.every((l): l is { type: unknown; id: string } => isObject(l) && typeof l.id === 'string'))
    throw new ApiError(422, 'validation.relationship_invalid', undefined, { pointer });
  if (list.some((l) => l.type !== type)) throw new ApiError(422, 'validation.relationship_type', { expected: type }, { pointer });
  return list.map((l) => l.id);
}
