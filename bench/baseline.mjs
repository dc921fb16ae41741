#!/usr/bin/env node
// The yardstick of the bench: raw Fastify + node-postgres reading one users row by key, no engine,
// no auth. Run by bench/run.mjs (BENCH_BASELINE=0 skips it) in a child process so that the numbers
// of the engine can be read against what this machine does at the same moment.
// Usage: DATABASE_URL=... node bench/baseline.mjs  (prints "listening <url>" then serves).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/users/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM users WHERE id = $1', [request.params.id]);
  if (!rows[0]) return reply.code(404).send({ errors: [{ status: '404' }] });
  return { data: { type: 'users', id: rows[0].id, attributes: rows[0] } };
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
