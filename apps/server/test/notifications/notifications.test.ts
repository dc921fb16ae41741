import { sql } from 'drizzle-orm';
import { text, uuid } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { attr, declare, rel as declaredRel } from '@atelier/domain';
import { tenancy } from '../../src/access/tenancy.ts';
import { locationIds } from '../../src/db/columns.ts';
import { tenantTable } from '../../src/areas/admin/admin.table.ts';
import { rowsOf } from '../../src/db/client.ts';
import { defineResource } from '../../src/jsonapi/define-resource.ts';
import { defineArea } from '../../src/areas/area.ts';
import { AREAS } from '../../src/areas/index.ts';
import { rel } from '../../src/jsonapi/relationships.ts';
import { beforeTests, fileApp } from '../helpers.ts';
import { makeWorld, PASSWORD } from '../factories.ts';
import { seedDemoNotifications } from '../../src/areas/notifications/demo.ts';

// A work item that exists only in this test, with an assignee the notifier must reach.
const jobs = tenantTable('test_jobs', {
  name: text('name').notNull(),
  assignee_id: uuid('assignee_id'),
  location_ids: locationIds(),
});
// An area of its own, given to this file's app beside the real ones.
const jobsArea = defineArea({
  name: 'test',
  resources: [
    defineResource(
      declare('test-jobs', {
        attributes: { name: attr.string().isRequired(), created_at: attr.datetime().isReadOnly() },
        relationships: { assignee: declaredRel.toOne('users') },
      }),
      {
        table: jobs,
        permissions: 'tags',
        tenancy: tenancy.organization(),
        relationships: { assignee: rel.belongsTo('assignee_id') },
        notify: { assignees: (row) => [row.assignee_id as string | null] },
      },
    ),
  ],
});
const areas = [...AREAS, jobsArea];

const t = fileApp({}, { areas });
const w = beforeTests(() => makeWorld(t));
const N = '/api/v1/notifications';
const S = '/api/v1/notification-subscriptions';
const job = (attributes: Record<string, unknown>, assignee?: string) => ({
  data: { type: 'test-jobs', attributes, ...(assignee ? { relationships: { assignee: { data: { type: 'users', id: assignee } } } } : {}) },
});
const follow = (token: string, subject_type: string, subject_id: string) =>
  t.api('POST', S, { token, body: { data: { type: 'notification-subscriptions', attributes: { subject_type, subject_id } } } });
const unread = async (token: string) => (await t.api('GET', `${N}?filter[unRead]=true`, { token })).body.meta.page.total;

beforeAll(async () => {
  await t.database.db.execute(
    sql.raw(`CREATE TABLE test_jobs (id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES organizations(id), name text NOT NULL,
      assignee_id uuid REFERENCES users(id), location_ids uuid[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`),
  );
  // The notifications area's demo data, on these organizations: each owner follows theirs.
  await seedDemoNotifications(t.database.db);
});
/** A second administrator of the garage, to follow what the manager changes. */
const bob = beforeTests(async () => {
  const [role] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`SELECT id FROM roles WHERE organization_id = ${w.garage.id} AND key = 'administrator'`),
  );
  const created = await t.api('POST', '/api/v1/users', {
    token: w.manager.token,
    body: {
      data: {
        type: 'users',
        attributes: { firstname: 'Bob', lastname: 'Bélanger', email: 'bob@garage.test', password: PASSWORD, password_confirmation: PASSWORD },
        relationships: { roles: { data: [{ type: 'roles', id: role.id }] } },
      },
    },
  });
  expect(created.status).toBe(201);
  return { id: created.body.data.id as string, token: await t.login('bob@garage.test', PASSWORD) };
});

describe('notifications', () => {
  it('come with the demo (seeded on made organizations): each owner follows their organization', async () => {
    const list = await t.api('GET', `${N}?filter[unRead]=true&include=notifiable`, { token: w.manager.token });
    expect(list.body.data[0].attributes).toMatchObject({ event: 'created', subject_type: 'organizations', data: { label: w.garage.name } });
    expect(list.body.included[0]).toMatchObject({ type: 'users', id: w.manager.id });
  });

  let jobId: string;
  let notificationId: string;

  it('notifies a follower when another user edits the record, never the causer', async () => {
    const managerUnread = await unread(w.manager.token);
    jobId = (await t.api('POST', '/api/v1/test-jobs', { token: w.manager.token, body: job({ name: 'Brakes' }) })).body.data.id;
    const sub = await follow(bob.token, 'test-jobs', jobId);
    expect(sub.status).toBe(201);
    expect(sub.body.data.relationships.user.data).toEqual({ type: 'users', id: bob.id });

    const patch = await t.api('PATCH', `/api/v1/test-jobs/${jobId}`, { token: w.manager.token, body: { data: { type: 'test-jobs', id: jobId, attributes: { name: 'Brakes and rotors' } } } });
    expect(patch.status).toBe(200);

    const list = await t.api('GET', `${N}?filter[unRead]=true&page[number]=1&page[size]=10&include=notifiable,causer`, { token: bob.token });
    expect(list.status).toBe(200);
    expect(list.body.meta.page.total).toBe(1);
    const [n] = list.body.data;
    notificationId = n.id;
    expect(n.attributes).toMatchObject({
      event: 'updated',
      subject_type: 'test-jobs',
      subject_id: jobId,
      read: false,
      read_at: null,
      data: { label: 'Brakes and rotors', changes: ['name'], causer_name: `${w.manager.firstname} ${w.manager.lastname}` },
    });
    expect(n.relationships.notifiable.data).toEqual({ type: 'users', id: bob.id });
    expect(n.relationships.causer.data).toEqual({ type: 'users', id: w.manager.id });
    expect(n.relationships.subscription.data).toEqual({ type: 'notification-subscriptions', id: sub.body.data.id });
    expect(list.body.included.map((i: any) => i.id).sort()).toEqual([bob.id, w.manager.id].sort());

    // Bob's own edit notifies nobody: he is the only follower and the causer.
    await t.api('PATCH', `/api/v1/test-jobs/${jobId}`, { token: bob.token, body: { data: { type: 'test-jobs', id: jobId, attributes: { name: 'Brakes, rotors' } } } });
    expect(await unread(bob.token)).toBe(1);
    expect(await unread(w.manager.token)).toBe(managerUnread);
  });

  it('marks as read and unread, with ids as JSON:API linkage or a plain list', async () => {
    const read = await t.api('POST', `${N}/mark-as-read`, { token: bob.token, body: { data: [{ type: 'notifications', id: notificationId }] } });
    expect(read.status).toBe(200);
    expect(read.body.meta).toEqual({ updated: 1, unread: 0 });
    expect(await unread(bob.token)).toBe(0);
    const one = await t.api('GET', `${N}/${notificationId}`, { token: bob.token });
    expect(one.body.data.attributes.read).toBe(true);

    const again = await t.api('POST', `${N}/mark-as-unread`, { token: bob.token, body: { ids: [notificationId] } });
    expect(again.body.meta).toEqual({ updated: 1, unread: 1 });
    expect(await unread(bob.token)).toBe(1);

    const bad = await t.api('POST', `${N}/mark-as-read`, { token: bob.token, body: { ids: ['nope'] }, headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].detail).toBe('Give the ids of the notifications in the request body.');
  });

  it("never shows or changes another user's notifications", async () => {
    for (const { token } of [w.manager, w.manager2, w.admin]) {
      expect((await t.api('GET', `${N}/${notificationId}`, { token })).status).toBe(404);
      expect((await t.api('GET', N, { token })).body.data.map((n: any) => n.id)).not.toContain(notificationId);
      const mark = await t.api('POST', `${N}/mark-as-read`, { token, body: { ids: [notificationId] } });
      expect(mark.body.meta.updated).toBe(0);
    }
    expect(await unread(bob.token)).toBe(1);
    // Nor their subscriptions.
    const [bobs] = (await t.api('GET', S, { token: bob.token })).body.data;
    expect(bobs.attributes.subject_type).toBe('test-jobs');
    expect((await t.api('GET', S, { token: w.manager.token })).body.data.map((x: any) => x.id)).not.toContain(bobs.id);
    expect((await t.api('GET', `${S}/${bobs.id}`, { token: w.manager.token })).status).toBe(404);
  });

  it('notifies the assignee of a record, but not when they assign themselves', async () => {
    const res = await t.api('POST', '/api/v1/test-jobs', { token: w.manager.token, body: job({ name: 'Tires' }, bob.id) });
    expect(res.status).toBe(201);
    const list = await t.api('GET', `${N}?filter[unRead]=true&filter[subject_id]=${res.body.data.id}`, { token: bob.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].attributes).toMatchObject({ event: 'created', data: { label: 'Tires' } });
    expect(list.body.data[0].relationships.subscription.data).toBeNull();

    const before = await unread(w.manager.token);
    await t.api('POST', '/api/v1/test-jobs', { token: w.manager.token, body: job({ name: 'Oil' }, w.manager.id) });
    expect(await unread(w.manager.token)).toBe(before);
  });

  it('names workflow actions as the event', async () => {
    const inspector = w.inspector.id;
    expect((await follow(bob.token, 'users', inspector)).status).toBe(201);
    expect((await t.api('GET', `/api/v1/users/${inspector}/deactivate`, { token: w.manager.token })).status).toBe(200);
    const list = await t.api('GET', `${N}?filter[subject_id]=${inspector}`, { token: bob.token });
    expect(list.body.data[0].attributes).toMatchObject({ event: 'deactivate', data: { label: `${w.inspector.firstname} ${w.inspector.lastname}` } });
    await t.api('GET', `/api/v1/users/${inspector}/activate`, { token: w.manager.token });
  });

  it('tells followers of a deletion, then forgets the subscription', async () => {
    expect((await t.api('DELETE', `/api/v1/test-jobs/${jobId}`, { token: w.manager.token })).status).toBe(204);
    const list = await t.api('GET', `${N}?filter[event]=deleted`, { token: bob.token });
    expect(list.body.data[0].attributes).toMatchObject({ subject_id: jobId, data: { label: 'Brakes, rotors' } });
    const subs = await t.api('GET', `${S}?filter[subject_type]=test-jobs`, { token: bob.token });
    expect(subs.body.meta.page.total).toBe(0);
  });

  it('lets a user follow only records they can see, once', async () => {
    const mine = (await t.api('POST', '/api/v1/test-jobs', { token: w.manager.token, body: job({ name: 'Wipers' }) })).body.data.id;
    expect((await follow(w.manager.token, 'test-jobs', mine)).status).toBe(201);
    const twice = await follow(w.manager.token, 'test-jobs', mine);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].code).toBe('validation.unique');

    // Another organization's record does not exist for them.
    const manager2 = w.manager2.token;
    const foreign = await follow(manager2, 'test-jobs', mine);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'validation.relationship_not_found', source: { pointer: '/data/attributes/subject_id' } });
    // Without the permission to read the type, neither.
    // Signed in again: deactivating the inspector above ended their sessions.
    const inspector = await t.login(w.inspector.email, PASSWORD);
    expect((await follow(inspector, 'test-jobs', mine)).status).toBe(422);
    const type = await follow(w.manager.token, 'notifications', notificationId);
    expect(type.body.errors[0].code).toBe('validation.not_followable');

    // Unfollowing is deleting; another user's subscription is out of reach.
    const [sub] = (await t.api('GET', `${S}?filter[subject_id]=${mine}`, { token: w.manager.token })).body.data;
    expect((await t.api('DELETE', `${S}/${sub.id}`, { token: bob.token })).status).toBe(404);
    expect((await t.api('DELETE', `${S}/${sub.id}`, { token: w.manager.token })).status).toBe(204);
  });

  it('PATCH narrows what a subscription hears to the events chosen (platform §7), for its owner only', async () => {
    const target = w.inspector.id;
    const [sub] = (await t.api('GET', `${S}?filter[subject_id]=${target}`, { token: bob.token })).body.data;
    const patch = (token: string, events: unknown, lang = 'fr') =>
      t.api('PATCH', `${S}/${sub.id}`, { token, headers: { 'accept-language': lang }, body: { data: { type: 'notification-subscriptions', id: sub.id, attributes: { events } } } });

    // What is not an event of users is refused, each at its place, in the request's language.
    const bad = await patch(bob.token, ['deactivate', 'constructor', 'start'], 'en');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.source.pointer)).toEqual(['/data/attributes/events/1', '/data/attributes/events/2']);
    expect(bad.body.errors[0].detail).toContain('constructor is not an event of this kind of record');
    // Another user's subscription does not exist for them; the subject is written on create only.
    expect((await patch(w.manager.token, ['deactivate'])).status).toBe(404);
    const moved = await t.api('PATCH', `${S}/${sub.id}`, { token: bob.token, body: { data: { type: 'notification-subscriptions', id: sub.id, attributes: { subject_id: w.manager.id } } } });
    expect(moved.body.data.attributes.subject_id).toBe(target);

    const ok = await patch(bob.token, ['deactivate', 'deactivate']);
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes.events).toEqual(['deactivate']);

    // An edit no longer notifies Bob; the action he chose does.
    const before = await unread(bob.token);
    const renamed = await t.api('PATCH', `/api/v1/users/${target}`, { token: w.manager.token, body: { data: { type: 'users', id: target, attributes: { firstname: 'Ivo' } } } });
    expect(renamed.status).toBe(200);
    expect(await unread(bob.token)).toBe(before);
    await t.api('GET', `/api/v1/users/${target}/deactivate`, { token: w.manager.token });
    expect(await unread(bob.token)).toBe(before + 1);
    await t.api('GET', `/api/v1/users/${target}/activate`, { token: w.manager.token });
    expect(await unread(bob.token)).toBe(before + 1);

    // null: every event again.
    expect((await patch(bob.token, null)).body.data.attributes.events).toBeNull();
    await t.api('PATCH', `/api/v1/users/${target}`, { token: w.manager.token, body: { data: { type: 'users', id: target, attributes: { firstname: 'Ivan' } } } });
    expect(await unread(bob.token)).toBe(before + 2);
  });
});
