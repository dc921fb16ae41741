import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERIC_TREMBLAY, ERIC_TREMBLAY_CONTACT, TRANSPORT_LAVAL } from '../../src/areas/crm/demo.ts';
import { rowsOf } from '../../src/db/client.ts';
import { errorAt, beforeTests, fileApp } from '../helpers.ts';
import { makeContact, makeCustomer, makeSupplier, makeTag, makeVehicle, makeWorld, toOne, userWith } from '../factories.ts';

const t = fileApp();
const w = beforeTests(() => makeWorld(t));
const CU = '/api/v1/customers';
const CO = '/api/v1/contacts';
const SU = '/api/v1/suppliers';
const SP = '/api/v1/supplier-products';

const doc = (type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type, ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});
const pointers = (res: { body: any }) => res.body.errors.map((e: any) => e.source?.pointer).sort();
const idOf = async (table: string, where: string) =>
  rowsOf<{ id: string }>(await t.database.db.execute(sql.raw(`SELECT id FROM ${table} WHERE ${where} LIMIT 1`)))[0]?.id;

beforeAll(crmOfBothOrganizations);

/**
 * The customers, contacts, suppliers and products the tests read: three customers, three
 * suppliers (two with products) and three contacts in the garage; a customer, a supplier and a
 * contact in the other organization; a tag on each side and a vehicle of the garage.
 */
async function crmOfBothOrganizations() {
  const vip = await makeTag(t, w.manager.token, { name: 'Client VIP', color: 'yellow' });
  const fleet = await makeTag(t, w.manager2.token, { name: 'Flotte', color: 'green' });
  await makeVehicle(t, w.manager.token, { vin: 'KM8K2CAB4PU001140', make: 'Hyundai', model: 'Kona', model_year: 2023 });
  const loc = (id: string) => ({ allowedLocations: { data: [{ type: 'locations', id }] } });
  const tremblay = await makeCustomer(
    t,
    w.manager.token,
    ERIC_TREMBLAY,
    { tags: { data: [{ type: 'tags', id: vip.id }] }, ...loc(w.garage.montreal) },
  );
  const transport = await makeCustomer(
    t,
    w.manager.token,
    TRANSPORT_LAVAL,
    loc(w.garage.laval),
  );
  await makeCustomer(t, w.manager.token, { firstname: 'Julie', lastname: 'Roy', email: 'julie.roy@example.com', phone: '514 555-0190', city: 'Montréal', province: 'QC' });
  const taxis = await makeCustomer(
    t,
    w.manager2.token,
    { type: 'company', company_name: 'Taxis de la Capitale', email: 'flotte@taxis-capitale.example.com', phone: '418 555-0133', city: 'Québec', province: 'QC' },
    { tags: { data: [{ type: 'tags', id: fleet.id }] } },
  );
  const pieces = await makeSupplier(
    t,
    w.manager.token,
    { company_name: 'Pièces Auto Montréal', email: 'ventes@pieces-mtl.example.com', phone: '514 555-0300', city: 'Montréal', province: 'QC', tax_id: '987654321 RT0001' },
    {
      products: [
        { supplier_sku: 'PAM-FH-1020', cost: 1895, lead_time_days: 2 },
        { supplier_sku: 'PAM-BP-3310', cost: 6450, lead_time_days: 3 },
      ],
    },
  );
  await makeSupplier(t, w.manager.token, { company_name: 'Pneus Laval', phone: '450 555-0310', city: 'Laval', province: 'QC' }, {
    products: [{ supplier_sku: 'PL-22555R17', cost: 15900, lead_time_days: 5 }],
    locations: [w.garage.laval],
  });
  await makeSupplier(t, w.manager2.token, { company_name: 'Distribution Pièces Québec', city: 'Québec', province: 'QC' }, {
    products: [{ supplier_sku: 'DPQ-0001', cost: 2500, lead_time_days: 1 }],
  });
  await makeContact(
    t,
    w.manager.token,
    ERIC_TREMBLAY_CONTACT,
    { customer: toOne('customers', tremblay.id), ...loc(w.garage.montreal) },
  );
  await makeContact(
    t,
    w.manager.token,
    { title: 'mrs', firstname: 'Nathalie', lastname: 'Bouchard', email: 'n.bouchard@transport-laval.example.com', phones: [{ number: '450 555-0177', type: 'OFFICE', extension: '12' }] },
    { customer: toOne('customers', transport.id) },
  );
  await makeContact(t, w.manager.token, { title: 'mr', firstname: 'Sylvain', lastname: 'Côté', phones: [{ number: '514 555-0301', type: 'BUSINESS', extension: null }] }, {
    supplier: toOne('suppliers', pieces.id),
  });
  await makeContact(t, w.manager2.token, { title: 'mrs', firstname: 'Chantal', lastname: 'Lemieux', phones: [{ number: '418 555-0134', type: 'MOBILE', extension: null }] }, {
    customer: toOne('customers', taxis.id),
  });
}

describe('customers', () => {
  let id: string;

  it('creates an individual; customer_name is first and last name; billing mirrors the customer', async () => {
    const tag = await idOf('tags', `name = 'Client VIP'`);
    const res = await t.api('POST', `${CU}?include=tags,organization`, {
      token: w.manager.token,
      body: doc(
        'customers',
        {
          type: 'individual',
          firstname: ' Hélène ',
          lastname: 'Gagnon',
          email: 'Helene.Gagnon@Example.com',
          phone: '514 555-0111',
          address: '10 rue Principale',
          city: 'Longueuil',
          province: 'QC',
          postal_code: 'J4H 1A1',
          notes: 'Préfère être appelée le matin',
        },
        {
          tags: { data: [{ type: 'tags', id: tag }] },
          allowedLocations: { data: [{ type: 'locations', id: w.garage.montreal }] },
        },
      ),
    });
    expect(res.status).toBe(201);
    id = res.body.data.id;
    expect(res.body.data.attributes).toMatchObject({
      type: 'individual',
      customer_name: 'Hélène Gagnon',
      firstname: 'Hélène',
      email: 'helene.gagnon@example.com',
      billing_same_as_customer: true,
      billing_name: 'Hélène Gagnon',
      billing_address: '10 rue Principale',
      billing_city: 'Longueuil',
      billing_province: 'QC',
      billing_postal_code: 'J4H 1A1',
      billing_email: 'helene.gagnon@example.com',
    });
    expect(res.body.data.relationships.organization.data.id).toBe(w.garage.id);
    expect(res.body.included.map((r: any) => r.type).sort()).toEqual(['organizations', 'tags']);
  });

  it('turns into a company with separate billing and a delivery address; customer_name is the company name', async () => {
    const res = await t.api('PATCH', `${CU}/${id}`, {
      token: w.manager.token,
      body: doc(
        'customers',
        {
          type: 'company',
          company_name: 'Gagnon Paysagement inc.',
          tax_id: '555666777 RT0001',
          billing_same_as_customer: false,
          billing_name: 'Gagnon Paysagement — comptabilité',
          billing_address: 'C.P. 12',
          billing_city: 'Longueuil',
          billing_province: 'QC',
          delivery_address: '200 chemin du Lac',
          delivery_city: 'Boucherville',
          delivery_province: 'QC',
        },
        undefined,
        id,
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      customer_name: 'Gagnon Paysagement inc.',
      billing_same_as_customer: false,
      billing_name: 'Gagnon Paysagement — comptabilité',
      billing_address: 'C.P. 12',
      billing_email: null,
      delivery_address: '200 chemin du Lac',
    });
    // Back to "same as customer": the billing fields are the customer's again, nothing stale is kept.
    const back = await t.api('PATCH', `${CU}/${id}`, { token: w.manager.token, body: doc('customers', { billing_same_as_customer: true }, undefined, id) });
    expect(back.body.data.attributes).toMatchObject({ billing_name: 'Gagnon Paysagement inc.', billing_address: '10 rue Principale' });
    const [row] = rowsOf<{ billing_address: string | null }>(await t.database.db.execute(sql`SELECT billing_address FROM customers WHERE id = ${id}`));
    expect(row.billing_address).toBeNull();
  });

  it('reads it with its contacts, tags and locations included', async () => {
    const res = await t.api('GET', `${CU}/${id}?include=contacts,tags,allowedLocations`, { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data.relationships.contacts.data).toEqual([]);
    expect(res.body.data.relationships.allowedLocations.data).toEqual([{ type: 'locations', id: w.garage.montreal }]);
    const tremblay = await idOf('customers', `lastname = 'Tremblay'`);
    const withContacts = await t.api('GET', `${CU}/${tremblay}?include=contacts`, { token: w.manager.token });
    expect(withContacts.body.included.map((c: any) => c.attributes.full_name)).toEqual(['Éric Tremblay']);
  });

  it('includes its vehicles and requests', async () => {
    const roy = await idOf('customers', `lastname = 'Roy'`);
    await t.database.db.execute(sql`UPDATE vehicles SET customer_id = ${roy} WHERE vin = 'KM8K2CAB4PU001140'`);
    const res = await t.api('GET', `${CU}/${roy}?include=vehicles,requests`, { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.included.filter((r: any) => r.type === 'vehicles').map((v: any) => v.attributes.vin)).toEqual(['KM8K2CAB4PU001140']);
    expect(res.body.data.relationships.requests.data).toEqual([]);
  });

  it("lists the customer's vehicles and requests with filter[customer] (the customer record's lists), never another organization's", async () => {
    const roy = await idOf('customers', `lastname = 'Roy'`);
    const accord = await idOf('vehicles', `vin = 'KM8K2CAB4PU001140'`);
    const created = await t.api('POST', '/api/v1/requests', {
      token: w.manager.token,
      body: doc('requests', { type: 'inspection', priority: 20 }, { vehicle: { data: { type: 'vehicles', id: accord } }, customer: { data: { type: 'customers', id: roy } } }),
    });
    expect(created.status).toBe(201);
    const vehicles = await t.api('GET', `/api/v1/vehicles?filter[customer]=${roy}`, { token: w.manager.token });
    expect(vehicles.status).toBe(200);
    expect(vehicles.body.data.map((v: any) => v.attributes.vin)).toEqual(['KM8K2CAB4PU001140']);
    expect(vehicles.body.meta.page.total).toBe(1);
    const requests = await t.api('GET', `/api/v1/requests?filter[customer]=${roy}&include=vehicle`, { token: w.manager.token });
    expect(requests.status).toBe(200);
    expect(requests.body.data.map((r: any) => r.id)).toEqual([created.body.data.id]);
    expect(requests.body.included.map((v: any) => v.attributes.vin)).toEqual(['KM8K2CAB4PU001140']);
    // Another organization's manager asking for this customer's rows gets nothing.
    expect((await t.api('GET', `/api/v1/vehicles?filter[customer]=${roy}`, { token: w.manager2.token })).body.meta.page.total).toBe(0);
    expect((await t.api('GET', `/api/v1/requests?filter[customer]=${roy}`, { token: w.manager2.token })).body.meta.page.total).toBe(0);
  });

  it('refuses a phone that is not a number (abc, or punctuation without digits) on phone and billing_phone, on create and update', async () => {
    const person = { type: 'individual', firstname: 'Léa', lastname: 'Phone' };
    for (const [name, value] of [
      ['phone', 'abc'],
      ['phone', '((((((('],
      ['phone', '- - - - - -'],
      ['billing_phone', '.......'],
    ] as const) {
      const extra = name === 'billing_phone' ? { billing_same_as_customer: false, billing_name: 'Léa', billing_address: '1 rue' } : {};
      const res = await t.api('POST', CU, { token: w.manager.token, body: doc('customers', { ...person, ...extra, [name]: value }) });
      expect(res.status, `${name}: ${value}`).toBe(422);
      expect(pointers(res)).toEqual([`/data/attributes/${name}`]);
      expect(errorAt(res, `/data/attributes/${name}`).detail).toBe('Le champ doit contenir un numéro de téléphone valide');
    }
    const ok = await t.api('POST', CU, { token: w.manager.token, body: doc('customers', { ...person, phone: '+1 (514) 555-0142' }) });
    expect(ok.status).toBe(201);
    const patched = await t.api('PATCH', `${CU}/${ok.body.data.id}`, {
      token: w.manager.token,
      headers: { 'accept-language': 'en' },
      body: doc('customers', { phone: '-------' }, undefined, ok.body.data.id),
    });
    expect(patched.status).toBe(422);
    expect(errorAt(patched, '/data/attributes/phone').detail).toBe('This field must contain a valid phone number');
    const stored = rowsOf<{ phone: string }>(await t.database.db.execute(sql`SELECT phone FROM customers WHERE id = ${ok.body.data.id}`));
    expect(stored[0].phone).toBe('+1 (514) 555-0142');
    await t.api('DELETE', `${CU}/${ok.body.data.id}`, { token: w.manager.token });
  });

  it('requires the names of its type and, with separate billing, a billing name and address', async () => {
    const individual = await t.api('POST', CU, { token: w.manager.token, body: doc('customers', { type: 'individual', firstname: 'Luc' }) });
    expect(individual.status).toBe(422);
    expect(pointers(individual)).toEqual(['/data/attributes/lastname']);
    expect(errorAt(individual, '/data/attributes/lastname').detail).toBe('Ce champ est obligatoire');
    const company = await t.api('POST', CU, {
      token: w.manager.token,
      headers: { 'accept-language': 'en' },
      body: doc('customers', { type: 'company', billing_same_as_customer: false, email: 'pas-un-courriel', province: 'XX' }),
    });
    expect(company.status).toBe(422);
    expect(pointers(company)).toEqual(['/data/attributes/email', '/data/attributes/province']);
    expect(errorAt(company, '/data/attributes/email').detail).toBe('This field must contain a valid email');
    const names = await t.api('POST', CU, {
      token: w.manager.token,
      headers: { 'accept-language': 'en' },
      body: doc('customers', { type: 'company', billing_same_as_customer: false }),
    });
    expect(pointers(names)).toEqual(['/data/attributes/billing_address', '/data/attributes/billing_name', '/data/attributes/company_name']);
    expect(errorAt(names, '/data/attributes/company_name').detail).toBe('This field is required');
    const type = await t.api('POST', CU, { token: w.manager.token, body: doc('customers', { type: 'robot', lastname: 'X', firstname: 'Y' }) });
    expect(errorAt(type, '/data/attributes/type').detail).toBe('La valeur doit être l’une de : individual, company');
  });

  it('searches names, e-mail, phone and company; filters by type; sorts by customer_name', async () => {
    const search = async (q: string) =>
      (await t.api('GET', `${CU}?filter[search]=${encodeURIComponent(q)}`, { token: w.manager.token })).body.data.map((c: any) => c.attributes.customer_name);
    expect(await search('tremblay')).toEqual(['Éric Tremblay']);
    expect(await search('Transport')).toEqual(['Transport Laval inc.']);
    expect(await search('555-0190')).toEqual(['Julie Roy']);
    expect(await search('julie.roy@')).toEqual(['Julie Roy']);
    const companies = await t.api('GET', `${CU}?filter[type]=company`, { token: w.manager.token });
    expect(companies.body.data.map((c: any) => c.attributes.customer_name)).toEqual(['Gagnon Paysagement inc.', 'Transport Laval inc.']);
    const sorted = await t.api('GET', `${CU}?sort=-customer_name`, { token: w.manager.token });
    expect(sorted.body.data.map((c: any) => c.attributes.customer_name)).toEqual([
      'Transport Laval inc.',
      'Julie Roy',
      'Gagnon Paysagement inc.',
      'Éric Tremblay',
    ]);
    expect(sorted.body.meta.page.total).toBe(4);
    const bad = await t.api('GET', `${CU}?sort=password`, { token: w.manager.token });
    expect(bad.status).toBe(400);
  });

  it('deletes a customer; its contacts stay, unlinked', async () => {
    const tremblay = await idOf('customers', `lastname = 'Tremblay'`);
    const contact = await idOf('contacts', `lastname = 'Tremblay'`);
    const del = await t.api('DELETE', `${CU}/${tremblay}`, { token: w.manager.token });
    expect(del.status).toBe(204);
    expect((await t.api('GET', `${CU}/${tremblay}`, { token: w.manager.token })).status).toBe(404);
    const c = await t.api('GET', `${CO}/${contact}`, { token: w.manager.token });
    expect(c.status).toBe(200);
    expect(c.body.data.attributes).toMatchObject({ contactable_type: null, contactable_id: null });
    expect(c.body.data.relationships.customer.data).toBeNull();
  });
});

describe('contacts', () => {
  let id: string;
  let customer: string;
  let supplier: string;

  beforeAll(async () => {
    customer = await idOf('customers', `lastname = 'Roy'`);
    supplier = await idOf('suppliers', `company_name = 'Pièces Auto Montréal'`);
  });

  it('creates a contact with a title, birthday, phones and a customer as contactable', async () => {
    const res = await t.api('POST', `${CO}?include=customer`, {
      token: w.manager.token,
      body: doc('contacts', {
        title: 'mrs',
        firstname: 'Julie',
        lastname: 'Roy',
        birthday: '1985-09-30',
        email: 'julie.roy@example.com',
        phones: [
          { number: '514 555-0190', type: 'MOBILE' },
          { number: '514 555-0700', type: 'OFFICE', extension: '42' },
        ],
        contactable_type: 'customers',
        contactable_id: customer,
      }),
    });
    expect(res.status).toBe(201);
    id = res.body.data.id;
    expect(res.body.data.attributes).toMatchObject({
      title: 'mrs',
      full_name: 'Julie Roy',
      birthday: '1985-09-30',
      phones: [
        { number: '514 555-0190', type: 'MOBILE', extension: null },
        { number: '514 555-0700', type: 'OFFICE', extension: '42' },
      ],
      contactable_type: 'customers',
      contactable_id: customer,
    });
    expect(res.body.data.relationships.customer.data).toEqual({ type: 'customers', id: customer });
    expect(res.body.data.relationships.supplier.data).toBeNull();
    expect(res.body.included[0].attributes.customer_name).toBe('Julie Roy');
  });

  it('moves to a supplier through the relationship, which clears the customer', async () => {
    const res = await t.api('PATCH', `${CO}/${id}?include=supplier`, {
      token: w.manager.token,
      body: doc('contacts', {}, { supplier: { data: { type: 'suppliers', id: supplier } } }, id),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ contactable_type: 'suppliers', contactable_id: supplier });
    expect(res.body.data.relationships.customer.data).toBeNull();
    expect(res.body.included[0].attributes.company_name).toBe('Pièces Auto Montréal');
    const both = await t.api('PATCH', `${CO}/${id}`, {
      token: w.manager.token,
      body: doc('contacts', {}, { supplier: { data: { type: 'suppliers', id: supplier } }, customer: { data: { type: 'customers', id: customer } } }, id),
    });
    expect(both.status).toBe(422);
    expect(errorAt(both, '/data/relationships/supplier').detail).toBe('Un contact appartient à un client ou à un fournisseur, pas aux deux');
  });

  it('refuses a contactable of another organization, an unknown one or a wrong type', async () => {
    const foreign = await idOf('customers', `company_name = 'Taxis de la Capitale'`);
    const other = await t.api('PATCH', `${CO}/${id}`, {
      token: w.manager.token,
      body: doc('contacts', { contactable_type: 'customers', contactable_id: foreign }, undefined, id),
    });
    expect(other.status).toBe(422);
    expect(errorAt(other, '/data/attributes/contactable_id').detail).toContain(foreign);
    const wrongType = await t.api('PATCH', `${CO}/${id}`, {
      token: w.manager.token,
      body: doc('contacts', { contactable_type: 'vehicles', contactable_id: customer }, undefined, id),
    });
    expect(errorAt(wrongType, '/data/attributes/contactable_type').detail).toBe('La valeur doit être l’une de : customers, suppliers');
    const noId = await t.api('PATCH', `${CO}/${id}`, { token: w.manager.token, body: doc('contacts', { contactable_type: 'customers', contactable_id: null }, undefined, id) });
    expect(pointers(noId)).toEqual(['/data/attributes/contactable_id']);
    const detach = await t.api('PATCH', `${CO}/${id}`, { token: w.manager.token, body: doc('contacts', { contactable_type: null, contactable_id: null }, undefined, id) });
    expect(detach.status).toBe(200);
    expect(detach.body.data.attributes.contactable_type).toBeNull();
  });

  it('checks each phone and points at the item and field, in French and English', async () => {
    const body = doc('contacts', {
      firstname: 'Paul',
      lastname: 'Côté',
      birthday: '2199-01-01',
      phones: [
        { number: '514 555-0100', type: 'MOBILE', extension: '12' },
        { number: 'abc', type: 'CELL', extension: 'x9' },
        { type: 'HOME' },
        'not a phone',
      ],
    });
    const fr = await t.api('POST', CO, { token: w.manager.token, body });
    expect(fr.status).toBe(422);
    expect(pointers(fr)).toEqual([
      '/data/attributes/birthday',
      '/data/attributes/phones/1/extension',
      '/data/attributes/phones/1/number',
      '/data/attributes/phones/1/type',
      '/data/attributes/phones/2/number',
      '/data/attributes/phones/3',
    ]);
    expect(errorAt(fr, '/data/attributes/phones/1/number').detail).toBe('Le champ doit contenir un numéro de téléphone valide');
    expect(errorAt(fr, '/data/attributes/phones/1/extension').detail).toBe('Le champ ne peut contenir que des chiffres');
    expect(errorAt(fr, '/data/attributes/phones/2/number').detail).toBe('Ce champ est obligatoire');
    expect(errorAt(fr, '/data/attributes/phones/1/type').detail).toBe(
      'La valeur doit être l’une de : MOBILE, HOME, OFFICE, BUSINESS, FAX, PAGER, OTHER',
    );
    const en = await t.api('POST', CO, { token: w.manager.token, body, headers: { 'accept-language': 'en' } });
    expect(errorAt(en, '/data/attributes/phones/2/number').detail).toBe('This field is required');
    expect(errorAt(en, '/data/attributes/birthday').detail).toBe('The birthday must be a date in the past');
    expect(await idOf('contacts', `lastname = 'Côté' AND firstname = 'Paul'`)).toBeUndefined();
    const required = await t.api('POST', CO, { token: w.manager.token, body: doc('contacts', { phones: 'x' }) });
    expect(pointers(required)).toEqual(['/data/attributes/firstname', '/data/attributes/lastname', '/data/attributes/phones']);
  });

  it('finds homonyms for "is it the same person?" whatever the case, accents and spaces; homonyms are allowed', async () => {
    const same = async (name: string, extra = '') =>
      (await t.api('GET', `${CO}?filter[same_name]=${encodeURIComponent(name)}${extra}`, { token: w.manager.token })).body.data.map(
        (c: any) => c.attributes.full_name,
      );
    expect(await same('Éric Tremblay')).toEqual(['Éric Tremblay']);
    expect(await same('  eric   TREMBLAY ')).toEqual(['Éric Tremblay']);
    expect(await same('Eric Tremblay-Roy')).toEqual([]);
    expect(await same('Julie Roy', `&filter[except]=${id}`)).toEqual([]);
    const homonym = await t.api('POST', CO, { token: w.manager.token, body: doc('contacts', { firstname: 'Éric', lastname: 'Tremblay' }) });
    expect(homonym.status).toBe(201);
    expect(await same('Eric Tremblay')).toHaveLength(2);
    // Another organization's homonyms are not seen.
    expect((await t.api('GET', `${CO}?filter[same_name]=${encodeURIComponent('Éric Tremblay')}`, { token: w.manager2.token })).body.data).toEqual([]);
  });

  it('filters by customer, supplier and contactable type; searches phones; sorts by name', async () => {
    const supplierContacts = await t.api('GET', `${CO}?filter[contactable_type]=suppliers`, { token: w.manager.token });
    expect(supplierContacts.body.data.map((c: any) => c.attributes.full_name)).toEqual(['Sylvain Côté']);
    const ofSupplier = await t.api('GET', `${CO}?filter[supplier]=${supplier}`, { token: w.manager.token });
    expect(ofSupplier.body.data.map((c: any) => c.attributes.full_name)).toEqual(['Sylvain Côté']);
    const byPhone = await t.api('GET', `${CO}?filter[search]=555-0600`, { token: w.manager.token });
    expect(byPhone.body.data.map((c: any) => c.attributes.full_name)).toEqual(['Éric Tremblay']);
    const sorted = await t.api('GET', `${CO}?sort=lastname,firstname`, { token: w.manager.token });
    expect(sorted.body.data.map((c: any) => c.attributes.lastname)).toEqual(['Bouchard', 'Côté', 'Roy', 'Tremblay', 'Tremblay']);
    const desc = await t.api('GET', `${CO}?sort=birthday&page[size]=1`, { token: w.manager.token });
    expect(desc.body.data[0].attributes.birthday).not.toBeNull();
    expect(desc.body.meta.page.total).toBe(5);
  });

  it('deletes a contact', async () => {
    expect((await t.api('DELETE', `${CO}/${id}`, { token: w.manager.token })).status).toBe(204);
    expect((await t.api('GET', `${CO}/${id}`, { token: w.manager.token })).status).toBe(404);
  });
});

describe('suppliers and supplier-products', () => {
  let id: string;

  it('creates a supplier (company_name required) and lists it by name', async () => {
    const missing = await t.api('POST', SU, { token: w.manager.token, body: doc('suppliers', { phone: '12' }) });
    expect(pointers(missing)).toEqual(['/data/attributes/company_name', '/data/attributes/phone']);
    const res = await t.api('POST', SU, {
      token: w.manager.token,
      body: doc('suppliers', { company_name: 'Batteries Nord', email: 'ventes@batteries-nord.example.com', tax_id: '111', city: 'Laval', province: 'QC' }),
    });
    expect(res.status).toBe(201);
    id = res.body.data.id;
    const list = await t.api('GET', `${SU}?filter[search]=laval`, { token: w.manager.token });
    expect(list.body.data.map((s: any) => s.attributes.company_name)).toEqual(['Batteries Nord', 'Pneus Laval']);
    const sorted = await t.api('GET', `${SU}?sort=-company_name`, { token: w.manager.token });
    expect(sorted.body.data.map((s: any) => s.attributes.company_name)).toEqual(['Pneus Laval', 'Pièces Auto Montréal', 'Batteries Nord']);
  });

  it('adds products with cost in cents and lead time; a SKU once per supplier', async () => {
    const res = await t.api('POST', `${SP}?include=supplier`, {
      token: w.manager.token,
      body: doc('supplier-products', { supplier_sku: 'BN-H6', cost: 18999, lead_time_days: 4 }, { supplier: { data: { type: 'suppliers', id } } }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ supplier_sku: 'BN-H6', cost: 18999, lead_time_days: 4 });
    expect(res.body.included[0].attributes.company_name).toBe('Batteries Nord');
    const dup = await t.api('POST', SP, {
      token: w.manager.token,
      body: doc('supplier-products', { supplier_sku: 'bn-h6', cost: 1 }, { supplier: { data: { type: 'suppliers', id } } }),
    });
    expect(dup.status).toBe(422);
    expect(errorAt(dup, '/data/attributes/supplier_sku').detail).toBe('Ce fournisseur a déjà un produit avec ce code');
    const bad = await t.api('POST', SP, { token: w.manager.token, body: doc('supplier-products', { cost: -5, lead_time_days: 'soon' }) });
    expect(pointers(bad)).toEqual(['/data/attributes/cost', '/data/attributes/lead_time_days', '/data/relationships/supplier']);
    expect(errorAt(bad, '/data/attributes/lead_time_days').detail).toBe('Le champ ne peut contenir que des chiffres');
    const ofSupplier = await t.api('GET', `${SU}/${id}?include=supplierProducts`, { token: w.manager.token });
    expect(ofSupplier.body.included.map((p: any) => p.attributes.supplier_sku)).toEqual(['BN-H6']);
    const list = await t.api('GET', `${SP}?filter[supplier]=${id}&sort=-cost`, { token: w.manager.token });
    expect(list.body.meta.page.total).toBe(1);
  });

  it('edits the products inside the supplier: update, add, remove, reorder in one PATCH, logged on the supplier', async () => {
    const pieces = await idOf('suppliers', `company_name = 'Pièces Auto Montréal'`);
    const before = await t.api('GET', `${SU}/${pieces}?include=supplierProducts`, { token: w.manager.token });
    const [filter, pads] = before.body.data.relationships.supplierProducts.data.map((d: any) => d.id);
    expect(before.body.included.map((p: any) => [p.attributes.supplier_sku, p.attributes.position])).toEqual([
      ['PAM-FH-1020', 0],
      ['PAM-BP-3310', 1],
    ]);
    const line = (attributes: Record<string, unknown>, id?: string) => ({ type: 'supplier-products', ...(id ? { id } : {}), attributes });
    const res = await t.api('PATCH', `${SU}/${pieces}?include=supplierProducts`, {
      token: w.manager.token,
      body: doc('suppliers', { notes: 'Livraison le mardi' }, { supplierProducts: { data: [line({ cost: 6200 }, pads), line({ supplier_sku: 'PAM-OF-0007', cost: 899, lead_time_days: 1 })] } }, pieces),
    });
    expect(res.status).toBe(200);
    expect(res.body.included.map((p: any) => [p.attributes.supplier_sku, p.attributes.cost, p.attributes.position])).toEqual([
      ['PAM-BP-3310', 6200, 0],
      ['PAM-OF-0007', 899, 1],
    ]);
    expect((await t.api('GET', `${SP}/${filter}`, { token: w.manager.token })).status).toBe(404);
    const added = res.body.included[1];
    expect(added.relationships.organization.data.id).toBe(w.garage.id);
    // Still a resource of its own, as before.
    const own = await t.api('GET', `${SP}?filter[supplier]=${pieces}&sort=position`, { token: w.manager.token });
    expect(own.body.data.map((p: any) => p.attributes.supplier_sku)).toEqual(['PAM-BP-3310', 'PAM-OF-0007']);
    const [log] = rowsOf<{ properties: any }>(
      await t.database.db.execute(sql`SELECT properties FROM logs WHERE subject_type = 'suppliers' AND subject_id = ${pieces} ORDER BY created_at DESC LIMIT 1`),
    );
    expect(log.properties.attributes).toEqual({ notes: 'Livraison le mardi', updated_at: expect.any(String) });
    expect(log.properties.children.supplierProducts).toEqual({
      created: [{ id: added.id, attributes: expect.objectContaining({ supplier_sku: 'PAM-OF-0007', cost: 899, position: 1 }) }],
      updated: [{ id: pads, old: expect.objectContaining({ cost: 6450, position: 1 }), attributes: expect.objectContaining({ cost: 6200, position: 0 }) }],
      removed: [{ id: filter, old: expect.objectContaining({ supplier_sku: 'PAM-FH-1020' }) }],
    });
  });

  it('answers a product error under its line, in French and English, and writes nothing', async () => {
    const pieces = await idOf('suppliers', `company_name = 'Pièces Auto Montréal'`);
    const count = async () => rowsOf<{ n: string }>(await t.database.db.execute(sql`SELECT (SELECT count(*) FROM logs)::text || '/' || (SELECT string_agg(supplier_sku || cost, ',' ORDER BY id) FROM supplier_products) AS n`))[0].n;
    const before = await count();
    const body = doc('suppliers', { company_name: 'Renommé' }, {
      supplierProducts: { data: [{ type: 'supplier-products', attributes: { supplier_sku: 'OK-1', cost: 1 } }, { type: 'supplier-products', attributes: { supplier_sku: 'X', cost: -3, lead_time_days: 'bientôt' } }] },
    }, pieces);
    const fr = await t.api('PATCH', `${SU}/${pieces}`, { token: w.manager.token, body });
    expect(fr.status).toBe(422);
    expect(pointers(fr)).toEqual(['/data/relationships/supplierProducts/data/1/attributes/cost', '/data/relationships/supplierProducts/data/1/attributes/lead_time_days']);
    expect(errorAt(fr, '/data/relationships/supplierProducts/data/1/attributes/lead_time_days').detail).toBe('Le champ ne peut contenir que des chiffres');
    const en = await t.api('PATCH', `${SU}/${pieces}`, { token: w.manager.token, body, headers: { 'accept-language': 'en' } });
    expect(errorAt(en, '/data/relationships/supplierProducts/data/1/attributes/lead_time_days').detail).toBe('This field may only contain numbers');
    // Two new lines with one code: the second is refused on its own line, the first is not kept.
    const twice = await t.api('PATCH', `${SU}/${pieces}`, {
      token: w.manager.token,
      body: doc('suppliers', {}, { supplierProducts: { data: [{ type: 'supplier-products', attributes: { supplier_sku: 'DUP' } }, { type: 'supplier-products', attributes: { supplier_sku: 'dup' } }] } }, pieces),
    });
    expect(pointers(twice)).toEqual(['/data/relationships/supplierProducts/data/1/attributes/supplier_sku']);
    expect(errorAt(twice, '/data/relationships/supplierProducts/data/1/attributes/supplier_sku').detail).toBe('Ce fournisseur a déjà un produit avec ce code');
    expect(await count()).toBe(before);
  });

  it('creates a supplier with its products in one POST; another organization reaches them by no route', async () => {
    const res = await t.api('POST', `${SU}?include=supplierProducts`, {
      token: w.manager.token,
      body: doc('suppliers', { company_name: 'Freins Express' }, { supplierProducts: { data: [{ type: 'supplier-products', attributes: { supplier_sku: 'FE-1', cost: 1000 } }] } }),
    });
    expect(res.status).toBe(201);
    const product = res.body.included[0].id;
    expect((await t.api('GET', `${SP}/${product}`, { token: w.manager2.token })).status).toBe(404);
    expect((await t.api('GET', `${SU}/${res.body.data.id}?include=supplierProducts`, { token: w.manager2.token })).status).toBe(404);
    expect((await t.api('PATCH', `${SP}/${product}`, { token: w.manager2.token, body: doc('supplier-products', { cost: 1 }, undefined, product) })).status).toBe(404);
    const quebec = await idOf('suppliers', `company_name = 'Distribution Pièces Québec'`);
    const steal = await t.api('PATCH', `${SU}/${quebec}`, { token: w.manager2.token, body: doc('suppliers', {}, { supplierProducts: { data: [{ type: 'supplier-products', id: product }] } }, quebec) });
    expect(pointers(steal)).toEqual(['/data/relationships/supplierProducts/data/0/id']);
    const theirs = await t.api('GET', `${SU}?include=supplierProducts`, { token: w.manager2.token });
    expect(JSON.stringify(theirs.body)).not.toContain(product);
  });

  it('deletes a supplier with its products; its contacts stay', async () => {
    const pieces = await idOf('suppliers', `company_name = 'Pièces Auto Montréal'`);
    expect((await t.api('DELETE', `${SU}/${pieces}`, { token: w.manager.token })).status).toBe(204);
    const [{ n }] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM supplier_products WHERE supplier_id = ${pieces}`));
    expect(n).toBe(0);
    expect(await idOf('contacts', `lastname = 'Côté' AND supplier_id IS NULL`)).toBeTruthy();
  });
});

describe('permissions and locations', () => {
  it('an inspector has no CRM or purchases permission: 403 on every verb', async () => {
    const customer = await idOf('customers', `lastname = 'Roy'`);
    for (const [method, url, body] of [
      ['GET', CU, undefined],
      ['GET', `${CU}/${customer}`, undefined],
      ['POST', CU, doc('customers', { firstname: 'A', lastname: 'B' })],
      ['PATCH', `${CU}/${customer}`, doc('customers', { notes: 'x' }, undefined, customer)],
      ['DELETE', `${CU}/${customer}`, undefined],
      ['GET', CO, undefined],
      ['GET', SU, undefined],
      ['GET', SP, undefined],
    ] as const) {
      const res = await t.api(method, url, { token: w.inspector.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.errors[0].detail).toBe("Vous n'avez pas la permission d'accéder à cette ressource ou d'effectuer cette action.");
    }
  });

  it('a reader may list but not write', async () => {
    const reader = await userWith(t, w.garage.id, 'crm-reader@atelier.test', ['view any customers', 'view customers', 'view any contacts']);
    expect((await t.api('GET', CU, { token: reader.token })).status).toBe(200);
    expect((await t.api('POST', CU, { token: reader.token, body: doc('customers', { firstname: 'A', lastname: 'B' }) })).status).toBe(403);
    expect((await t.api('POST', CO, { token: reader.token, body: doc('contacts', { firstname: 'A', lastname: 'B' }) })).status).toBe(403);
  });

  it('a user restricted to a location sees records of that location or of none', async () => {
    const laval = w.garage.laval;
    const user = await userWith(t, w.garage.id, 'crm-laval@atelier.test', ['view any customers', 'view any suppliers', 'view any contacts'], {
      restrict_to_locations: true,
      location_ids: [laval],
    });
    const customers = await t.api('GET', `${CU}?sort=customer_name`, { token: user.token });
    expect(customers.body.data.map((c: any) => c.attributes.customer_name)).toEqual(['Julie Roy', 'Transport Laval inc.']);
    const suppliers = await t.api('GET', SU, { token: user.token });
    expect(suppliers.body.data.map((s: any) => s.attributes.company_name).sort()).toEqual(['Batteries Nord', 'Freins Express', 'Pneus Laval']);
    // A supplier's products follow the supplier: another location's are out of reach.
    const montreal = await t.api('POST', `${SU}?include=supplierProducts`, {
      token: w.manager.token,
      body: doc('suppliers', { company_name: 'Garage Montréal Pièces' }, {
        allowedLocations: { data: [{ type: 'locations', id: w.garage.montreal }] },
        supplierProducts: { data: [{ type: 'supplier-products', attributes: { supplier_sku: 'MTL-1' } }] },
      }),
    });
    const products = await t.api('GET', `${SP}?page[size]=100`, { token: user.token });
    expect(products.body.data.map((p: any) => p.attributes.supplier_sku).sort()).toEqual(['BN-H6', 'FE-1', 'PL-22555R17']);
    expect((await t.api('GET', `${SP}/${montreal.body.included[0].id}`, { token: user.token })).status).toBe(404);
  });
});
