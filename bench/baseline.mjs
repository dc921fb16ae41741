#!/usr/bin/env node
// The yardsticks of the bench: raw Fastify + node-postgres equivalents of its scenarios, no engine,
// no auth. Run by bench/run.mjs (BENCH_BASELINE=0 skips them) in a child process and measured just
// before and after each scenario, so that the engine's numbers are read as a share of what this
// machine does at the same moment.
//   GET /users/:id   one users row by key
//   GET /users?filter[organization]=<id>&page[size]=25&page[number]=1
//                    the users list with include=roles,organization as the API answers it: the page,
//                    its total and the included rows in ONE statement, serialised by hand as the
//                    same JSON:API document (bench/run.mjs checks that the two documents are equal)
//   PATCH /inspection-fields/:id   one UPDATE of an inspection field's answer (bench/inspection-answers.mjs)
// Usage: DATABASE_URL=... node bench/baseline.mjs  (prints "listening <url>" then serves).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
// The API's own media type: without its parser every PATCH answered 415 (issue 20, point 12), and
// bench/run.mjs and bench/inspection-answers.mjs now stop when a raw answer is not a success.
app.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, (_request, body, done) => {
  try {
    done(null, JSON.parse(body));
  } catch (err) {
    done(err);
  }
});
app.get('/users/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM users WHERE id = $1', [request.params.id]);
  if (!rows[0]) return reply.code(404).send({ errors: [{ status: '404' }] });
  return { data: { type: 'users', id: rows[0].id, attributes: rows[0] } };
});

/** The page (with each user's role ids), the organization's count, and the roles and organization it links to. */
const USERS_PAGE = {
  name: 'raw-users-page',
  text: `
WITH page AS (
  SELECT id, organization_id, reseller_id, firstname, lastname, email, phone, locale, profile_image, is_staff, active,
         restrict_to_locations, location_ids, two_factor_enabled, two_factor_enabled_at, two_factor_disabled_at,
         last_login_at, invited_at, password_hash IS NOT NULL AS has_password, created_at, updated_at,
         ARRAY(SELECT role_id FROM user_roles WHERE user_id = users.id) AS role_ids
    FROM users WHERE organization_id = $1 ORDER BY lastname, id LIMIT $2 OFFSET $3)
SELECT (SELECT count(*) FROM users WHERE organization_id = $1)::int AS total,
       (SELECT coalesce(json_agg(page ORDER BY lastname, id), '[]') FROM page) AS users,
       (SELECT coalesce(json_agg(r), '[]') FROM (
          SELECT id, organization_id, reseller_id, name, description, max_discount_percent, key, users_count, location_ids, created_at, updated_at
            FROM roles WHERE id IN (SELECT unnest(role_ids) FROM page)) r) AS roles,
       (SELECT coalesce(json_agg(o), '[]') FROM (
          SELECT id, reseller_id, owner_id, package_id, subscription_id, name, email, phone, address, city, province, postal_code, country, locale,
                 created_at, updated_at
            FROM organizations WHERE id IN (SELECT organization_id FROM page)) o) AS organizations`,
};

/** Timestamps come as PostgreSQL's JSON text; the API answers ISO 8601 in UTC. */
const iso = (t) => (t === null ? null : new Date(t).toISOString());
const one = (type, id) => ({ data: id === null ? null : { type, id } });
const many = (type, ids) => ({ data: ids.map((id) => ({ type, id })) });
const self = (type, id) => ({ self: `/api/v1/${type}/${id}` });

const user = (u) => ({
  type: 'users',
  id: u.id,
  attributes: {
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone,
    locale: u.locale,
    profile_image: u.profile_image,
    is_staff: u.is_staff,
    active: u.active,
    restrict_to_locations: u.restrict_to_locations,
    two_factor_enabled: u.two_factor_enabled,
    two_factor_enabled_at: iso(u.two_factor_enabled_at),
    two_factor_disabled_at: iso(u.two_factor_disabled_at),
    last_login_at: iso(u.last_login_at),
    invited_at: iso(u.invited_at),
    name: `${u.firstname} ${u.lastname}`.trim(),
    has_password: u.has_password,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
  },
  relationships: {
    organization: one('organizations', u.organization_id),
    reseller: one('resellers', u.reseller_id),
    roles: many('roles', u.role_ids),
    allowedLocations: many('locations', u.location_ids),
  },
  links: self('users', u.id),
});

const role = (r) => ({
  type: 'roles',
  id: r.id,
  attributes: { name: r.name, description: r.description, max_discount_percent: r.max_discount_percent === null ? null : String(r.max_discount_percent), key: r.key, users_count: r.users_count, created_at: iso(r.created_at), updated_at: iso(r.updated_at) },
  relationships: { organization: one('organizations', r.organization_id), reseller: one('resellers', r.reseller_id), allowedLocations: many('locations', r.location_ids) },
  links: self('roles', r.id),
});

const organization = (o) => ({
  type: 'organizations',
  id: o.id,
  attributes: {
    name: o.name,
    email: o.email,
    phone: o.phone,
    address: o.address,
    city: o.city,
    province: o.province,
    postal_code: o.postal_code,
    country: o.country,
    locale: o.locale,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
  },
  relationships: { reseller: one('resellers', o.reseller_id), owner: one('users', o.owner_id), package: one('packages', o.package_id), subscription: one('subscriptions', o.subscription_id) },
  links: self('organizations', o.id),
});

app.get('/users', async (request, reply) => {
  const q = request.query;
  const size = Number(q['page[size]'] ?? 25);
  const number = Number(q['page[number]'] ?? 1);
  const { rows } = await pool.query({ ...USERS_PAGE, values: [q['filter[organization]'], size, (number - 1) * size] });
  const { total, users, roles, organizations } = rows[0];
  return reply.type('application/vnd.api+json').send({
    jsonapi: { version: '1.1' },
    data: users.map(user),
    included: [...roles.map(role), ...organizations.map(organization)],
    meta: { page: { total, number, size, last: Math.max(1, Math.ceil(total / size)) } },
  });
});

/**
 * PATCH /inspection-fields/:id: the raw equivalent of an inspector's answer, one UPDATE of the same
 * row (value, touched) answering it; no lock, no check, no rescoring, no activity log.
 */
app.patch('/inspection-fields/:id', async (request, reply) => {
  const value = request.body?.data?.attributes?.value ?? null;
  const { rows } = await pool.query('UPDATE inspection_fields SET value = $2, touched = true, updated_at = now() WHERE id = $1 RETURNING *', [request.params.id, JSON.stringify(value)]);
  if (!rows[0]) return reply.code(404).send({ errors: [{ status: '404' }] });
  return { data: { type: 'inspection-fields', id: rows[0].id, attributes: rows[0] } };
});

const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
