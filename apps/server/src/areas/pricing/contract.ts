import { CATALOGUE_LEVELS, CONDITIONS, FRAME_DISPLAYS, LEAD_NAME_MAX, MARGIN_FIELDS, OFFER_STEPS, PRICE_REQUEST_FIELDS, PROVINCES, RECONDITIONING_ORIGINS, WIDENING_STEPS } from '@atelier/domain';
import type { JsonSchema } from '../../jsonapi/define-resource.ts';
import { describeRoute, oneRecordDocument } from '../../jsonapi/openapi.ts';

// The contract of the pricing routes (GET /api/v1/openapi.json): the body of an estimation, the
// result of spec §3 "Price estimation result", the catalogue lists, the keys and the frame's calls.

const int = { type: 'integer' } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const byStatus = (schema: JsonSchema) => ({ type: 'object', properties: Object.fromEntries(CONDITIONS.map((c) => [c, schema])), required: [...CONDITIONS], additionalProperties: false });

const body: JsonSchema = {
  type: 'object',
  description: 'A VIN, or year, make and model (series and style narrow them); kilometers or miles; the province; the appraisal terms.',
  properties: {
    vin: { type: 'string', maxLength: 17 },
    year: int,
    make: { type: 'string' },
    model: { type: 'string' },
    series: { type: 'string' },
    style: { type: 'string' },
    kilometers: int,
    miles: int,
    province: { enum: [...PROVINCES] },
    status: { enum: [...CONDITIONS] },
    accident: { type: 'boolean' },
    damage_cost: { type: 'integer', minimum: 0, description: 'Whole dollars' },
    rebuilt: { type: 'boolean' },
    desired_profit: { type: 'integer', minimum: 0, description: 'Whole dollars' },
    aggression_percentage: { type: 'number', minimum: 0, maximum: 100 },
  },
  additionalProperties: false,
};

const blackBook: JsonSchema = {
  oneOf: [
    { type: 'object', properties: { status: { enum: ['not_configured', 'unavailable', 'not_found'] }, message: { type: 'string' } }, required: ['status', 'message'], additionalProperties: false },
    {
      type: 'object',
      properties: {
        status: { const: 'ok' },
        retail: byStatus(int),
        wholesale: byStatus(intOrNull),
        msrp: intOrNull,
        warranty_basic: { type: ['string', 'null'] },
        warranty_powertrain: { type: ['string', 'null'] },
        mileage_adjustment: int,
      },
      required: ['status', 'retail', 'wholesale', 'msrp', 'warranty_basic', 'warranty_powertrain', 'mileage_adjustment'],
      additionalProperties: false,
    },
  ],
};

const ess: JsonSchema = {
  type: ['object', 'null'],
  description: 'Estimated selling statistics from the organization’s own sales and listings (null when none compares).',
  properties: {
    average_retail_sales: int,
    median_retail_sales: int,
    retail_by_status: byStatus(int),
    vehicle_count: int,
    average_days_on_market: intOrNull,
    median_days_on_market: intOrNull,
    price_variation: int,
    price_variation_percent: { type: 'number' },
    official_price: {
      type: 'object',
      properties: { low: int, high: int, taxed_low: int, taxed_high: int, tax_rate_percent: { type: 'number' } },
      required: ['low', 'high', 'taxed_low', 'taxed_high', 'tax_rate_percent'],
      additionalProperties: false,
    },
    valid_price_range_margin: { type: 'number' },
    low_confidence: { type: 'boolean' },
    widening_step: { enum: [...WIDENING_STEPS] },
    comparables: {
      type: 'array',
      items: { type: 'object', properties: { km: int, price: int, year: int, kind: { enum: ['sale', 'listing'] }, kept: { type: 'boolean' } }, required: ['km', 'price', 'year', 'kind', 'kept'], additionalProperties: false },
    },
  },
  required: ['average_retail_sales', 'vehicle_count', 'official_price', 'valid_price_range_margin', 'low_confidence', 'comparables'],
  additionalProperties: false,
};

const attributes: JsonSchema = {
  type: 'object',
  properties: {
    vehicle: {
      type: 'object',
      properties: { vin: { type: ['string', 'null'] }, year: int, make: { type: 'string' }, model: { type: 'string' }, series: { type: ['string', 'null'] }, style: { type: ['string', 'null'] } },
      required: ['vin', 'year', 'make', 'model', 'series', 'style'],
      additionalProperties: false,
    },
    province: { enum: [...PROVINCES] },
    status: { enum: [...CONDITIONS] },
    mileage: { type: 'integer', description: 'Kilometres' },
    accident: { type: 'boolean' },
    rebuilt: { type: 'boolean' },
    damage_cost: int,
    desired_profit: int,
    aggression_percentage: { type: 'number' },
    msrp: intOrNull,
    warranty_basic: { type: ['string', 'null'] },
    warranty_powertrain: { type: ['string', 'null'] },
    black_book: blackBook,
    ess,
    offer: {
      type: 'object',
      properties: {
        basis: { enum: ['ess', 'black_book'] },
        market_retail: int,
        amount: int,
        steps: {
          type: 'array',
          items: { type: 'object', properties: { code: { enum: [...OFFER_STEPS] }, amount: int, total: int, percent: { type: 'number' }, label: { type: 'string', description: 'A reconditioning line: the estimate item or canned job' } }, required: ['code', 'amount', 'total'], additionalProperties: false },
        },
      },
      required: ['basis', 'market_retail', 'amount', 'steps'],
      additionalProperties: false,
    },
    debug: { type: 'object', description: 'The comparables and adjustments used: users with the debug mode permission only.' },
    appraisal: {
      type: 'object',
      description: 'The appraisal this estimate was kept as (GET /appraisals/{id}), the vehicle of the VIN and its inspection when the organization has them.',
      properties: {
        id: { type: 'string', format: 'uuid' },
        vehicle_id: { type: ['string', 'null'], format: 'uuid' },
        inspection: {
          oneOf: [{ type: 'null' }, { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, score: intOrNull }, required: ['id', 'score'], additionalProperties: false }],
        },
        reconditioning: { type: 'object', properties: { origin: { enum: [...RECONDITIONING_ORIGINS] }, cents: int }, required: ['origin', 'cents'], additionalProperties: false },
      },
      required: ['id', 'vehicle_id', 'inspection', 'reconditioning'],
      additionalProperties: false,
    },
  },
  required: ['vehicle', 'province', 'status', 'mileage', 'black_book', 'ess', 'offer', 'appraisal'],
  additionalProperties: false,
};

const estimation = (meta?: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: {
    jsonapi: { $ref: '#/components/schemas/jsonapi' },
    data: { type: 'object', properties: { type: { const: 'vehicle-price-estimations' }, attributes }, required: ['type', 'attributes'], additionalProperties: false },
    ...(meta ? { meta } : {}),
  },
  required: ['data', ...(meta ? ['meta'] : [])],
  additionalProperties: false,
});

const worstMeta: JsonSchema = {
  type: 'object',
  properties: {
    candidates: {
      type: 'array',
      items: { type: 'object', properties: { vehicle: { type: 'object' }, market_retail: int, offer: int }, required: ['vehicle', 'market_retail', 'offer'], additionalProperties: false },
    },
  },
  required: ['candidates'],
  additionalProperties: false,
};

const debugQuery = { name: 'debug', description: '1: add the debug block (users with the debug mode permission; logged as debug mode)', schema: { enum: ['0', '1', 'true', 'false'] } };

/** The global selection (spec §7): whose market and keys a platform or reseller user works with. */
const selectionQuery = [
  { name: 'filter[organization]', description: 'The global selection: the organization to work for, one the user sees (default: the user’s own; ignored with the API key).', schema: { type: 'string', format: 'uuid' } },
  { name: 'filter[allowedLocations]', description: 'The global selection: locations, comma-separated; the market is organization-wide, so it narrows nothing.', schema: { type: 'string' } },
];

const apiKeyNote = 'Signed in (view module or make via API), or with the organization’s secret key in X-Api-Key (rate limited).';

describeRoute('POST', '/estimations/vehicle-price', {
  summary: 'The price estimation of a used vehicle: Black Book and market (ESS) values, official price range, offer and its steps',
  description: `${apiKeyNote} Plain JSON body; 404 "No price found for this vehicle" when no source values it. Members: ${PRICE_REQUEST_FIELDS.join(', ')}.`,
  tag: 'pricing',
  query: [debugQuery, ...selectionQuery],
  body: { schema: body, contentType: 'application/json' },
  responses: { 200: { schema: estimation() } },
  errors: [400, 401, 403, 404, 415, 422, 429],
});

describeRoute('GET', '/vehicles/get-worst-price-by-vin/:vin', {
  summary: 'Every trim the VIN may be, valued; the lowest offer, with the list in meta.candidates',
  description: `${apiKeyNote} The query takes the members of the estimation body (kilometers or miles, province, status...).`,
  tag: 'pricing',
  query: [...PRICE_REQUEST_FIELDS.filter((f) => f !== 'vin').map((name) => ({ name, schema: { type: 'string' } })), debugQuery, ...selectionQuery],
  responses: { 200: { schema: estimation(worstMeta) } },
  errors: [400, 401, 403, 404, 422, 429],
});

const catalogue = (level: string): JsonSchema => ({
  type: 'object',
  properties: {
    jsonapi: { $ref: '#/components/schemas/jsonapi' },
    data: {
      type: 'array',
      items: { type: 'object', properties: { type: { const: `estimate-vehicle-${level}` }, id: { type: 'string' }, attributes: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } }, required: ['type', 'id', 'attributes'], additionalProperties: false },
    },
    meta: { type: 'object', properties: { page: { type: 'object', properties: { total: int }, required: ['total'] } }, required: ['page'] },
  },
  required: ['data', 'meta'],
  additionalProperties: false,
});
const catalogueQuery = ['year', 'make', 'model', 'series'].map((f) => ({ name: `filter[${f}]`, description: 'The levels before this one', schema: { type: 'string' } }));
const keyQuery = { name: 'key', required: true, description: 'The organization’s public key', schema: { type: 'string' } };

for (const level of CATALOGUE_LEVELS) {
  describeRoute('GET', `/estimate-vehicle-${level}`, {
    summary: `The ${level} the estimation knows (the organization’s sales and vehicles), filtered by the levels before`,
    tag: 'pricing',
    query: [...catalogueQuery, ...selectionQuery],
    responses: { 200: { schema: catalogue(level) } },
    errors: [400, 401, 403, 429],
  });
  describeRoute('GET', `/public/embed/estimate-vehicle-${level}`, {
    summary: `The frame’s ${level} list (public key; allowed domains only)`,
    tag: 'pricing',
    public: true,
    query: [keyQuery, ...catalogueQuery],
    responses: { 200: { schema: catalogue(level) } },
    errors: [403, 404, 429],
  });
}

const keys = oneRecordDocument('estimate-vehicle-keys', {
  type: 'object',
  properties: {
    public_key: { type: 'string' },
    has_secret: { type: 'boolean' },
    secret_hint: { type: ['string', 'null'] },
    secret_created_at: { type: ['string', 'null'], format: 'date-time' },
    secret: { type: 'string', description: 'Only in the answer that made it' },
  },
  required: ['public_key', 'has_secret', 'secret_hint', 'secret_created_at'],
  additionalProperties: false,
});
describeRoute('GET', '/estimate-vehicle-keys', { summary: 'The organization’s public key (for the frame) and whether a secret key exists', tag: 'pricing', query: selectionQuery, responses: { 200: { schema: keys } }, errors: [400, 403] });
describeRoute('POST', '/estimate-vehicle-keys/secret', { summary: 'A new secret API key, shown once (the previous one stops working)', tag: 'pricing', query: selectionQuery, responses: { 200: { schema: keys } }, errors: [400, 403] });
describeRoute('DELETE', '/estimate-vehicle-keys/secret', { summary: 'Revokes the secret API key', tag: 'pricing', query: selectionQuery, responses: { 200: { schema: keys } }, errors: [400, 403] });
describeRoute('POST', '/estimate-vehicle-keys/public', { summary: 'A new public key: frames embedded with the old one stop answering', tag: 'pricing', query: selectionQuery, responses: { 200: { schema: keys } }, errors: [400, 403] });

describeRoute('GET', '/public/embed/vehicle-estimate', {
  summary: 'The frame’s organization (public key; allowed domains only)',
  tag: 'pricing',
  public: true,
  query: [keyQuery],
  responses: {
    200: {
      schema: oneRecordDocument(
        'vehicle-estimate-frames',
        { type: 'object', properties: { organization: { type: 'string' }, provinces: { type: 'array', items: { type: 'string' } } }, required: ['organization', 'provinces'], additionalProperties: false },
        { id: { type: 'string' } },
      ),
    },
  },
  errors: [403, 404, 429],
});
/** The frame's body: the vehicle and its condition; the margin is the organization's (refused here). */
const marginFields = new Set<string>(MARGIN_FIELDS);
const publicBody: JsonSchema = {
  ...body,
  description: `The vehicle and its condition. ${MARGIN_FIELDS.join(', ')} are the dealership’s margin, taken from its frame settings: sent here, each is refused (422 on its member).`,
  properties: Object.fromEntries(Object.entries(body.properties as Record<string, JsonSchema>).filter(([k]) => !marginFields.has(k))),
};

const vehicleSchema = (attributes.properties as Record<string, JsonSchema>).vehicle!;
const frameOfferSchema: JsonSchema = {
  type: 'object',
  description: 'What the frame shows: the offer, and with display "range" the offers at the market’s low and high (low = high = offer otherwise).',
  properties: { display: { enum: [...FRAME_DISPLAYS] }, offer: int, low: int, high: int },
  required: ['display', 'offer', 'low', 'high'],
  additionalProperties: false,
};

describeRoute('POST', '/public/embed/vehicle-price', {
  summary: 'The frame’s offer, with the organization’s margin (public key; allowed domains only: Origin, or X-Embed-Parent from the app’s own frame)',
  tag: 'pricing',
  public: true,
  query: [keyQuery],
  body: { schema: publicBody, contentType: 'application/json' },
  responses: {
    200: {
      schema: oneRecordDocument(
        'vehicle-price-offers',
        {
          type: 'object',
          properties: { vehicle: vehicleSchema, province: { enum: [...PROVINCES] }, status: { enum: [...CONDITIONS] }, mileage: int, ...(frameOfferSchema.properties as Record<string, JsonSchema>) },
          required: ['vehicle', 'province', 'status', 'mileage', 'display', 'offer', 'low', 'high'],
          additionalProperties: false,
        },
        { id: false },
      ),
    },
  },
  errors: [403, 404, 415, 422, 429],
});

describeRoute('POST', '/public/embed/leads', {
  summary: 'The frame’s visitor asks to be contacted: an evaluation request of the organization, with the vehicle and the offer shown; its dispatchers are notified',
  tag: 'pricing',
  public: true,
  query: [keyQuery],
  body: {
    schema: {
      ...publicBody,
      description: 'The vehicle as for POST /public/embed/vehicle-price, and the contact: name, phone or email (one at least), consent (true: the visitor ticked the box).',
      properties: {
        ...(publicBody.properties as Record<string, JsonSchema>),
        name: { type: 'string', maxLength: LEAD_NAME_MAX },
        phone: { type: 'string' },
        email: { type: 'string', format: 'email' },
        consent: { const: true },
      },
      required: ['name', 'consent'],
    },
    contentType: 'application/json',
  },
  responses: {
    201: {
      schema: {
        type: 'object',
        properties: {
          jsonapi: { $ref: '#/components/schemas/jsonapi' },
          data: {
            type: 'object',
            properties: {
              type: { const: 'vehicle-estimate-leads' },
              id: { type: 'string', format: 'uuid' },
              attributes: { type: 'object', properties: { code: { type: ['string', 'null'] }, offer: { oneOf: [frameOfferSchema, { type: 'null' }] } }, required: ['code', 'offer'], additionalProperties: false },
            },
            required: ['type', 'id', 'attributes'],
            additionalProperties: false,
          },
        },
        required: ['data'],
        additionalProperties: false,
      },
    },
  },
  errors: [403, 404, 415, 422, 429],
});

const settingsAttributes = {
  type: 'object',
  properties: {
    desired_profit: { type: 'integer', minimum: 0, description: 'Whole dollars taken off every offer of the frame' },
    aggression_percentage: { type: 'number', minimum: 0, maximum: 100 },
    damage_cost: { type: 'integer', minimum: 0, description: 'Whole dollars: the reconditioning counted on a vehicle nobody has seen' },
    display: { enum: [...FRAME_DISPLAYS] },
  },
  additionalProperties: false,
} satisfies JsonSchema;
const frameSettings = oneRecordDocument('estimate-vehicle-frame-settings', { ...settingsAttributes, required: ['desired_profit', 'aggression_percentage', 'damage_cost', 'display'] });
describeRoute('GET', '/estimate-vehicle-frame-settings', { summary: 'The frame’s settings: the margin its offers take and whether it shows an offer or a range', tag: 'pricing', query: selectionQuery, responses: { 200: { schema: frameSettings } }, errors: [400, 403] });
describeRoute('PATCH', '/estimate-vehicle-frame-settings', {
  summary: 'Changes the frame’s settings (any of the members; the others are kept)',
  tag: 'pricing',
  query: selectionQuery,
  body: { schema: { type: 'object', properties: { data: { type: 'object', properties: { attributes: settingsAttributes }, required: ['attributes'] } }, required: ['data'] } },
  responses: { 200: { schema: frameSettings } },
  errors: [400, 403, 415, 422],
});
