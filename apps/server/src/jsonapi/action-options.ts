import type { Permission, TypeName } from '@atelier/domain';
import { z } from 'zod';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import { actionAttributes } from './action-body.ts';
import type { RequestContext } from './context.ts';
import type { JsonSchema, RecordAction, Row } from './define-resource.ts';
import { ValidationErrors } from './errors.ts';
import { recordDocument } from './router.ts';

// An action's options (a note, a section, a number of days) declared once as a zod schema: the
// engine reads them with it (every problem at once, each a translated 422 at its pointer) and the
// API contract describes the body from the same schema (issue 21 point 5). The options are read
// from data.attributes (JSON:API), or from the body's own members as the spec's older clients
// send them.

export type ActionOptions = z.ZodObject<z.ZodRawShape>;

interface Message {
  code: MessageKey;
  params?: MessageParams;
}

const ownMessages = z.registry<Message>();

/**
 * A member whose every problem is told in one message of its own (a range said in one sentence,
 * an address checked by the domain's rule): `withMessage(z.int().min(1).max(90), 'share.expires_in_days', { max: 90 })`.
 * A problem of several members (a refinement of the object) names its message in its params.
 */
export const withMessage = <T extends z.ZodType>(schema: T, code: MessageKey, params?: MessageParams): T => {
  ownMessages.add(schema, params ? { code, params } : { code });
  return schema;
};

/** The message of a problem zod found: the member's own, else in the engine's words (validation.*). */
function messageOf(issue: z.core.$ZodIssue, schema: ActionOptions, given: Record<string, unknown>): Message {
  if (issue.code === 'custom' && issue.params?.code) return issue.params as Message;
  const own = ownMessages.get(schema.shape[String(issue.path[0])]!);
  if (own) return own;
  switch (issue.code) {
    case 'invalid_type':
      if (!Object.hasOwn(given, String(issue.path[0]))) return { code: 'validation.required' };
      switch (issue.expected) {
        case 'string':
          return { code: 'validation.string' };
        case 'number':
        case 'int':
          return { code: 'validation.integer' };
        case 'boolean':
          return { code: 'validation.boolean' };
        case 'array':
          return { code: 'validation.array' };
      }
      break;
    case 'too_big':
      return issue.origin === 'string' ? { code: 'validation.max_length', params: { max: Number(issue.maximum) } } : { code: 'validation.max', params: { max: Number(issue.maximum) } };
    case 'too_small':
      return issue.origin === 'string' ? { code: 'validation.min_length', params: { min: Number(issue.minimum) } } : { code: 'validation.min', params: { min: Number(issue.minimum) } };
    case 'invalid_value':
      return { code: 'validation.enum', params: { values: issue.values.map(String).join(', ') } };
  }
  return { code: 'validation.invalid' };
}

/**
 * The options the body gives, read by the schema; 422 with every problem at its pointer. With
 * `flat` false, from data.attributes only (an action no older client calls).
 */
export function readOptions<S extends ActionOptions>(schema: S, body: unknown, { flat = true }: { flat?: boolean } = {}): z.infer<S> {
  const given = actionAttributes(body, { flat });
  // Only the schema's own members: an older client's body carries others (data, a holder...).
  const picked = Object.fromEntries(Object.keys(schema.shape).filter((k) => Object.hasOwn(given, k)).map((k) => [k, given[k]]));
  const parsed = schema.safeParse(picked);
  if (parsed.success) return parsed.data;
  const errors = new ValidationErrors();
  for (const issue of parsed.error.issues) {
    const { code, params } = messageOf(issue, schema, picked);
    errors.add(`/data/attributes/${issue.path.map(String).join('/')}`, code, params);
  }
  errors.throwIfAny();
  return parsed.data as never;
}

/** The action's body in the API contract: the options in data.attributes, or flat (unless `flat` is false). */
export function optionsBody(schema: ActionOptions, { flat = true }: { flat?: boolean } = {}): JsonSchema {
  const options = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete options.$schema;
  return {
    type: 'object',
    properties: { ...(flat ? (options.properties as object) : {}), data: { type: 'object', properties: { attributes: options } } },
  };
}

/** What an action making a record gives back: the record's id and what its log entry keeps. */
export interface Made {
  id: string;
  log: Record<string, unknown>;
}

/**
 * A record action that makes a record of another type (`makes`) from its record (an order's
 * delivery, an invoice's credit note, a payment's refund): its options read and described once,
 * the answer the made record's document (201, with `include`), described by that type's schema.
 */
export function makingAction<R extends Row, S extends ActionOptions>(spec: {
  permission: Permission;
  summary: string;
  options: S;
  makes: TypeName;
  include?: string;
  make(ctx: RequestContext, row: R, options: z.infer<S>): Promise<Made>;
}): RecordAction<R> {
  return {
    permission: spec.permission,
    contract: { summary: spec.summary, status: 201, body: optionsBody(spec.options), response: { $ref: `#/components/schemas/${spec.makes}.document` } },
    async handler(ctx, row, body) {
      const made = await spec.make(ctx, row, readOptions(spec.options, body));
      return { status: 201, body: await recordDocument(ctx, spec.makes, made.id, spec.include), log: made.log };
    },
  };
}
