import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../jsonapi/errors.ts';
import { describeRoute, oneRecordDocument } from '../../jsonapi/openapi.ts';
import { MEDIA_TYPE, inTransaction, type ContextOf } from '../../jsonapi/router.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { regenerateSecret, secretOf } from './callbacks.ts';

// The organization's callback signing secret (shown in settings, regenerated there). Plain routes:
// one secret per organization, no collection to list.

const PERMISSION = 'edit settings';

const secretDocument = (organizationId: string, secret: string) => ({
  jsonapi: { version: '1.1' },
  data: { type: 'callback-secrets', id: organizationId, attributes: { secret } },
});

const schema = oneRecordDocument(
  'callback-secrets',
  { type: 'object', properties: { secret: { type: 'string' } }, required: ['secret'], additionalProperties: false },
  { id: { type: 'string', format: 'uuid', description: 'The organization' } },
);

/** The organization whose secret it is: the user's own (platform and reseller users have none). */
function organizationOf(ctx: RequestContext): string {
  if (!ctx.actor.permissions.has(PERMISSION) || !ctx.actor.organizationId) throw forbidden();
  return ctx.actor.organizationId;
}

describeRoute('GET', '/callbacks/secret', {
  summary: 'The secret the organization’s callbacks are signed with (X-Atelier-Signature), made on first read',
  tag: 'settings',
  responses: { 200: { schema } },
  errors: [403],
});
describeRoute('POST', '/callbacks/secret/regenerate', {
  summary: 'Replaces the organization’s callback secret; deliveries from now on are signed with the new one',
  tag: 'settings',
  responses: { 200: { schema } },
  errors: [403],
});

export function callbackSecretRoutes(api: FastifyInstance, contextOf: ContextOf) {
  api.get('/callbacks/secret', async (request, reply) => {
    const ctx = contextOf(request);
    const organizationId = organizationOf(ctx);
    const secret = await inTransaction(ctx, (tx) => secretOf(tx.db, organizationId));
    return reply.type(MEDIA_TYPE).send(secretDocument(organizationId, secret));
  });
  api.post('/callbacks/secret/regenerate', async (request, reply) => {
    const ctx = contextOf(request);
    const organizationId = organizationOf(ctx);
    const secret = await inTransaction(ctx, (tx) => regenerateSecret(tx.db, organizationId));
    return reply.type(MEDIA_TYPE).send(secretDocument(organizationId, secret));
  });
}
