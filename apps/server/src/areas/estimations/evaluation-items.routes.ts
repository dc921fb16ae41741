import { describeRoute } from '../../jsonapi/openapi.ts';
import { authorize } from '../../jsonapi/policies.ts';
import { inTransaction, type RouteRegistrar } from '../../jsonapi/router.ts';
import { deleteRecord } from '../../jsonapi/write.ts';

// DELETE /evaluation-items/{id} (spec §7): the older clients' name of an estimation item. The
// same resource as DELETE /estimation-items/{id}, by the same rules.

export const evaluationItemsRoutes: RouteRegistrar = (api, contextOf) => {
  api.delete('/evaluation-items/:id', async (request, reply) => {
    const ctx = contextOf(request);
    const def = ctx.registry.resource('estimation-items');
    authorize(ctx, def, 'delete');
    await inTransaction(ctx, (tx) => deleteRecord(tx, def, (request.params as { id: string }).id));
    return reply.code(204).send();
  });
};

describeRoute('DELETE', '/evaluation-items/:id', {
  summary: 'Deletes an estimation item (the older name of DELETE /estimation-items/{id})',
  tag: 'estimation-items',
  responses: { 204: { description: 'Deleted.' } },
  errors: [403, 404, 409],
});
