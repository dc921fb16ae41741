import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAt, MEDIA, createTestApp, type TestApp } from '../helpers.ts';
import { makeOrganization, makeUser, makeVehicle, type MadeOrganization } from '../factories.ts';

let t: TestApp;
let garage: MadeOrganization;
let riviere: MadeOrganization;
let manager: string;
let manager2: string;
let inspector: string;
let inspectorId: string;
let inspectorEmail: string;
let managerId: string;
/** The garage's vehicles by model. */
const fleet: Record<'accord' | 'kona' | 'tesla', string> = { accord: '', kona: '', tesla: '' };
const V = '/api/v1/vehicles';

const vehicle = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type: 'vehicles', ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});
const vins = (res: { body: any }) => res.body.data.map((d: any) => d.attributes.vin);

/** POST /uploads/vehicles/{id}/pictures with a 1×1 PNG, as a browser's FormData sends it. */
function uploadPicture(id: string, token: string) {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/uploads/vehicles/${id}/pictures`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="car.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  // Two organizations: a garage with two locations and three vehicles (one per location, one in
  // all of them), its manager and an inspector restricted to the first location; another one with
  // its manager and a vehicle.
  garage = await makeOrganization(t, { name: 'Garage Essai', locations: ['Montréal', 'Laval'] });
  riviere = await makeOrganization(t, { name: 'Autos Essai' });
  const { montreal, laval } = { montreal: garage.locations['Montréal'], laval: garage.locations['Laval'] };
  ({ token: manager, id: managerId } = await makeUser(t, garage.id));
  ({ token: inspector, id: inspectorId, email: inspectorEmail } = await makeUser(t, garage.id, {
    role: 'inspector',
    restrict_to_locations: true,
    location_ids: [montreal],
  }));
  ({ token: manager2 } = await makeUser(t, riviere.id));
  const accord = { vin: '1HGCM82633A004352', make: 'Honda', model: 'Accord', model_year: 2003, fuel_type: 'gas', sku: 'GD-1001' };
  fleet.accord = (await makeVehicle(t, manager, { ...accord, registration_number: 'ABC 123', odometer: 212_400 }, { locations: [montreal] })).id;
  const kona = { vin: 'KM8K2CAB4PU001140', make: 'Hyundai', model: 'Kona', model_year: 2023, fuel_type: 'gas', sku: 'GD-1002' };
  fleet.kona = (await makeVehicle(t, manager, { ...kona, odometer: 18_500 }, { locations: [laval] })).id;
  const tesla = { vin: '5YJ3E1EA2KF317000', make: 'Tesla', model: 'Model 3', model_year: 2019, fuel_type: 'electric', sku: 'GD-1003' };
  fleet.tesla = (await makeVehicle(t, manager, { ...tesla, odometer: 41_000 })).id;
  await makeVehicle(t, manager2, { vin: 'JH4KA7561PC008269', make: 'Acura', model: 'Legend', model_year: 1993, sku: 'AR-501' });
});
afterAll(() => t?.close());

describe('vehicles: create, read, update, delete', () => {
  let id: string;

  it('creates a vehicle with every field of the spec, the VIN normalised and the organization from the user', async () => {
    const res = await t.api('POST', `${V}?include=organization,mecanic`, {
      token: manager,
      body: vehicle(
        {
          vin: ' 2hgfc2f58jh 512345 ',
          make: 'Honda',
          model: 'Civic',
          series: 'LX',
          model_year: 2018,
          style: 'Sedan',
          engine_description: '2.0 L, 4 cyl.',
          fuel_type: 'gas',
          transmission: 'automatic',
          drivetrain: 'FWD',
          class_code: 'C',
          class_name: 'Compacte',
          sku: 'GD-2001',
          registration_number: 'fgh 456',
          odometer: '64200',
          odometer_unit: 'km',
          color: 'Rouge',
        },
        { mecanic: { data: { type: 'users', id: inspectorId } } },
      ),
    });
    expect(res.status).toBe(201);
    id = res.body.data.id;
    expect(res.headers.location).toBe(`/api/v1/vehicles/${id}`);
    expect(res.body.data.attributes).toMatchObject({
      vin: '2HGFC2F58JH512345',
      vin_check_digit_valid: true,
      model_year: 2018,
      registration_number: 'FGH 456',
      odometer: 64200,
      pictures: [],
    });
    expect(res.body.meta?.warnings).toBeUndefined();
    expect(res.body.data.relationships.organization.data.id).toBe(garage.id);
    expect(res.body.included.map((r: any) => r.type).sort()).toEqual(['organizations', 'users']);
  });

  it('reads it with its relationships included', async () => {
    const res = await t.api('GET', `${V}/${id}?include=organization,mecanic,allowedLocations,tags`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.relationships.mecanic.data).toEqual({ type: 'users', id: inspectorId });
    expect(res.body.included.find((r: any) => r.type === 'users').attributes.email).toBe(inspectorEmail);
  });

  it('updates it and refuses values outside the enumerations', async () => {
    const ok = await t.api('PATCH', `${V}/${id}`, {
      token: manager,
      body: vehicle({ odometer: 65000, fuel_type: 'hybrid', class_code: 'X' }, { mecanic: { data: null } }, id),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes).toMatchObject({ odometer: 65000, fuel_type: 'hybrid', class_code: 'X' });
    expect(ok.body.data.relationships.mecanic.data).toBeNull();

    const bad = await t.api('PATCH', `${V}/${id}`, {
      token: manager,
      body: vehicle({ fuel_type: 'steam', drivetrain: '2WD', odometer_unit: 'leagues', model_year: 1850, odometer: -1 }, undefined, id),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.source.pointer).sort()).toEqual(
      ['drivetrain', 'fuel_type', 'model_year', 'odometer', 'odometer_unit'].map((a) => `/data/attributes/${a}`),
    );
    expect(errorAt(bad, '/data/attributes/model_year').detail).toMatch(/^L’année modèle doit être comprise entre 1900 et \d{4}$/);
    expect((await t.api('GET', `${V}/${id}`, { token: manager })).body.data.attributes.fuel_type).toBe('hybrid');
  });

  it('keeps a list of uploaded pictures: an upload appends, a PATCH removes', async () => {
    const upload = async () => {
      const res = await uploadPicture(id, manager);
      expect(res.statusCode).toBe(201);
      return res.json().url as string;
    };
    const first = await upload();
    const second = await upload();
    expect((await t.api('GET', `${V}/${id}`, { token: manager })).body.data.attributes.pictures).toEqual([first, second]);

    const res = await t.api('PATCH', `${V}/${id}`, { token: manager, body: vehicle({ pictures: [second] }, undefined, id) });
    expect(res.body.data.attributes.pictures).toEqual([second]);
    const bad = await t.api('PATCH', `${V}/${id}`, { token: manager, body: vehicle({ pictures: ['javascript:alert(1)'] }, undefined, id) });
    expect(bad.status).toBe(422);
    expect(errorAt(bad, '/data/attributes/pictures').detail).toBe('Chaque photo doit être l’adresse d’un fichier téléversé');
  });

  it('deletes it', async () => {
    expect((await t.api('DELETE', `${V}/${id}`, { token: manager })).status).toBe(204);
    expect((await t.api('GET', `${V}/${id}`, { token: manager })).status).toBe(404);
  });
});

describe('VIN rules', () => {
  it.each([
    ['1HGCM82633A00435', 'Le NIV doit contenir 17 caractères'],
    ['1HGCM82633A00435I', 'Le NIV ne peut contenir que des chiffres et des lettres, sauf I, O et Q'],
    ['1HGCM82633AO04352', 'Le NIV ne peut contenir que des chiffres et des lettres, sauf I, O et Q'],
  ])('refuses %s: %s', async (vin, message) => {
    const res = await t.api('POST', V, { token: manager, body: vehicle({ vin }) });
    expect(res.status).toBe(422);
    expect(errorAt(res, '/data/attributes/vin').detail).toBe(message);
  });

  it('requires the VIN, in English too', async () => {
    const res = await t.api('POST', V, { token: manager, body: vehicle({ make: 'Honda' }), headers: { 'accept-language': 'en' } });
    expect(errorAt(res, '/data/attributes/vin').detail).toBe('This field is required');
  });

  it('saves a VIN with a wrong check digit and warns about it', async () => {
    const res = await t.api('POST', V, { token: manager, body: vehicle({ vin: '5YJ3E1EA7KF317000', make: 'Tesla' }) });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.vin_check_digit_valid).toBe(false);
    expect(res.body.meta.warnings).toEqual([
      {
        code: 'vehicle.vin_check_digit',
        detail: 'Le chiffre de contrôle du NIV ne correspond pas (attendu : 2). Vérifiez le NIV ; il peut être juste pour un véhicule importé.',
        source: { pointer: '/data/attributes/vin' },
      },
    ]);
    const read = await t.api('GET', `${V}/${res.body.data.id}`, { token: manager, headers: { 'accept-language': 'en' } });
    expect(read.body.meta.warnings[0].detail).toMatch(/^The VIN check digit does not match \(expected: 2\)/);
  });

  it('keeps a VIN unique per organization, not across organizations', async () => {
    const again = await t.api('POST', V, { token: manager, body: vehicle({ vin: '1hgcm82633a004352' }) });
    expect(again.status).toBe(422);
    expect(errorAt(again, '/data/attributes/vin').detail).toBe('Un véhicule avec ce NIV existe déjà dans votre organisation');
    const kona = fleet.kona;
    const patch = await t.api('PATCH', `${V}/${kona}`, { token: manager, body: vehicle({ vin: '1HGCM82633A004352' }, undefined, kona) });
    expect(patch.status).toBe(422);

    const elsewhere = await t.api('POST', V, { token: manager2, body: vehicle({ vin: 'KM8K2CAB4PU001140', make: 'Hyundai' }) });
    expect(elsewhere.status).toBe(201);
  });
});

describe('vehicle lists: filters, sorting, locations', () => {
  it('filters by search, make, model year, fuel type, VIN and mecanic', async () => {
    const q = async (query: string) => vins(await t.api('GET', `${V}?${query}&sort=vin`, { token: manager }));
    expect(await q('filter[search]=accord')).toEqual(['1HGCM82633A004352']);
    expect(await q('filter[search]=GD-1002')).toEqual(['KM8K2CAB4PU001140']);
    expect(await q('filter[search]=abc 123')).toEqual(['1HGCM82633A004352']);
    expect(await q('filter[make]=HONDA,hyundai')).toEqual(['1HGCM82633A004352', 'KM8K2CAB4PU001140']);
    expect(await q('filter[model_year]=2019,2023')).toEqual(['5YJ3E1EA2KF317000', 'KM8K2CAB4PU001140']);
    expect(await q('filter[fuel_type]=electric')).toEqual(['5YJ3E1EA2KF317000']);
    expect(await q('filter[vin]=1hgcm82633a004352')).toEqual(['1HGCM82633A004352']);
    expect(await q(`filter[mecanic]=${managerId}`)).toEqual([]);
    const bad = await t.api('GET', `${V}?filter[model_year]=recent`, { token: manager });
    expect(bad.status).toBe(400);
  });

  it('sorts by model year and odometer, and refuses an unknown sort', async () => {
    const years = (await t.api('GET', `${V}?sort=-model_year&filter[search]=GD-100`, { token: manager })).body.data;
    expect(years.map((d: any) => d.attributes.model_year)).toEqual([2023, 2019, 2003]);
    const odometers = (await t.api('GET', `${V}?sort=odometer&filter[search]=GD-100`, { token: manager })).body.data.map((d: any) => d.attributes.odometer);
    expect(odometers).toEqual([18_500, 41_000, 212_400]);
    expect((await t.api('GET', `${V}?sort=colour`, { token: manager })).status).toBe(400);
  });

  it('shows a location-restricted user the vehicles of their locations and the organization-wide ones', async () => {
    const res = await t.api('GET', `${V}?sort=vin&filter[search]=GD-100`, { token: inspector });
    expect(vins(res)).toEqual(['1HGCM82633A004352', '5YJ3E1EA2KF317000']);
    expect((await t.api('GET', `${V}/${fleet.kona}`, { token: inspector })).status).toBe(404);
  });
});

describe('vehicle permissions', () => {
  it('answers the spec’s forbidden messages for add, edit and view', async () => {
    // The inspector may read vehicles, not add or edit them.
    const add = await t.api('POST', V, { token: inspector, body: vehicle({ vin: '1FTFW1ET9DFC10312' }) });
    expect(add.status).toBe(403);
    expect(add.body.errors[0].detail).toBe("Vous n'avez pas la permission d'ajouter un véhicule.");
    const accord = fleet.accord;
    const edit = await t.api('PATCH', `${V}/${accord}`, { token: inspector, body: vehicle({ odometer: 1 }, undefined, accord) });
    expect(edit.status).toBe(403);
    expect(edit.body.errors[0].detail).toBe("Vous n'avez pas la permission de modifier un véhicule.");
    const picture = await uploadPicture(accord, inspector);
    expect(picture.statusCode).toBe(403);
    expect(picture.json().errors[0].detail).toBe("Vous n'avez pas la permission de modifier un véhicule.");

    const nobody = await makeUser(t, garage.id, { permissions: ['view app vehicles'] });
    for (const url of [V, `${V}/${accord}`, `${V}/get-by-vin/1HGCM82633A004352`]) {
      const res = await t.api('GET', url, { token: nobody.token, headers: { 'accept-language': 'en' } });
      expect(res.status, url).toBe(403);
      expect(res.body.errors[0].detail).toBe('You do not have permission to view a vehicle.');
    }
    const del = await t.api('DELETE', `${V}/${accord}`, { token: inspector });
    expect(del.status).toBe(403);
  });
});

describe('GET /vehicles/get-by-vin/{vin}', () => {
  const byVin = (vin: string, token: string, query = '', lang = 'fr') =>
    t.api('GET', `${V}/get-by-vin/${vin}${query}`, { token, headers: { 'accept-language': lang } });

  it("answers the organization's vehicle when it exists", async () => {
    const res = await byVin('km8k2cab4pu001140', manager, `?organization=${garage.id}&include=organization`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(MEDIA);
    expect(res.body.data).toMatchObject({ type: 'vehicles', id: fleet.kona });
    expect(res.body.meta.decoded).toBe(false);
    expect(res.body.included[0].attributes.name).toBe(garage.name);
  });

  it('decodes a VIN the organization does not have (2003 Honda Accord), never showing another tenant’s vehicle', async () => {
    // The garage has this VIN; the other organization gets the decoded proposal, without an id.
    const res = await byVin('1HGCM82633A004352', manager2, `?organization=${riviere.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBeUndefined();
    expect(res.body.data.type).toBe('vehicles');
    expect(res.body.data.attributes).toMatchObject({
      vin: '1HGCM82633A004352',
      make: 'Honda',
      model: 'Accord',
      model_year: 2003,
      series: 'EX-V6',
      style: 'Coupe',
      engine_description: '6 cyl., J30A4',
      fuel_type: 'gas',
      vin_check_digit_valid: true,
    });
    expect(res.body.meta).toMatchObject({ decoded: true });
    expect(res.body.meta.warnings).toBeUndefined();
    // Asking for another organization's vehicle is the same as it not existing.
    const other = await byVin('1HGCM82633A004352', manager2, `?organization=${garage.id}`);
    expect(other.body.meta.decoded).toBe(true);
    expect(JSON.stringify(other.body)).not.toContain(fleet.accord);
  });

  it('maps fuels to our enumeration, gives the plant, and warns about a wrong check digit', async () => {
    const tesla = await byVin('5YJ3E1EA7KF317000', manager2);
    expect(tesla.body.data.attributes).toMatchObject({ make: 'Tesla', model: 'Model 3', model_year: 2019, fuel_type: 'electric', vin_check_digit_valid: false });
    expect(tesla.body.meta.plant).toBe('Fremont, United States (USA)');
    expect(tesla.body.meta.warnings[0]).toMatchObject({ code: 'vehicle.vin_check_digit', source: { pointer: '/data/attributes/vin' } });

    const volt = await byVin('1G1RA6E49FU100000', manager2);
    expect(volt.body.data.attributes).toMatchObject({ make: 'Chevrolet', model: 'Volt', model_year: 2015, fuel_type: 'plug_in_hybrid' });
    const prius = await byVin('JTDKN3DU6A0123456', manager2);
    expect(prius.body.data.attributes).toMatchObject({ make: 'Toyota', model: 'Prius', model_year: 2010, fuel_type: 'hybrid' });
    // The other organization's Acura, decoded for the garage.
    const legend = await byVin('JH4KA7561PC008269', manager);
    expect(legend.body.data.attributes).toMatchObject({ make: 'Acura', model: 'Legend', model_year: 1993, style: 'Sedan', engine_description: '6 cyl., C32A1' });
  });

  it('answers 404 with the spec’s message when neither exists, 422 for a malformed VIN', async () => {
    const fr = await byVin('AAAAAAAA1AAAAAAAA', manager);
    expect(fr.status).toBe(404);
    expect(fr.body.errors[0].detail).toBe('Aucun véhicule trouvé pour ce NIV');
    const en = await byVin('AAAAAAAA1AAAAAAAA', manager, '', 'en');
    expect(en.body.errors[0].detail).toBe('No vehicle found for this VIN');
    const malformed = await byVin('1HGCM826', manager);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0]).toMatchObject({ detail: 'Le NIV doit contenir 17 caractères', source: { parameter: 'vin' } });
    expect((await byVin('1HGCM82633A004352', manager, '?organization=nope')).status).toBe(400);
  });

  it('serves whoever may add a vehicle without listing them', async () => {
    const adder = await makeUser(t, garage.id, { permissions: ['create vehicles'] });
    expect((await byVin('1G1RA6E49FU100000', adder.token)).status).toBe(200);
  });
});
