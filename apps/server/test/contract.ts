import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Checks API responses against the server's own contract (GET /api/v1/openapi.json): the status
 * is declared for the path and method, the content type is one the response declares, and the
 * body matches its schema. helpers.ts runs it on every response of api(), so a test whose call
 * answers something the document does not say fails with the reason.
 */

// ajv-formats is CommonJS with a default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, unknown>;
interface Route {
  template: string;
  regex: RegExp;
  params: number;
  operations: Record<string, Json>;
}

const PREFIX = '/api/v1';

export class Contract {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly responses: Record<string, Json>;

  /**
   * `partial`: a body may leave out what the document requires (a fixture of the web's tests gives
   * only what its screen reads), but what it gives must be as the document says.
   */
  constructor(
    readonly document: Json,
    { partial = false }: { partial?: boolean } = {},
  ) {
    const doc = rewriteRefs(structuredClone(document), partial) as Json;
    const components = doc.components as { schemas: Json; responses: Record<string, Json> };
    this.responses = components.responses;
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', $defs: components.schemas });
    this.routes = Object.entries(doc.paths as Record<string, Record<string, Json>>)
      .map(([template, operations]) => ({
        template,
        // A parameter may be empty (/imports//run reaches /imports/:id/run).
        regex: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]*')}$`),
        params: (template.match(/\{/g) ?? []).length,
        operations,
      }))
      // Static segments win over parameters, as in Fastify's router.
      .sort((a, b) => a.params - b.params);
  }

  /** Throws an Error saying what differs from the contract; returns when the response conforms. */
  check(method: string, url: string, res: { status: number; headers: Record<string, unknown>; body: unknown; raw: string }) {
    // As the request reached the router: dot segments resolved (light-my-request parses the URL).
    const path = new URL(url.split('?')[0], 'http://localhost').pathname;
    if (!path.startsWith(`${PREFIX}/`)) return;
    // The router ignores a trailing slash.
    // Matched still encoded, as Fastify's router does (a %2F stays inside its segment).
    const local = path.slice(PREFIX.length).replace(/(.)\/$/, '$1');
    const verb = method.toLowerCase();
    const route = this.routes.find((r) => r.regex.test(local) && r.operations[verb]);
    const where = `${method.toUpperCase()} ${url} → ${res.status}`;
    if (!route) {
      // A path the API does not have: the router's JSON:API 404 (or a 400/414 for a hostile URL).
      if ([400, 404, 414].includes(res.status)) return this.validate('error', this.responses[`error${res.status}`], res, where);
      throw new Error(`Contract: ${where}: no path of the OpenAPI document matches ${method.toUpperCase()} ${local}`);
    }
    const operation = route.operations[verb];
    const responses = operation.responses as Record<string, Json>;
    let response = responses[String(res.status)];
    if (!response)
      throw new Error(
        `Contract: ${where}: status ${res.status} is not declared for ${verb.toUpperCase()} ${route.template} (declared: ${Object.keys(responses).join(', ')}); body: ${res.raw.slice(0, 300)}`,
      );
    const $ref = response.$ref as string | undefined;
    if ($ref) response = this.responses[$ref.split('/').pop()!];
    this.validate(`${verb} ${route.template} ${res.status}`, response, res, where);
  }

  private validate(id: string, response: Json, res: { headers: Record<string, unknown>; body: unknown; raw: string }, where: string) {
    const content = response.content as Record<string, { schema?: Json }> | undefined;
    if (!content) {
      if (res.raw !== '') throw new Error(`Contract: ${where}: the document declares no body, the server sent ${res.raw.slice(0, 200)}`);
      return;
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    const media = content[type] ? type : content['*/*'] ? '*/*' : undefined;
    if (!media) throw new Error(`Contract: ${where}: content type ${type || '(none)'}, the document declares ${Object.keys(content).join(', ')}`);
    if (!/json$/.test(media)) return;
    const key = `${id} ${media}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(content[media].schema ?? {});
      this.validators.set(key, validate);
    }
    if (!validate(res.body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 6)
        .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
        .join('; ');
      throw new Error(`Contract: ${where}: the body does not match the schema of ${id}: ${errors}\nbody: ${res.raw.slice(0, 600)}`);
    }
  }
}

/**
 * '#/components/schemas/x' → 'openapi#/$defs/x', so the schemas compile outside the document;
 * `partial`: without the schemas' lists of required members (an attribute named `required`, a
 * schema, stays).
 */
function rewriteRefs(node: unknown, partial: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, partial));
  if (node && typeof node === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (partial && k === 'required' && Array.isArray(v)) continue;
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/') ? `openapi#/$defs/${v.slice('#/components/schemas/'.length)}` : rewriteRefs(v, partial);
    }
    return out;
  }
  return node;
}

/** One compiled contract per distinct document (and strictness), for the whole test process. */
const contracts = new Map<string, Contract>();
export function contractFor(documentText: string, opts: { partial?: boolean } = {}): Contract {
  const key = `${!!opts.partial}${documentText}`;
  let c = contracts.get(key);
  if (!c) {
    c = new Contract(JSON.parse(documentText) as Json, opts);
    contracts.set(key, c);
  }
  return c;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The contract's text, given to the web tests by their set-up (web-contract.ts). */
    apiContract: string;
  }
}
