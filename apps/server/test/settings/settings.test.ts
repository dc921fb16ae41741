import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { makeOrganization, makePlatformAdmin, makeUser, type MadeUser } from '../factories.ts';
import { fileApp } from '../helpers.ts';

// Settings (issue 12): options read as a map and checked by name, tax groups with their taxes,
// the Canadian groups of a new organization's province.

const t = fileApp();
let admin: MadeUser;
let orgId: string;
let staff: string;
const O = '/api/v1/options';
const G = '/api/v1/tax-groups';

const optionId = async (organizationId: string, name: string) =>
  rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM options WHERE organization_id = ${organizationId} AND name = ${name}`))[0].id;
const patchOption = async (name: string, value: unknown, lang = 'fr', who: MadeUser = admin, organizationId = orgId) => {
  const id = await optionId(organizationId, name);
  return t.api('PATCH', `${O}/${id}`, { token: who.token, body: { data: { type: 'options', id, attributes: { value } } }, headers: { 'accept-language': lang } });
};
const valueOf = async (name: string, organizationId = orgId) =>
  rowsOf<{ value: unknown }>(await t.database.db.execute(sql`SELECT value FROM options WHERE organization_id = ${organizationId} AND name = ${name}`))[0].value;

beforeAll(async () => {
  const org = await makeOrganization(t);
  orgId = org.id;
  admin = await makeUser(t, org.id);
  staff = (await makePlatformAdmin(t)).token;
});

describe('options', () => {
  it('reads the organization’s options as a name-to-value map (add_data=map)', async () => {
    const res = await t.api('GET', `${O}?page[size]=999999&sort=name&add_data=map`, { token: admin.token });
    expect(res.status).toBe(200);
    const map = res.body.meta.map;
    expect(map['estimations.default_hourly_rate']).toBe(12_000);
    expect(map['general.currency']).toBe('CAD');
    expect(map['inspections.callback_url_completed']).toBeNull();
    // New organizations start with their province's group as the default (no province: the GST).
    const groups = await t.api('GET', `${G}?include=taxes`, { token: admin.token });
    const gst = groups.body.data.find((g: any) => g.attributes.name === 'TPS (5 %)');
    expect(map['estimations.default_tax_group']).toBe(gst.id);
    expect(res.body.data.every((o: any) => Object.hasOwn(map, o.attributes.name))).toBe(true);
  });

  it('writes a valid value and refuses a bad one with a translated 422, nothing written', async () => {
    expect((await patchOption('estimations.default_hourly_rate', 14_550)).status).toBe(200);
    expect(await valueOf('estimations.default_hourly_rate')).toBe(14_550);

    const negative = await patchOption('estimations.default_hourly_rate', -5);
    expect(negative.status).toBe(422);
    expect(negative.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/value' }, detail: 'Le montant doit être un nombre entier de cents, positif ou nul.' });
    expect((await patchOption('estimations.default_hourly_rate', 12.5, 'en')).body.errors[0].detail).toBe('The amount must be a whole number of cents, zero or more.');
    expect(await valueOf('estimations.default_hourly_rate')).toBe(14_550);

    const footer = await patchOption('general.document_footer', 'x'.repeat(2001), 'en');
    expect(footer.body.errors[0].detail).toBe('The value cannot be longer than 2000 characters.');
    expect((await patchOption('general.document_footer', 'Merci de votre confiance')).status).toBe(200);
    expect((await patchOption('general.currency', 'XYZ')).body.errors[0].detail).toBe('La devise doit être l’une de : CAD, USD, EUR.');
    const url = await patchOption('inspections.callback_url_completed', 'ftp://example.com/x', 'en');
    expect(url.body.errors[0].detail).toBe('The address must be a valid http or https URL.');
  });

  it('takes as default tax group only one of the organization’s own groups', async () => {
    const other = await makeOrganization(t);
    const [foreign] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM tax_groups WHERE organization_id = ${other.id} LIMIT 1`));
    const res = await patchOption('estimations.default_tax_group', foreign.id);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].detail).toBe('Choisissez un groupe de taxes de votre organisation.');
    const [own] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM tax_groups WHERE organization_id = ${orgId} AND name = 'Exempté'`));
    expect((await patchOption('sales.default_tax_group', own.id)).status).toBe(200);
    expect((await patchOption('sales.default_tax_group', null)).status).toBe(200);
    expect(await valueOf('sales.default_tax_group')).toBeNull();
  });

  it('keeps each organization’s options to itself', async () => {
    const other = await makeOrganization(t);
    const id = await optionId(other.id, 'estimations.default_hourly_rate');
    expect((await t.api('GET', `${O}/${id}`, { token: admin.token })).status).toBe(404);
    expect((await patchOption('estimations.default_hourly_rate', 1, 'fr', admin, other.id)).status).toBe(404);
    const list = await t.api('GET', `${O}?page[size]=100&add_data=map`, { token: admin.token });
    expect(list.body.data.every((o: any) => o.relationships?.organization?.data?.id !== other.id)).toBe(true);
    expect(await valueOf('estimations.default_hourly_rate', other.id)).toBe(12_000);
  });

  it('needs the options permissions', async () => {
    const reader = await makeUser(t, orgId, { permissions: ['view module options', 'view any options'] });
    expect((await t.api('GET', O, { token: reader.token })).status).toBe(200);
    expect((await patchOption('general.document_footer', 'x', 'fr', reader)).status).toBe(403);
    const nobody = await makeUser(t, orgId, { permissions: ['view app default'] });
    expect((await t.api('GET', O, { token: nobody.token })).status).toBe(403);
  });

  it('are organization-wide: a user restricted to a location reads them all, another organization’s never', async () => {
    const org = await makeOrganization(t, { locations: ['Nord', 'Sud'] });
    const boss = await makeUser(t, org.id);
    // Options have no locations (their unused location_ids column is gone): none hides from a location.
    const inspector = await makeUser(t, org.id, {
      permissions: ['view module options', 'view any options'],
      restrict_to_locations: true,
      location_ids: [org.locations.Nord],
    });
    const mine = await t.api('GET', `${O}?page[size]=100&add_data=map`, { token: inspector.token });
    expect(mine.status).toBe(200);
    const all = await t.api('GET', `${O}?page[size]=100&add_data=map`, { token: boss.token });
    expect(mine.body.meta.page.total).toBe(all.body.meta.page.total);
    expect(mine.body.meta.map).toEqual(all.body.meta.map);
    expect(mine.body.meta.map['estimations.default_hourly_rate']).toBe(12_000);
    expect(mine.body.meta.map['general.currency']).toBe('CAD');
    const one = await optionId(org.id, 'general.currency');
    expect((await t.api('GET', `${O}/${one}`, { token: inspector.token })).status).toBe(200);
    // Never another organization's, restricted or not.
    const foreign = await optionId(orgId, 'general.currency');
    expect((await t.api('GET', `${O}/${foreign}`, { token: inspector.token })).status).toBe(404);
    expect(mine.body.data.every((o: any) => o.relationships?.organization?.data?.id === org.id)).toBe(true);
  });
});

describe('tax groups', () => {
  it('seeds a new Québec organization with GST + QST as its default, an Ontario one with HST', async () => {
    for (const [province, name, codes, rates] of [
      ['QC', 'Québec : TPS + TVQ', ['TPS', 'TVQ'], [5, 9.975]],
      ['ON', 'Ontario : TVH (13 %)', ['TVH'], [13]],
    ] as const) {
      const made = await t.api('POST', '/api/v1/organizations', { token: staff, body: { data: { type: 'organizations', attributes: { name: `Garage ${province}`, province } } } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.data.id;
      const boss = await makeUser(t, id);
      const groups = await t.api('GET', `${G}?include=taxes&page[size]=50`, { token: boss.token });
      expect(groups.body.meta.page.total).toBe(9);
      const own = groups.body.data.find((g: any) => g.attributes.name === name);
      const taxes = own.relationships.taxes.data.map((r: any) => groups.body.included.find((i: any) => i.type === 'taxes' && i.id === r.id).attributes);
      expect(taxes.map((x: any) => x.code)).toEqual(codes);
      expect(taxes.map((x: any) => Number(x.rate))).toEqual(rates);
      expect(await valueOf('estimations.default_tax_group', id)).toBe(own.id);
      expect(await valueOf('purchases.default_tax_group', id)).toBe(own.id);
    }
  });

  it('creates, edits and deletes a group with its taxes as lines', async () => {
    const created = await t.api('POST', `${G}?include=taxes`, {
      token: admin.token,
      body: {
        data: {
          type: 'tax-groups',
          attributes: { name: 'Pneus (QC)' },
          relationships: {
            taxes: {
              data: [
                { type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } },
                { type: 'taxes', attributes: { code: 'Droit pneus', rate: '4.50', type: 'amount' } },
              ],
            },
          },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const [first, second] = created.body.data.relationships.taxes.data;

    const bad = await t.api('PATCH', `${G}/${id}`, {
      token: admin.token,
      headers: { 'accept-language': 'en' },
      body: { data: { type: 'tax-groups', id, relationships: { taxes: { data: [{ type: 'taxes', id: first.id, attributes: { rate: '120' } }, { type: 'taxes', id: second.id }] } } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ detail: 'A percentage cannot exceed 100.', source: { pointer: '/data/relationships/taxes/data/0/attributes/rate' } });

    const edited = await t.api('PATCH', `${G}/${id}?include=taxes`, {
      token: admin.token,
      body: { data: { type: 'tax-groups', id, attributes: { name: 'Pneus' }, relationships: { taxes: { data: [{ type: 'taxes', id: second.id }, { type: 'taxes', id: first.id, attributes: { rate: '5.5' } }] } } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.relationships.taxes.data.map((r: any) => r.id)).toEqual([second.id, first.id]);
    expect(edited.body.included.find((i: any) => i.id === first.id).attributes).toMatchObject({ code: 'TPS', position: 1 });

    const dup = await t.api('POST', G, { token: admin.token, body: { data: { type: 'tax-groups', attributes: { name: 'pneus' } } } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].detail).toBe('Un groupe de taxes porte déjà ce nom.');

    expect((await t.api('DELETE', `${G}/${id}`, { token: admin.token })).status).toBe(204);
    expect(rowsOf(await t.database.db.execute(sql`SELECT id FROM taxes WHERE tax_group_id = ${id}`))).toHaveLength(0);
  });

  it('refuses to delete the default tax group of a module (409)', async () => {
    const id = String(await valueOf('estimations.default_tax_group'));
    const res = await t.api('DELETE', `${G}/${id}`, { token: admin.token, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].detail).toContain('in use');
  });

  it('keeps each organization’s groups and taxes to itself', async () => {
    const other = await makeOrganization(t);
    const [group] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM tax_groups WHERE organization_id = ${other.id} LIMIT 1`));
    const [tax] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM taxes WHERE organization_id = ${other.id} LIMIT 1`));
    expect((await t.api('GET', `${G}/${group.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.api('GET', `/api/v1/taxes/${tax.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.api('DELETE', `${G}/${group.id}`, { token: admin.token })).status).toBe(404);
    const list = await t.api('GET', `/api/v1/taxes?page[size]=100`, { token: admin.token });
    expect(list.body.data.some((x: any) => x.id === tax.id)).toBe(false);
  });
});
