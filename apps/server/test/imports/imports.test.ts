import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { normalizeHeader, proposeMapping } from '../../src/areas/imports/models.ts';
import { CHUNK } from '../../src/areas/imports/run.ts';
import { vehiclesImport } from '../../src/areas/vehicles/vehicles.import.ts';
import { beforeTests, fileApp, MEDIA } from '../helpers.ts';
import { makeOrganization, makeUser } from '../factories.ts';

const MAX = 200_000;
const t = fileApp({ IMPORT_MAX_BYTES: String(MAX) });
/** Two organizations, each with its manager (their tokens). */
const s = beforeTests(async () => {
  const garage = await makeOrganization(t);
  return { garage, manager: (await makeUser(t, garage.id)).token, manager2: (await makeUser(t, (await makeOrganization(t)).id)).token };
});

/** A VIN of the test series: 17 characters, no I, O or Q (its check digit is only a warning). */
const vin = (n: number) => `TESTV${String(n).padStart(12, '0')}`;

/** POST /imports as a browser's FormData sends it. */
async function upload(token: string, file: { name: string; content: Buffer | string; type?: string }, model = 'vehicles', app = t.app) {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${model}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { authorization: `Bearer ${token}`, accept: MEDIA, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const count = async (table: string, where = 'true') =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)))[0].n;
const vehiclesOf = (prefix: string) => count('vehicles', `vin LIKE '${prefix}%'`);

const csv = (lines: string[][], sep = ';') => lines.map((l) => l.join(sep)).join('\r\n') + '\r\n';

describe('import models', () => {
  it('lists the models the actor may import, with labels in the request language', async () => {
    const fr = await t.api('GET', '/api/v1/imports/models', { token: s.manager });
    expect(fr.status).toBe(200);
    const vehicles = fr.body.data.find((m: { id: string }) => m.id === 'vehicles');
    expect(vehicles.attributes.label).toBe('Véhicules');
    expect(vehicles.attributes.natural_key).toEqual(['vin']);
    expect(vehicles.attributes.fields.find((f: { name: string }) => f.name === 'vin').label).toBe('NIV');
    const en = await t.api('GET', '/api/v1/imports/models', { token: s.manager, headers: { 'accept-language': 'en' } });
    expect(en.body.data.find((m: { id: string }) => m.id === 'vehicles').attributes.fields[0].label).toBe('VIN');
  });

  it('needs the create permission of the target type', async () => {
    const reader = await makeUser(t, s.garage.id, { permissions: ['view any imports', 'create imports', 'view any vehicles'] });
    const res = await t.api('GET', '/api/v1/imports/models', { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: string }) => m.id)).not.toContain('vehicles');
    const refused = await upload(reader.token, { name: 'v.csv', content: csv([['NIV'], [vin(1)]]) });
    expect(refused.status).toBe(403);
  });

  it('matches French and English headers, whatever their case and accents', () => {
    const model = vehiclesImport;
    expect(normalizeHeader('  Année du MODÈLE ')).toBe('anneedumodele');
    expect(proposeMapping(model, ['niv', 'MARQUE', 'Modele', 'annee', 'Odometer', 'Colour', 'Comment', 'Make'])).toEqual({
      niv: 'vin',
      MARQUE: 'make',
      Modele: 'model',
      annee: 'model_year',
      Odometer: 'odometer',
      Colour: 'color',
      Comment: null,
      // make is already taken by MARQUE
      Make: null,
    });
    expect(proposeMapping(model, ['VIN', 'Make', 'Model', 'Model year', 'Stock number'])).toEqual({
      VIN: 'vin',
      Make: 'make',
      Model: 'model',
      'Model year': 'model_year',
      'Stock number': 'sku',
    });
  });
});

describe('upload', () => {
  it('reads a ; separated CSV with a UTF-8 BOM and proposes the mapping', async () => {
    const res = await upload(s.manager, { name: 'véhicules.csv', content: '\uFEFF' + csv([['NIV', 'Marque', 'Modèle', 'Année', 'Remarque'], [vin(1), 'Honda', 'Civic', '2020', 'x']]) });
    expect(res.status).toBe(201);
    const a = res.body.data.attributes;
    expect(a.status).toBe('uploaded');
    expect(a.file_format).toBe('csv');
    expect(a.line_count).toBe(1);
    expect(a.columns).toEqual(['NIV', 'Marque', 'Modèle', 'Année', 'Remarque']);
    expect(a.mapping).toEqual({ NIV: 'vin', Marque: 'make', Modèle: 'model', Année: 'model_year', Remarque: null });
    expect(a.name).toBe('véhicules.csv');
  });

  it('reads a , separated CSV with quotes', async () => {
    const res = await upload(s.manager, { name: 'v.csv', content: 'VIN,Make,Model\n' + `${vin(2)},"Mercedes, Benz",C 300\n` });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.columns).toEqual(['VIN', 'Make', 'Model']);
  });

  it('refuses a file that is neither CSV nor XLSX, whatever its name', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const res = await upload(s.manager, { name: 'vehicules.csv', content: png });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].detail).toBe('Le fichier doit être un CSV ou un classeur Excel (XLSX).');
    const bin = await upload(s.manager, { name: 'v.csv', content: Buffer.from([0x41, 0x00, 0x42, 0x0a]) });
    expect(bin.status).toBe(422);
  });

  it('refuses a malformed CSV, an empty file and a damaged workbook with a clear error', async () => {
    const quote = await upload(s.manager, { name: 'v.csv', content: 'NIV;Marque\n"ABC;Honda\n' });
    expect(quote.status).toBe(422);
    expect(quote.body.errors[0].detail).toMatch(/mal formé/);
    const empty = await upload(s.manager, { name: 'v.csv', content: '\n\n' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].detail).toMatch(/en-tête/);
    // A zip that is not a workbook.
    const zip = Buffer.from('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', 'base64');
    const bad = await upload(s.manager, { name: 'v.xlsx', content: zip });
    expect(bad.status).toBe(422);
  });

  it('refuses an oversized file with its limit', async () => {
    const big = 'NIV\n' + `${vin(3)}\n`.repeat(Math.ceil(MAX / 18) + 10);
    const res = await upload(s.manager, { name: 'big.csv', content: big });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].detail).toMatch(/taille permise/);
  });

  it('refuses an unknown model', async () => {
    const res = await upload(s.manager, { name: 'v.csv', content: csv([['NIV'], [vin(4)]]) }, 'spaceships');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.parameter).toBe('model');
  });
});

describe('dry run and run', () => {
  const header = ['NIV', 'Marque', 'Modèle', 'Année', 'Odomètre', 'Carburant'];
  const good = (n: number) => [vin(1000 + n), 'Honda', 'Civic', '2021', `${10_000 + n}`, 'GAS'];
  const lines = [header, good(1), good(2), [vin(1003).slice(0, 10), 'Honda', 'Civic', '2021', '5', 'gas'], good(4), [vin(1005), 'Kia', 'Soul', '1800', 'lots', 'gas']];
  let id: string;

  it('dry run validates every line like the API and writes nothing', async () => {
    const up = await upload(s.manager, { name: 'lot.csv', content: csv(lines) });
    id = up.body.data.id;
    const logsBefore = await count('logs');
    const res = await t.api('GET', `/api/v1/imports/${id}/run-dry`, { token: s.manager });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.status).toBe('dry_run');
    expect(res.body.meta.summary).toMatchObject({ lines: 5, created: 3, updated: 0, failed: 2 });
    const results = res.body.meta.results;
    expect(results.map((r: { line: number; success: boolean }) => [r.line, r.success])).toEqual([
      [2, true],
      [3, true],
      [4, false],
      [5, true],
      [6, false],
    ]);
    // The same message as POST /vehicles, on the field and the column.
    const api = await t.api('POST', '/api/v1/vehicles', { token: s.manager, body: { data: { type: 'vehicles', attributes: { vin: vin(1003).slice(0, 10) } } } });
    expect(results[2].errors[0]).toMatchObject({ field: 'vin', column: 'NIV', detail: api.body.errors[0].detail });
    expect(results[4].errors.map((e: { column: string }) => e.column).sort()).toEqual(['Année', 'Odomètre']);
    expect(await vehiclesOf('TESTV0000000010')).toBe(0);
    expect(await count('logs')).toBe(logsBefore);
    // The results are also import-items of the dry run, filterable on failures.
    const failed = await t.api('GET', `/api/v1/import-items?filter[import]=${id}&filter[success]=false`, { token: s.manager });
    expect(failed.body.data.map((i: { attributes: { line: number } }) => i.attributes.line)).toEqual([4, 6]);
  });

  it('the error report lists the failed lines with their messages', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/imports/${id}/errors.csv`, headers: { authorization: `Bearer ${s.manager}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('NIV;Marque;Modèle;Année;Odomètre;Carburant;Ligne;Erreurs');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^TESTV00000;.*;4;NIV: /);
  });

  it('run writes the good lines, reports the bad ones, and a re-run adds nothing', async () => {
    const res = await t.api('GET', `/api/v1/imports/${id}/run?include=importedItems`, { token: s.manager });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ status: 'done', progress: 5, created_count: 3, failed_count: 2 });
    expect(res.body.included.filter((i: { type: string }) => i.type === 'import-items')).toHaveLength(5);
    expect(await vehiclesOf('TESTV0000000010')).toBe(3);
    const [item] = res.body.included.filter((i: { attributes: { line: number } }) => i.attributes.line === 2);
    const created = await t.api('GET', `/api/v1/vehicles/${item.attributes.model_id}`, { token: s.manager });
    expect(created.body.data.attributes).toMatchObject({ vin: vin(1001), make: 'Honda', model_year: 2021, odometer: 10_001, fuel_type: 'gas' });

    const again = await t.api('GET', `/api/v1/imports/${id}/run`, { token: s.manager });
    expect(again.body.data.attributes).toMatchObject({ status: 'done', created_count: 0, updated_count: 0, skipped_count: 3, failed_count: 2 });
    expect(await vehiclesOf('TESTV0000000010')).toBe(3);
  });

  it('morphedModels are the records the run created or updated, typed, in the order of the file', async () => {
    const res = await t.api('GET', `/api/v1/imports/${id}?include=morphedModels`, { token: s.manager });
    expect(res.status).toBe(200);
    // The re-run changed nothing: its lines are unchanged, not morphed.
    expect(res.body.data.relationships.morphedModels.data).toEqual([]);
    const up = await upload(s.manager, { name: 'morph.csv', content: csv([header, good(1), [vin(5007), 'Honda', 'Civic', '2021', '5', 'gas'], [vin(5008).slice(0, 9)]]) });
    await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    const ran = await t.api('GET', `/api/v1/imports/${up.body.data.id}?include=morphedModels`, { token: s.manager });
    const refs = ran.body.data.relationships.morphedModels.data;
    expect(refs).toHaveLength(1);
    expect(refs[0].type).toBe('vehicles');
    const [vehicle] = ran.body.included;
    expect(vehicle).toMatchObject({ type: 'vehicles', id: refs[0].id, attributes: { vin: vin(5007) } });
    // On the list too, with the organization; nothing nests below a polymorphic relationship.
    const list = await t.api('GET', '/api/v1/imports?include=organization,morphedModels&page[size]=100', { token: s.manager });
    expect(list.status).toBe(200);
    expect(list.body.included.some((i: { type: string; id: string }) => i.type === 'vehicles' && i.id === refs[0].id)).toBe(true);
    const nested = await t.api('GET', `/api/v1/imports/${up.body.data.id}?include=morphedModels.customer`, { token: s.manager });
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].code).toBe('error.invalid_include');
  });

  it('a corrected file updates the matched records instead of duplicating them', async () => {
    const fixed = [header, [vin(1001), 'Honda', 'Civic', '2021', '20000', 'gas'], [vin(1003), 'Honda', 'Civic', '2021', '5', 'gas']];
    const up = await upload(s.manager, { name: 'fix.csv', content: csv(fixed) });
    // POST as well as the spec's GET (they change data).
    const dry = await t.api('POST', `/api/v1/imports/${up.body.data.id}/run-dry`, { token: s.manager });
    expect(dry.body.meta.results[0]).toMatchObject({ success: true, action: 'updated' });
    expect(dry.body.meta.results[0].model_id).toBeTruthy();
    const res = await t.api('POST', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(res.body.data.attributes).toMatchObject({ created_count: 1, updated_count: 1, failed_count: 0 });
    expect(await vehiclesOf('TESTV0000000010')).toBe(4);
    const [v] = rowsOf<{ odometer: number }>(await t.database.db.execute(sql`SELECT odometer FROM vehicles WHERE vin = ${vin(1001)}`));
    expect(v.odometer).toBe(20000);
  });

  it('a VIN twice in one file is created once and updated by the second line', async () => {
    const up = await upload(s.manager, { name: 'dup.csv', content: csv([['VIN', 'Color'], [vin(2001), 'Red'], [vin(2001), 'Blue']]) });
    const dry = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run-dry`, { token: s.manager });
    expect(dry.body.meta.results.map((r: { action: string }) => r.action)).toEqual(['created', 'updated']);
    await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(await vehiclesOf(vin(2001))).toBe(1);
  });

  it('a record changed and changed back by two lines of one file is updated by both', async () => {
    const first = await upload(s.manager, { name: 'gris.csv', content: csv([['NIV', 'Couleur'], [vin(2101), 'Gris']]) });
    await t.api('GET', `/api/v1/imports/${first.body.data.id}/run`, { token: s.manager });
    const up = await upload(s.manager, { name: 'retour.csv', content: csv([['NIV', 'Couleur'], [vin(2101), 'Rouge'], [vin(2101), 'Gris']]) });
    // The second line is compared with the record as the first one leaves it, not as it was.
    const dry = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run-dry`, { token: s.manager });
    expect(dry.body.meta.results.map((r: { action: string }) => r.action)).toEqual(['updated', 'updated']);
    const run = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(run.body.data.attributes).toMatchObject({ updated_count: 2, skipped_count: 0 });
    const [v] = rowsOf<{ color: string }>(await t.database.db.execute(sql`SELECT color FROM vehicles WHERE vin = ${vin(2101)}`));
    expect(v.color).toBe('Gris');
  });

  it('edits the mapping, refusing unknown fields and columns', async () => {
    const up = await upload(s.manager, { name: 'm.csv', content: csv([['Numéro', 'Fabricant'], [vin(3001), 'Ford']]) });
    const mid = up.body.data.id;
    expect(up.body.data.attributes.mapping).toEqual({ Numéro: null, Fabricant: 'make' });
    const bad = await t.api('PATCH', `/api/v1/imports/${mid}`, { token: s.manager, body: { data: { type: 'imports', id: mid, attributes: { mapping: { Numéro: 'warp_drive' } } } } });
    expect(bad.status).toBe(422);
    const ok = await t.api('PATCH', `/api/v1/imports/${mid}`, { token: s.manager, body: { data: { type: 'imports', id: mid, attributes: { mapping: { Numéro: 'vin', Fabricant: 'make' } } } } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes.mapping).toEqual({ Numéro: 'vin', Fabricant: 'make' });
    const run = await t.api('GET', `/api/v1/imports/${mid}/run`, { token: s.manager });
    expect(run.body.data.attributes.created_count).toBe(1);
  });

  it('another organization neither sees nor runs the import', async () => {
    expect((await t.api('GET', `/api/v1/imports/${id}`, { token: s.manager2 })).status).toBe(404);
    expect((await t.api('GET', `/api/v1/imports/${id}/run`, { token: s.manager2 })).status).toBe(404);
    expect((await t.api('GET', `/api/v1/imports/${id}/run-dry`, { token: s.manager2 })).status).toBe(404);
    expect((await t.api('GET', `/api/v1/imports/${id}/errors.csv`, { token: s.manager2 })).status).toBe(404);
    const list = await t.api('GET', '/api/v1/import-items?page[size]=100', { token: s.manager2 });
    expect(list.body.data.every((i: { relationships: { import: { data: { id: string } } } }) => i.relationships.import.data.id !== id)).toBe(true);
  });
});

describe('other models', () => {
  it('imports customers matched by e-mail or name, with French words for the type', async () => {
    const file = csv([
      ['Type', 'Prénom', 'Nom', "Nom de l'entreprise", 'Courriel', 'Ville'],
      ['Particulier', 'Léa', 'Tremblay', '', 'lea.tremblay@example.test', 'Laval'],
      ['Entreprise', '', '', 'Transports Import Test', '', 'Lévis'],
      ['Particulier', 'Marc', '', '', '', 'Québec'],
    ]);
    const up = await upload(s.manager, { name: 'clients.csv', content: file }, 'customers');
    expect(up.status).toBe(201);
    expect(up.body.data.attributes.mapping).toEqual({ Type: 'type', Prénom: 'firstname', Nom: 'lastname', "Nom de l'entreprise": 'company_name', Courriel: 'email', Ville: 'city' });
    const run = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(run.body.data.attributes).toMatchObject({ created_count: 2, failed_count: 1 });
    const again = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(again.body.data.attributes).toMatchObject({ created_count: 0, skipped_count: 2, failed_count: 1 });
    expect(await count('customers', `company_name = 'Transports Import Test'`)).toBe(1);
    const items = await t.api('GET', `/api/v1/import-items?filter[import]=${up.body.data.id}&filter[success]=false`, { token: s.manager });
    expect(items.body.data[0].attributes.line).toBe(4);
    expect(items.body.data[0].attributes.errors[0]).toMatchObject({ field: 'lastname', column: 'Nom' });
  });
});

describe('relationship columns', () => {
  const customer = async (attributes: Record<string, unknown>) => {
    const res = await t.api('POST', '/api/v1/customers', { token: s.manager, body: { data: { type: 'customers', attributes } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const customerOf = async (vinValue: string) =>
    rowsOf<{ customer_id: string | null }>(await t.database.db.execute(sql`SELECT customer_id FROM vehicles WHERE vin = ${vinValue}`))[0]?.customer_id;

  it('links vehicles to their customer named by e-mail, full name or company, in any case', async () => {
    const byEmail = await customer({ type: 'individual', firstname: 'Rosalie', lastname: 'Gagnon', email: 'rosalie.gagnon@example.test' });
    const byName = await customer({ type: 'individual', firstname: 'Hugo', lastname: 'Bélanger' });
    const byCompany = await customer({ type: 'company', company_name: 'Livraisons Rel Test inc.' });
    await customer({ type: 'individual', firstname: 'Jean', lastname: 'Double' });
    await customer({ type: 'individual', firstname: 'Jean', lastname: 'Double' });
    // The other organization's customer of the same name is not the garage's to link.
    await t.api('POST', '/api/v1/customers', {
      token: s.manager2,
      body: { data: { type: 'customers', attributes: { type: 'individual', firstname: 'Olive', lastname: 'Ailleurs' } } },
    });
    const up = await upload(s.manager, {
      name: 'proprietaires.csv',
      content: csv([
        ['NIV', 'Marque', 'Propriétaire'],
        [vin(6001), 'Honda', 'ROSALIE.GAGNON@example.test'],
        [vin(6002), 'Kia', '  hugo   bélanger '],
        [vin(6003), 'Ford', 'Livraisons Rel Test Inc.'],
        [vin(6004), 'Mazda', ''],
        [vin(6005), 'Subaru', 'Personne Inconnue'],
        [vin(6006), 'Nissan', 'Jean Double'],
        [vin(6007), 'Audi', 'Olive Ailleurs'],
      ]),
    });
    expect(up.body.data.attributes.mapping).toMatchObject({ Propriétaire: 'customer' });
    const models = await t.api('GET', '/api/v1/imports/models', { token: s.manager });
    const field = models.body.data.find((m: { id: string }) => m.id === 'vehicles').attributes.fields.find((f: { name: string }) => f.name === 'customer');
    expect(field).toMatchObject({ label: 'Client', relation: 'customers', required: false });

    const dry = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run-dry`, { token: s.manager });
    expect(dry.body.meta.summary).toMatchObject({ created: 4, failed: 3 });
    const failed = dry.body.meta.results.filter((r: { success: boolean }) => !r.success);
    expect(failed.map((r: { line: number }) => r.line)).toEqual([6, 7, 8]);
    expect(failed[0].errors[0]).toMatchObject({
      field: 'customer',
      column: 'Propriétaire',
      code: 'import.relation_not_found',
      detail: '« Personne Inconnue » ne correspond à aucune fiche que vous pouvez voir.',
    });
    expect(failed[1].errors[0]).toMatchObject({ code: 'import.relation_ambiguous', column: 'Propriétaire' });
    expect(failed[2].errors[0].code).toBe('import.relation_not_found');

    const run = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(run.body.data.attributes).toMatchObject({ created_count: 4, failed_count: 3 });
    expect(await customerOf(vin(6001))).toBe(byEmail);
    expect(await customerOf(vin(6002))).toBe(byName);
    expect(await customerOf(vin(6003))).toBe(byCompany);
    expect(await customerOf(vin(6004))).toBeNull();
    // The same file again changes nothing; another owner is an update.
    const again = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(again.body.data.attributes).toMatchObject({ created_count: 0, updated_count: 0, skipped_count: 4, failed_count: 3 });
    const moved = await upload(s.manager, { name: 'revente.csv', content: csv([['VIN', 'Owner'], [vin(6001), 'Hugo Bélanger']]) });
    const sold = await t.api('GET', `/api/v1/imports/${moved.body.data.id}/run`, { token: s.manager });
    expect(sold.body.data.attributes).toMatchObject({ updated_count: 1 });
    expect(await customerOf(vin(6001))).toBe(byName);
  });

  it('links contacts to a supplier by company name, with the message in English', async () => {
    const supplier = await t.api('POST', '/api/v1/suppliers', { token: s.manager, body: { data: { type: 'suppliers', attributes: { company_name: 'Pièces Rel Test' } } } });
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);
    const up = await upload(s.manager, {
      name: 'contacts.csv',
      content: csv([
        ['First name', 'Last name', 'Supplier'],
        ['Nadia', 'Roy', 'pièces rel test'],
        ['Paul', 'Roy', 'Nowhere Ltd'],
      ]),
    }, 'contacts');
    const dry = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run-dry`, { token: s.manager, headers: { 'accept-language': 'en' } });
    expect(dry.body.meta.results[1].errors[0].detail).toBe('“Nowhere Ltd” matches no record you can see.');
    await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    const [contact] = rowsOf<{ supplier_id: string }>(await t.database.db.execute(sql`SELECT supplier_id FROM contacts WHERE firstname = 'Nadia' AND lastname = 'Roy'`));
    expect(contact.supplier_id).toBe(supplier.body.data.id);
  });
});

describe('xlsx', () => {
  it('imports a workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Véhicules');
    ws.addRow(['VIN', 'Make', 'Model', 'Model year', 'Odometer']);
    ws.addRow([vin(4001), 'Toyota', 'Corolla', 2019, 85000]);
    ws.addRow([vin(4002), 'Toyota', 'RAV4', 2022, 12000]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await upload(s.manager, { name: 'export', content: buffer, type: 'application/octet-stream' });
    expect(up.status).toBe(201);
    expect(up.body.data.attributes).toMatchObject({ file_format: 'xlsx', line_count: 2 });
    expect(up.body.data.attributes.mapping).toMatchObject({ VIN: 'vin', 'Model year': 'model_year', Odometer: 'odometer' });
    const run = await t.api('GET', `/api/v1/imports/${up.body.data.id}/run`, { token: s.manager });
    expect(run.body.data.attributes).toMatchObject({ status: 'done', created_count: 2, failed_count: 0 });
    const [v] = rowsOf<{ model_year: number; odometer: number }>(await t.database.db.execute(sql`SELECT model_year, odometer FROM vehicles WHERE vin = ${vin(4002)}`));
    expect(v).toEqual({ model_year: 2022, odometer: 12000 });
  });
});

describe('background runs', () => {
  const bigFile = (from: number, n: number) => csv([['NIV', 'Marque'], ...Array.from({ length: n }, (_, i) => [vin(from + i), 'Mazda'])]);
  const importRow = async (id: string) =>
    rowsOf<{ status: string; progress: number; created_count: number; error: string | null }>(
      await t.database.db.execute(sql`SELECT status, progress, created_count, error FROM imports WHERE id = ${id}`),
    )[0];
  const waitFor = async (id: string, status: string) => {
    // A busy CI machine runs a 1,100-line file in well under this; a lost wake-up (a lease held
    // after a stop) waits for the next poll, 30 s later, and fails here.
    for (const until = Date.now() + 25_000; Date.now() < until; ) {
      const row = await importRow(id);
      if (row.status === status) return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${id} never reached ${status}: ${JSON.stringify(await importRow(id))}`);
  };

  it('a large file runs in the background with its progress, and a restart resumes it from the last chunk', async () => {
    const up = await upload(s.manager, { name: 'big.csv', content: bigFile(10_000, 1_100) });
    const id = up.body.data.id;
    const started = await t.api('GET', `/api/v1/imports/${id}/run`, { token: s.manager });
    expect(started.status).toBe(202);
    expect(started.body.data.attributes.status).toBe('running');
    // The server stops mid-import: the chunk in progress commits, the rest waits.
    await t.app.close();
    const stopped = await importRow(id);
    expect(stopped.status).toBe('running');
    expect(stopped.progress).toBeLessThan(1_100);
    expect(stopped.progress % CHUNK).toBe(0);
    expect(await count('vehicles', `vin LIKE 'TESTV00000001%'`)).toBe(stopped.progress);

    // The next start picks it up where the last commit left it.
    await t.restart();
    const done = await waitFor(id, 'done');
    expect(done.progress).toBe(1_100);
    expect(done.created_count).toBe(1_100);
    expect(await count('vehicles', `vin LIKE 'TESTV00000001%'`)).toBe(1_100);
    expect(await count('import_items', `import_id = '${id}' AND NOT dry_run`)).toBe(1_100);
  }, 180_000);

  it('a large dry run goes on in the background, writes nothing, and counts as the run will', async () => {
    // The first VIN again 1,000 lines later, in another chunk: the run will update that record.
    const rows = [['NIV', 'Marque'], ...Array.from({ length: 1_099 }, (_, i) => [vin(30_000 + i), 'Subaru']), [vin(30_000), 'Subaru']];
    const up = await upload(s.manager, { name: 'big-dry.csv', content: csv(rows) });
    const id = up.body.data.id;
    const started = await t.api('GET', `/api/v1/imports/${id}/run-dry`, { token: s.manager });
    expect(started.status).toBe(202);
    expect(started.body.data.attributes.status).toBe('validating');
    expect(started.body.meta.results).toBeUndefined();
    // Busy: neither edited nor started again meanwhile.
    expect((await t.api('GET', `/api/v1/imports/${id}/run`, { token: s.manager })).status).toBe(409);
    const done = await waitFor(id, 'dry_run');
    expect(done.progress).toBe(1_100);
    const res = await t.api('GET', `/api/v1/imports/${id}`, { token: s.manager });
    expect(res.body.data.attributes).toMatchObject({ status: 'dry_run', created_count: 1_099, updated_count: 1, failed_count: 0 });
    expect(await count('vehicles', `vin LIKE 'TESTV00000003%'`)).toBe(0);
    expect(await count('import_items', `import_id = '${id}' AND dry_run`)).toBe(1_100);
    const last = await t.api('GET', `/api/v1/import-items?filter[import]=${id}&filter[dry_run]=true&sort=-line&page[size]=1`, { token: s.manager });
    expect(last.body.data[0].attributes).toMatchObject({ line: 1_101, success: true, action: 'updated' });

    const run = await t.api('GET', `/api/v1/imports/${id}/run`, { token: s.manager });
    expect(run.status).toBe(202);
    const ran = await waitFor(id, 'done');
    expect(ran.created_count).toBe(1_099);
    expect(await count('vehicles', `vin LIKE 'TESTV00000003%'`)).toBe(1_099);
  }, 180_000);

  it('a dry run stopped by a restart starts again from the top', async () => {
    const up = await upload(s.manager, { name: 'restart-dry.csv', content: bigFile(40_000, 1_100) });
    const id = up.body.data.id;
    expect((await t.api('GET', `/api/v1/imports/${id}/run-dry`, { token: s.manager })).status).toBe(202);
    await t.app.close();
    expect((await importRow(id)).status).toBe('validating');
    await t.restart();
    const done = await waitFor(id, 'dry_run');
    expect(done.progress).toBe(1_100);
    expect(done.created_count).toBe(1_100);
    expect(await count('import_items', `import_id = '${id}' AND dry_run`)).toBe(1_100);
    expect(await count('vehicles', `vin LIKE 'TESTV00000004%'`)).toBe(0);
  }, 180_000);

  // PostgreSQL only: the embedded database's one connection never lets a claim meet another's lock.
  it.skipIf(!process.env.DATABASE_URL)('a job arriving while a short write holds the import runs it, without waiting for the resume timer', async () => {
    const up = await upload(s.manager, { name: 'held.csv', content: bigFile(50_000, 10) });
    const id = up.body.data.id as string;
    // Running without its job (as the resume timer finds them, every 30 s here), then one job
    // arriving while a write holds the row: its claim waits for the write rather than skipping.
    await t.database.db.execute(sql`UPDATE imports SET status = 'running', started_at = now(), lease_until = NULL WHERE id = ${id}`);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE imports SET updated_at = now() WHERE id = ${id}`);
      await t.database.db.execute(sql`INSERT INTO pgboss.job (name, data) VALUES ('imports.run', ${JSON.stringify({ id })}::jsonb)`);
      const taken = () => t.database.db.execute(sql`SELECT 1 FROM pgboss.job WHERE name = 'imports.run' AND data->>'id' = ${id} AND state <> 'created'`);
      for (const until = Date.now() + 10_000; !rowsOf(await taken()).length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
    });
    const until = Date.now() + 8_000;
    while ((await importRow(id)).status !== 'done' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await importRow(id)).toMatchObject({ status: 'done', progress: 10, created_count: 10 });
  });

  it('a running import whose file is gone fails clearly at restart', async () => {
    const up = await upload(s.manager, { name: 'gone.csv', content: bigFile(20_000, 10) });
    const id = up.body.data.id;
    await t.database.db.execute(sql`UPDATE imports SET status = 'running', path = 'imports/nowhere.csv', started_at = now() WHERE id = ${id}`);
    await t.restart();
    const failed = await waitFor(id, 'failed');
    expect(failed.error).toMatch(/fichier de l'import est introuvable/);
  });
});
