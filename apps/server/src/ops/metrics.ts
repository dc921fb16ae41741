// Prometheus metrics (GET /metrics): request rate and latency per route, the database pool, the job
// queues' depth, and the process's own (memory, CPU, event loop lag). Off unless METRICS_TOKEN is
// set: a same-host reverse proxy would make a loopback-only rule public.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Area } from '../areas/area.ts';
import type { Database } from '../db/client.ts';
import type { Jobs } from '../jobs/queue.ts';

/** Seconds: a read by id is a few milliseconds, a PDF with photos up to a second or two. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance, opts: { token: string | null; database: Database; areas: readonly Area[]; jobs: Jobs }) {
  const { token, database, areas, jobs } = opts;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'atelier_' });
  const duration = new Histogram({
    name: 'atelier_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'atelier_http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'atelier_db_pool_connections',
    help: 'Connections of the PostgreSQL pool: total, idle, and requests waiting for one (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  const queues = areas.flatMap((a) => a.queues ?? []);
  new Gauge({
    name: 'atelier_job_queue_depth',
    help: 'Work waiting or running, by area (imports, callbacks, follow-ups)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const queue of queues) this.set({ queue: queue.name }, await queue.depth(database.db));
    },
  });
  new Gauge({
    name: 'atelier_jobs',
    help: 'Jobs of the job queue waiting (due or not), being retried or running, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const name of jobs.names()) this.set({ queue: name }, await jobs.depth(name));
    },
  });

  // The route's pattern, never the raw URL: one series per route, whatever ids or junk a client sends.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('Unauthorized\n');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
