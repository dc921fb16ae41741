// CRM journeys (issue 4, "Browser tests"): create a customer, then a contact with the same first
// and last name as an existing one: "Est-ce la même personne ?" → cancel changes nothing →
// continue saves it. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, field, journey, launch, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 120_000 };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A plain (not searchable) select: open it, click the option. */
async function choose(page, scope, label, option) {
  await field(scope, label).first().click();
  await comboOption(page, option).click();
}

/** An option of the open Mantine dropdown (not the native options of the list filters). */
const comboOption = (page, text) =>
  page.locator('[data-combobox-option]').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();

const drawer = (page) => page.locator('[data-testid=record-drawer]');
const homonyms = async (tk, name) => (await api(`/contacts?filter[same_name]=${encodeURIComponent(name)}`, { token: tk })).body.meta.page.total;

describe('customers and contacts', () => {
  test('20. create a customer, then a homonym contact: the same-person question, cancel, continue, saved', T, () =>
    journey(browser, '20', async (open) => {
      const tk = await token('manager@atelier.test');
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=app-crm]').click();
      await page.waitForURL('**/crm');
      await page.locator('[data-testid=section-menu] a').first().waitFor();
      assert.deepEqual(await page.locator('[data-testid=section-menu] a').allInnerTexts(), ['Clients', 'Contacts']);
      await page.locator('[data-testid=section-menu] a', { hasText: 'Clients' }).click();
      await page.waitForURL('**/crm/customers');
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();

      // A company customer with its own billing address.
      await page.locator('[data-testid=list-add]').click();
      const d = drawer(page);
      await d.getByRole('heading', { name: 'Nouveau client' }).waitFor();
      await choose(page, d, 'Type', 'Entreprise');
      await field(d, "Nom de l'entreprise").fill('Déneigement Boréal inc.');
      await field(d, 'Courriel').fill('info@boreal.example.com');
      await field(d, 'Téléphone').fill('514 555-0888');
      await field(d, 'Adresse').fill('88 rue du Port');
      await d.getByLabel('Facturation identique au client').uncheck();
      await field(d, 'Nom de facturation').fill('Boréal — comptabilité');
      await field(d, 'Adresse de facturation').fill('C.P. 88');
      await shot(page, '20-customer-form');
      await d.locator('[data-testid=record-save]').click();
      await page.getByRole('heading', { name: 'Client Déneigement Boréal inc.' }).waitFor();
      const customers = await api(`/customers?filter[search]=${encodeURIComponent('Boréal')}`, { token: tk });
      assert.equal(customers.body.data.length, 1);
      assert.equal(customers.body.data[0].attributes.billing_address, 'C.P. 88');
      await page.keyboard.press('Escape');

      // A contact named like the demo contact Éric Tremblay, with a phone and its extension.
      assert.equal(await homonyms(tk, 'Éric Tremblay'), 1);
      await page.locator('[data-testid=section-menu] a', { hasText: 'Contacts' }).click();
      await page.waitForURL('**/crm/contacts');
      await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
      await page.locator('[data-testid=list-add]').click();
      await d.getByRole('heading', { name: 'Nouveau contact' }).waitFor();
      await choose(page, d, 'Titre', 'M.');
      await field(d, 'Prénom').fill('Eric');
      await field(d, 'Nom').fill('TREMBLAY');
      await d.locator('[data-testid=phone-add]').click();
      await d.locator('[data-testid=phone-0-number]').fill('514 555-0999');
      await d.locator('[data-testid=phone-0-type]').click();
      await comboOption(page, 'Travail').click();
      await d.locator('[data-testid=phone-0-extension]').fill('12');
      await choose(page, d, 'Lié à', 'Un client');
      // Searchable relation: type, then click the option (no Escape: it would close the drawer).
      const customerInput = field(d, 'Client').first();
      await customerInput.click();
      await customerInput.fill('Boréal');
      await comboOption(page, 'Déneigement Boréal inc.').click();

      // Cancel: nothing is saved, the form stays as typed.
      await d.locator('[data-testid=record-save]').click();
      const question = page.getByRole('dialog', { name: 'Est-ce la même personne ?' });
      await question.waitFor();
      await question.getByText('Éric Tremblay', { exact: true }).waitFor();
      await shot(page, '20-same-person');
      await question.locator('[data-testid=same-person-cancel]').click();
      await question.waitFor({ state: 'hidden' });
      assert.equal(await homonyms(tk, 'Éric Tremblay'), 1);
      assert.equal(await field(d, 'Prénom').inputValue(), 'Eric');

      // Continue: saved as a new contact.
      await d.locator('[data-testid=record-save]').click();
      await question.waitFor();
      await question.locator('[data-testid=same-person-continue]').click();
      await page.getByRole('heading', { name: 'Contact Eric TREMBLAY' }).waitFor();
      await d.getByText('514 555-0999 poste 12 (Travail)').waitFor();
      assert.equal(await homonyms(tk, 'Éric Tremblay'), 2);
      const saved = (await api(`/contacts?filter[same_name]=Eric%20TREMBLAY&filter[customer]=${customers.body.data[0].id}`, { token: tk })).body.data;
      assert.equal(saved.length, 1);
      assert.deepEqual(saved[0].attributes.phones, [{ number: '514 555-0999', type: 'BUSINESS', extension: '12' }]);
      assert.equal(saved[0].attributes.title, 'mr');
      await shot(page, '20-contact-saved');
      assert.deepEqual(page.errors, []);
    }));

  test('21. in English: customers with separate billing, contacts with their phones, a supplier with its products', T, () =>
    journey(browser, '21', async (open) => {
      const tk = await token('manager@atelier.test');
      const transport = (await api('/customers?filter[search]=Transport', { token: tk })).body.data[0].id;
      const pieces = (await api(`/suppliers?filter[search]=${encodeURIComponent('Pièces')}`, { token: tk })).body.data[0].id;
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
      await page.goto(`/crm/customers?id=${transport}&action=view`);
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Customer Transport Laval inc.' }).waitFor();
      await page.locator('[data-field-view=billing_address]').getByText('C.P. 4410, succursale Chomedey').waitFor();
      await page.getByRole('link', { name: /Nathalie Bouchard/ }).waitFor();
      await shot(page, '21-customer-view-en');
      await page.getByRole('link', { name: /Nathalie Bouchard/ }).click();
      await page.waitForURL('**/crm/contacts?**');
      await page.getByRole('heading', { name: 'Contact Nathalie Bouchard' }).waitFor();
      await page.locator('[data-field-view=phones]').getByText('450 555-0177 ext. 12 (Office)').waitFor();
      await shot(page, '21-contact-view-en');
      // A wrong extension: the server's error shows under that phone's extension.
      await page.locator('[data-testid=record-edit]').click();
      await page.locator('[data-testid=phone-0-extension]').fill('12b');
      await page.locator('[data-testid=record-save]').click();
      await page.getByText('This field may only contain numbers').waitFor();
      await settles(() => page.locator('[data-testid=phone-0-extension]').getAttribute('aria-invalid'), 'true');
      await shot(page, '21-contact-phone-error-en');
      await page.locator('[data-testid=phone-0-extension]').fill('13');
      await page.locator('[data-testid=record-save]').click();
      await page.locator('[data-field-view=phones]').getByText('450 555-0177 ext. 13 (Office)').waitFor();
      await page.goto('/crm/contacts');
      await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Sylvain Côté' }).waitFor();
      await shot(page, '21-contacts-en');
      await page.goto(`/purchases/suppliers?id=${pieces}&action=view`);
      await page.getByRole('heading', { name: 'Supplier Pièces Auto Montréal' }).waitFor();
      await page.getByRole('cell', { name: 'PAM-BP-3310' }).waitFor();
      await page.getByRole('cell', { name: '3 days' }).waitFor();
      await page.getByRole('cell', { name: '$64.50' }).waitFor();
      await shot(page, '21-supplier-view-en');
      // The demo's parts supplier has purchase orders: it is kept.
      assert.equal((await api(`/suppliers/${pieces}`, { method: 'DELETE', token: tk })).status, 409);
      // Delete asks first, then a supplier nothing refers to is gone (its products with it).
      const name = `Fournitures e2e ${Date.now() % 100000}`;
      const spare = await api('/suppliers', { method: 'POST', token: tk, body: { data: { type: 'suppliers', attributes: { company_name: name } } } });
      await page.goto(`/purchases/suppliers?id=${spare.body.data.id}&action=view`);
      await page.getByRole('heading', { name: `Supplier ${name}` }).waitFor();
      await page.locator('[data-testid=record-delete]').click();
      await page.getByRole('dialog', { name: 'Delete the record' }).waitFor();
      await page.locator('[data-testid=record-delete-confirm]').click();
      await page.getByRole('heading', { name: 'Suppliers', level: 1 }).waitFor();
      await page.getByRole('link', { name }).waitFor({ state: 'detached' });
      assert.equal((await api(`/suppliers/${spare.body.data.id}`, { token: tk })).status, 404);
      assert.deepEqual(page.errors, []);
    }));
  test('22. a location shows the contacts given to it, each opening its record', T, () =>
    journey(browser, '22', async (open) => {
      const tk = await token('manager@atelier.test');
      const locations = await api('/locations?filter[search]=Laval', { token: tk });
      const laval = locations.body.data[0].id;
      const created = await api('/contacts', {
        method: 'POST',
        token: tk,
        body: {
          data: {
            type: 'contacts',
            attributes: { firstname: 'Service', lastname: 'Laval', email: 'service.laval@garage.test' },
            relationships: { allowedLocations: { data: [{ type: 'locations', id: laval }] } },
          },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto(`/admin/locations?id=${laval}&action=view`);
      const section = page.locator('[data-testid=location-contacts]');
      await section.getByRole('heading', { name: 'Contacts de la succursale' }).waitFor();
      await section.getByText('service.laval@garage.test').waitFor();
      await shot(page, '22-location-contacts');
      await section.getByRole('link', { name: 'Service Laval' }).click();
      await page.waitForURL(`**/crm/contacts?id=${created.body.data.id}&action=view`);
      await page.getByRole('heading', { name: 'Contact Service Laval' }).waitFor();
      assert.deepEqual(page.errors, []);
    }));
});
