import { describeRoute } from '../jsonapi/openapi.ts';
import type { JsonSchema } from '../jsonapi/define-resource.ts';

/**
 * The contract (OpenAPI) of the auth routes (the *.routes.ts files beside it): the document of
 * GET /api/v1/openapi.json is generated from these and from the resource declarations.
 */

const JSON = 'application/json';
const object = (properties: Record<string, JsonSchema>, required: string[] = [], additionalProperties = false): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties,
});
/** Bodies come flat ({email, password}) or wrapped in data.attributes, as older clients send them. */
const flatOrWrapped = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  anyOf: [
    object(properties, required, true),
    object({ data: object({ type: { type: 'string' }, attributes: object(properties, required, true) }, ['attributes'], true) }, ['data'], true),
  ],
});
const email = { type: 'string', format: 'email', maxLength: 254 };
const password = { type: 'string', writeOnly: true };
const token = object(
  { access_token: { type: 'string' }, token_type: { const: 'Bearer' }, expires_in: { type: 'integer', description: 'Idle timeout, seconds.' } },
  ['access_token', 'token_type', 'expires_in'],
);
const success = object({ success: { const: true }, message: { type: 'string' } }, ['success']);
const me = { $ref: '#/components/schemas/users.document' };
/** A public form of the sign-in pages (POST, no token): its fields flat or wrapped, the JSON it answers. */
const publicForm = (path: string, summary: string, fields: Record<string, JsonSchema>, required: string[], answer: JsonSchema) =>
  describeRoute('POST', path, {
    summary,
    tag: 'auth',
    public: true,
    body: { schema: flatOrWrapped(fields, required) },
    responses: { 200: { contentType: JSON, schema: answer } },
    errors: [413, 415, 422, 429],
  });
const meQuery = [{ name: 'include', description: 'roles, roles.permissions, organization, reseller, allowedLocations...', schema: { type: 'string' } }];

describeRoute('POST', '/login', {
  summary: 'Sign in: an access token, or a code sent by e-mail when two-factor is on (then POST /verify)',
  tag: 'auth',
  public: true,
  body: { schema: flatOrWrapped({ email, password }, ['email', 'password']) },
  responses: {
    200: {
      contentType: JSON,
      schema: { anyOf: [token, object({ success: { const: true }, two_factor: { const: true } }, ['success', 'two_factor'])] },
    },
  },
  errors: [401, 403, 413, 415, 422, 429],
});

publicForm('/verify', 'Second step of a two-factor sign-in: the code sent by e-mail', { email, code: { type: 'string' }, verification_code: { type: 'string' } }, ['email'], token);

publicForm('/verify/resend', 'Sends a new two-factor code (only after a sign-in within the hour)', { email }, ['email'], success);

describeRoute('POST', '/logout', {
  summary: 'Ends this session (its token)',
  tag: 'auth',
  responses: { 204: { description: 'Signed out.' } },
});

describeRoute('POST', '/register', {
  summary: 'Creates an organization and its administrator (when registration is enabled)',
  tag: 'auth',
  public: true,
  body: {
    schema: flatOrWrapped(
      {
        organization_name: { type: 'string', maxLength: 150 },
        firstname: { type: 'string', maxLength: 100 },
        lastname: { type: 'string', maxLength: 100 },
        email,
        password,
        password_confirmation: password,
      },
      ['organization_name', 'firstname', 'lastname', 'email', 'password'],
    ),
  },
  responses: { 201: { contentType: JSON, schema: token } },
  errors: [403, 413, 415, 422, 429],
});

publicForm('/password-forgot', 'Mails a reset link (the answer is the same whether the account exists or not)', { email, redirect_url: { type: 'string' } }, ['email'], success);

publicForm(
  '/password-reset',
  'Sets a new password with the token of a reset or invitation link; ends every session',
  { email, token: { type: 'string' }, password, password_confirmation: password },
  ['email', 'token', 'password'],
  success,
);

describeRoute('GET', '/me', {
  summary: 'The signed-in user (a users document)',
  tag: 'auth',
  query: meQuery,
  responses: { 200: { schema: me } },
});

describeRoute('PATCH', '/me', {
  summary: 'Changes one’s own profile; a new e-mail or password needs current_password',
  tag: 'auth',
  query: meQuery,
  body: {
    schema: object(
      {
        data: object(
          {
            type: { const: 'users' },
            id: { type: 'string' },
            attributes: {
              type: 'object',
              description: 'firstname, lastname, email, phone, locale, profile_image, password, password_confirmation, current_password; others are ignored.',
            },
          },
          [],
          true,
        ),
      },
      ['data'],
    ),
  },
  responses: { 200: { schema: me } },
  errors: [403, 404, 409, 413, 415, 422, 429],
});

describeRoute('POST', '/me/toggle-two-fa', {
  summary: 'Turns two-factor sign-in on, or off (with current_password)',
  tag: 'auth',
  query: meQuery,
  body: { schema: flatOrWrapped({ current_password: password }, []), required: false },
  responses: { 200: { schema: me } },
  errors: [413, 415, 422, 429],
});

describeRoute('GET', '/app-config', {
  summary: 'Public settings of this server (branding by host, languages, served types)',
  tag: 'auth',
  public: true,
  responses: {
    200: {
      contentType: JSON,
      schema: object(
        {
          app_name: { type: 'string' },
          logo_url: { type: ['string', 'null'] },
          languages: { type: 'array', items: { enum: ['fr', 'en'] } },
          default_locale: { enum: ['fr', 'en'] },
          currency: { type: 'string' },
          currency_symbol: { type: 'string' },
          barcode_scanner_license: { type: ['string', 'null'], description: 'The barcode scanner’s licence key of this deployment (BARCODE_SCANNER_LICENSE), or null.' },
          registration_enabled: { type: 'boolean' },
          sms_enabled: { type: 'boolean', description: 'Texts can be sent (the TWILIO_* keys are set); false: the SMS option is hidden.' },
          resource_types: { type: 'array', items: { type: 'string' }, description: 'Types this server serves.' },
          list_counts: { type: 'array', items: { type: 'string' }, description: 'Types answering GET /{type}/list/count.' },
          organization_types: { type: 'array', items: { type: 'string' }, description: 'Types whose rows belong to an organization.' },
        },
        ['app_name', 'logo_url', 'languages', 'default_locale', 'currency', 'currency_symbol', 'barcode_scanner_license', 'registration_enabled', 'sms_enabled', 'resource_types', 'list_counts'],
      ),
    },
  },
});

describeRoute('GET', '/dev/outbox', {
  summary: 'Test servers only (TEST_OUTBOX): the latest mail written, for browser tests',
  tag: 'meta',
  public: true,
  query: [{ name: 'to', schema: { type: 'string' } }],
  responses: { 200: { contentType: JSON, schema: object({ data: { type: 'array', items: { type: 'object' } } }, ['data']) } },
});
