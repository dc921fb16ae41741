import { describe, expect, it } from 'vitest';
import { beforeTests, fileApp } from '../helpers.ts';
import { makeContact, makeCustomer, makeInspectionForm, makeRecord, makeRequest, makeVehicle, makeWorld, toOne } from '../factories.ts';

/**
 * The spec's polymorphic relationships are relationships (issue 28 §1): a notification's object, a
 * log's subject, a contact's contactable and a request's responseObject can be included, and name
 * only what the reader may see.
 */
const t = fileApp();
const w = beforeTests(() => makeWorld(t));

const follow = (token: string, subject_type: string, subject_id: string) =>
  t.api('POST', '/api/v1/notification-subscriptions', { token, body: { data: { type: 'notification-subscriptions', attributes: { subject_type, subject_id } } } });
const rename = (token: string, id: string, color: string, locations?: string[]) =>
  t.api('PATCH', `/api/v1/vehicles/${id}`, {
    token,
    body: { data: { type: 'vehicles', id, attributes: { color }, ...(locations ? { relationships: { allowedLocations: { data: locations.map((l) => ({ type: 'locations', id: l })) } } } : {}) } },
  });

describe('polymorphic relationships', () => {
  it('a notification’s object is included, and no longer named once the reader may not see it', async () => {
    const car = await makeVehicle(t, w.manager.token, { color: 'Bleu' }, { locations: [w.garage.montreal] });
    expect((await follow(w.inspector.token, 'vehicles', car.id)).status).toBe(201);
    expect((await rename(w.manager.token, car.id, 'Rouge')).status).toBe(200);

    const seen = await t.api('GET', `/api/v1/notifications?filter[subject_id]=${car.id}&include=object`, { token: w.inspector.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data[0].relationships.object.data).toEqual({ type: 'vehicles', id: car.id });
    expect(seen.body.included).toEqual([expect.objectContaining({ type: 'vehicles', id: car.id, attributes: expect.objectContaining({ color: 'Rouge' }) })]);

    // Moved to Laval, where the inspector is not: the notice stays, its object is neither included nor named.
    expect((await rename(w.manager.token, car.id, 'Vert', [w.garage.laval])).status).toBe(200);
    const hidden = await t.api('GET', `/api/v1/notifications?filter[subject_id]=${car.id}&include=object`, { token: w.inspector.token });
    expect(hidden.body.data.length).toBeGreaterThan(0);
    for (const n of hidden.body.data) expect(n.relationships.object.data).toBeNull();
    expect(hidden.body.included ?? []).toEqual([]);
    expect(JSON.stringify(hidden.body)).not.toContain('"Vert"');
  });

  it('a log’s subject is included for who may read logs, within their organization', async () => {
    const car = await makeVehicle(t, w.manager.token, { color: 'Noir', vin: 'KM8K2CAB4PU001140' });
    const logs = await t.api('GET', `/api/v1/logs?filter[subject_id]=${car.id}&include=subject`, { token: w.manager.token });
    expect(logs.status).toBe(200);
    expect(logs.body.data[0].relationships.subject.data).toEqual({ type: 'vehicles', id: car.id });
    expect(logs.body.included.map((r: any) => `${r.type}/${r.id}`)).toEqual([`vehicles/${car.id}`]);
  });

  it('a contact’s contactable is its customer or supplier', async () => {
    const customer = await makeCustomer(t, w.manager.token);
    const contact = await makeContact(t, w.manager.token, {}, { customer: toOne('customers', customer.id) });
    const alone = await makeContact(t, w.manager.token);
    const res = await t.api('GET', `/api/v1/contacts?filter[with_ids]=${contact.id},${alone.id}&include=contactable`, { token: w.manager.token });
    const byId = new Map(res.body.data.map((c: any) => [c.id, c.relationships.contactable.data]));
    expect(byId.get(contact.id)).toEqual({ type: 'customers', id: customer.id });
    expect(byId.get(alone.id)).toBeNull();
    expect(res.body.included.map((r: any) => r.id)).toEqual([customer.id]);
  });

  it('a request’s responseObject is the inspection made from it (kept by the database), with response_type and response_id', async () => {
    const car = await makeVehicle(t, w.manager.token, { vin: '5YJ3E1EA7KF317001' });
    const request = await makeRequest(t, w.manager.token, {}, { vehicle: toOne('vehicles', car.id) });
    const before = await t.api('GET', `/api/v1/requests/${request.id}?include=responseObject`, { token: w.manager.token });
    expect(before.body.data.relationships.responseObject.data).toBeNull();

    const form = await makeInspectionForm(t, w.manager.token);
    const inspection = await makeRecord(t, w.manager.token, 'inspections', {}, {
      vehicle: toOne('vehicles', car.id),
      inspectionForm: toOne('inspection-forms', form.id),
      request: toOne('requests', request.id),
    });
    const after = await t.api('GET', `/api/v1/requests/${request.id}?include=responseObject`, { token: w.manager.token });
    expect(after.body.data.attributes).toMatchObject({ response_type: 'inspections', response_id: inspection.id });
    expect(after.body.data.relationships.responseObject.data).toEqual({ type: 'inspections', id: inspection.id });
    expect(after.body.included.map((r: any) => `${r.type}/${r.id}`)).toEqual([`inspections/${inspection.id}`]);
  });

  it('is in the contract as one of the types it may name', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const linkage = doc.components.schemas.requests.properties.relationships.properties.responseObject.properties.data;
    expect(linkage.anyOf[0].oneOf.map((s: any) => s.properties.type.const)).toEqual(['inspections', 'estimations']);
    const object = doc.components.schemas.notifications.properties.relationships.properties.object.properties.data;
    expect(object.anyOf[0].oneOf.map((s: any) => s.properties.type.const)).toEqual(expect.arrayContaining(['vehicles', 'inspections', 'users']));
    expect(doc.paths['/notifications'].get.parameters.find((p: any) => p.name === 'include').description).toContain('object');
  });
});
