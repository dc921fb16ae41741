import { checkVin } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import { allowed, authorize } from '../../jsonapi/policies.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { uuidList } from '../../jsonapi/filters.ts';
import { parseQuery } from '../../jsonapi/query.ts';
import { MEDIA_TYPE, renderDocument, warningsOf, type RouteRegistrar } from '../../jsonapi/router.ts';
import type { Row } from '../../jsonapi/define-resource.ts';
import { vinDecoder } from './vin-decoder.ts';
import { vehiclesResource } from './vehicles.resource.ts';
import { vehicles } from './vehicles.table.ts';
import { describeRoute } from '../../jsonapi/openapi.ts';

/**
 * GET /vehicles/get-by-vin/{vin}?organization={id} (spec §7): the organization's vehicle with this
 * VIN, else a proposal decoded from the offline NHTSA database (a vehicles document without id,
 * meta.decoded true) for the add-vehicle form, else 404. A plain route, not an action: decoding
 * reads SQLite and must not hold a database transaction open.
 */
describeRoute('GET', '/vehicles/get-by-vin/:vin', {
  summary: 'The organization’s vehicle with this VIN, else a proposal decoded offline (NHTSA vPIC), else 404',
  tag: 'vehicles',
  query: [
    { name: 'organization', description: 'The organization to look in (default: any the user sees).', schema: { type: 'string', format: 'uuid' } },
    { name: 'include', schema: { type: 'string' } },
    { name: 'fields', schema: { type: 'object', additionalProperties: { type: 'string' } } },
  ],
  responses: {
    200: {
      description: 'The vehicle (meta.decoded false), or a vehicles document without id (meta.decoded true).',
      schema: {
        anyOf: [
          {
            type: 'object',
            properties: {
              jsonapi: { $ref: '#/components/schemas/jsonapi' },
              data: { $ref: '#/components/schemas/vehicles' },
              included: { type: 'array', items: { type: 'object' } },
              meta: {
                type: 'object',
                properties: { decoded: { const: false }, warnings: { type: 'array', items: { $ref: '#/components/schemas/warning' } } },
                required: ['decoded'],
                additionalProperties: false,
              },
            },
            required: ['jsonapi', 'data', 'meta'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: {
              jsonapi: { $ref: '#/components/schemas/jsonapi' },
              data: {
                type: 'object',
                properties: { type: { const: 'vehicles' }, attributes: { type: 'object' } },
                required: ['type', 'attributes'],
                additionalProperties: false,
              },
              meta: {
                type: 'object',
                properties: {
                  decoded: { const: true },
                  source: { type: 'string' },
                  plant: {},
                  warnings: { type: 'array', items: { $ref: '#/components/schemas/warning' } },
                },
                required: ['decoded', 'source'],
                additionalProperties: false,
              },
            },
            required: ['jsonapi', 'data', 'meta'],
            additionalProperties: false,
          },
        ],
      },
    },
  },
  errors: [403, 404, 422, 503],
});

/** GET /vehicles/get-by-vin/{vin}. */
export const getByVinRoutes: RouteRegistrar = (api, contextOf) => {
  api.get('/vehicles/get-by-vin/:vin', async (request, reply) => {
    const ctx = contextOf(request);
    // Whoever may list vehicles or add one (the add form asks before the vehicle exists).
    if (!allowed(ctx, vehiclesResource, 'create')) authorize(ctx, vehiclesResource, 'viewAny');
    const checked = checkVin((request.params as { vin: string }).vin);
    if (!checked.ok) throw new ApiError(422, `validation.${checked.error}`, undefined, { parameter: 'vin' });
    const query = request.query as Record<string, string | undefined>;
    const [organization] = query.organization ? uuidList('organization', query.organization) : [];

    const [row] = (await ctx.db
      .select()
      .from(vehicles)
      .where(scoped(ctx, vehiclesResource, and(eq(vehicles.vin, checked.vin), organization ? eq(vehicles.organization_id, organization) : undefined)))
      .limit(1)) as Row[];
    if (row) {
      const doc = await renderDocument(ctx, vehiclesResource, row, parseQuery(ctx.registry, vehiclesResource, query, { list: false }), { decoded: false });
      return reply.type(MEDIA_TYPE).send(doc);
    }

    const decoder = await vinDecoder(ctx.config.dataDir).catch((err: unknown) => {
      request.log.error(err, 'VIN decoder unavailable');
      throw new ApiError(503, 'vehicle.vin_decoder_unavailable');
    });
    const decoded = await decoder.decode(checked.vin);
    if (!decoded) throw new ApiError(404, 'vehicle.vin_not_found');
    const { plant, ...attributes } = decoded;
    const warnings = warningsOf(ctx, vehiclesResource, { id: '', vin: checked.vin });
    return reply.type(MEDIA_TYPE).send({
      jsonapi: { version: '1.1' },
      data: { type: 'vehicles', attributes: { ...attributes, vin_check_digit_valid: checked.checkDigitValid } },
      meta: { decoded: true, source: 'NHTSA vPIC', plant, ...(warnings ? { warnings } : {}) },
    });
  });
};
