import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ImportModel } from './imports/models.ts';
import type { ResourceDefinition } from '../jsonapi/define-resource.ts';
import type { EngineHooks } from '../jsonapi/registry.ts';
import type { ContextOf, RouteRegistrar, Services } from '../jsonapi/router.ts';

/**
 * Work an area does beside requests (the import worker), made with the app: it defines its jobs on
 * the queue (services.jobs) as it is made; started when the app is ready, before the queue.
 */
export interface Worker {
  start?(): Promise<void> | void;
}

/**
 * A business area as the app takes it (app.ts buildApp({ areas })): nothing registers itself by
 * being imported. An app serves the types and routes of the areas it is given, and only those.
 */
export interface Area<W extends Worker = Worker> {
  name: string;
  resources: ResourceDefinition[];
  /** What users may import into the area's types (the imports area reads them from the app's registry). */
  importModels?: ImportModel[];
  /** Routes beside the resources' own (uploads, get-by-vin), under /api/v1. */
  routes?: RouteRegistrar[];
  /** The area's worker, made once per app before its routes, which may hand it work. */
  worker?(services: Services): W;
  /** The area's timers and other jobs on the app's queue (jobs/queue.ts), when it needs no worker object. */
  jobs?(services: Services): void;
  /** The worker's job queues, for the metrics (GET /metrics): how many jobs wait or run. */
  queues?: { name: string; depth(db: Db): Promise<number> }[];
  /** Routes that use the worker. */
  workerRoutes?(api: FastifyInstance, contextOf: ContextOf, worker: W): void;
  /**
   * Routes (as registered, under /api/v1) that also answer an organization's API key in the
   * X-Api-Key header instead of a session: the route authenticates the key itself.
   */
  apiKeyRoutes?: string[];
  /** Headers of pages of the web app by path (the embeddable frame's Content-Security-Policy). */
  pageHeaders?: Record<string, (request: FastifyRequest, services: Services) => Promise<Record<string, string>>>;
  /** Reactions to the engine's writes (the notifications area listens to the activity log). */
  hooks?: EngineHooks;
  /** Demo data (db/seed.ts), run in the order of the areas after the organizations and users. */
  demo?(db: Db): Promise<void>;
}

/** Declares an area (typed by its worker). */
export const defineArea = <W extends Worker>(area: Area<W>): Area<W> => area;
