// Forms journeys (issue 8, items 9, 10, 13 and 15): a new VIN decode replaces the previous one's
// values; errors are brought into view and announced; the customer form and record; dates in the
// user's language; one "not found" message for another organization's record; a delete
// confirmation that names the record. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, field, journey, launch, login, settles, shot, token } from './helpers.mjs';

// A 1989 Motor Coach Industries bus (series "MCI", engine "8V-92TA") and a 2019 Tesla Model 3,
// both decoded by the offline VIN database, neither in the demo data; valid check digits.
const BUS = '1M8GDM9AXKP042788';
const TESLA = '5YJ3E1EA7KF317042';
// In the demo garage already: the server refuses it (vin_taken), the browser cannot know.
const ACCORD = '1HGCM82633A004352';
const T = { timeout: 180_000 };
const SIZES = { wide: { width: 1440, height: 900 }, tablet: { width: 1024, height: 768 } };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const drawer = (page) => page.locator('[data-testid=record-drawer]');

/** Opens a page signed in as the manager, in French or English. */
async function signedIn(open, locale, size, email = 'manager@atelier.test') {
  const page = await open(size);
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('GLOBAL_LOCALE', l), locale);
  await login(page, email);
  await page.waitForURL('**/dashboard');
  return page;
}

/** Whether an element is entirely inside the window (not scrolled out of sight). */
const inViewport = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
  });

/** An option of the open Mantine dropdown. */
const comboOption = (page, text) =>
  page.locator('[data-combobox-option]').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();

/** Whether the label of an input carries Mantine's required marker. */
const markedRequired = (scope, name) =>
  scope.locator(`.mantine-InputWrapper-root:has(input[name="${name}"]) .mantine-InputWrapper-required`).count();

describe('forms', () => {
  test('30. VIN decode: a Tesla typed after a 1989 bus keeps no bus values; typed-by-hand values stay, marked', T, () =>
    journey(browser, '30', async (open) => {
      const tk = await token('manager@atelier.test');
      for (const vin of [BUS, TESLA]) for (const v of (await api(`/vehicles?filter[vin]=${vin}`, { token: tk })).body.data) await api(`/vehicles/${v.id}`, { method: 'DELETE', token: tk });
      const page = await signedIn(open, 'fr', SIZES.wide);
      await page.goto('/vehicles/vehicles?action=add');
      const d = drawer(page);
      const vin = page.locator('[data-testid=vin-input]');
      await vin.pressSequentially(BUS, { delay: 5 });
      await page.locator('[data-testid=vin-status][data-status=decoded]').waitFor();
      await settles(() => field(d, 'Série / version').inputValue(), 'MCI');
      await settles(() => field(d, 'Moteur').inputValue(), '8V-92TA');
      await settles(() => field(d, 'Année modèle').inputValue(), '1989');
      // The user corrects the body style by hand.
      await field(d, 'Carrosserie').fill('Autocar');
      await shot(page, '30-bus-decoded');

      await vin.fill(TESLA);
      await settles(() => field(d, 'Marque').inputValue(), 'Tesla');
      await settles(() => field(d, 'Série / version').inputValue(), '');
      await settles(() => field(d, 'Moteur').inputValue(), '');
      await settles(() => field(d, 'Année modèle').inputValue(), '2019');
      assert.equal(await field(d, 'Modèle').inputValue(), 'Model 3');
      assert.equal(await field(d, 'Carrosserie').inputValue(), 'Autocar');
      await d.getByText('Saisi à la main : le décodage du NIV ne l\'a pas remplacé.').waitFor();
      assert.equal(await d.getByText('Saisi à la main', { exact: false }).count(), 1);
      await shot(page, '30-tesla-after-bus');
      await page.locator('[data-testid=record-save]').click();
      await page.getByRole('heading', { name: 'Véhicule 2019 Tesla Model 3' }).waitFor();
      const saved = (await api(`/vehicles?filter[vin]=${TESLA}`, { token: tk })).body.data[0].attributes;
      assert.deepEqual([saved.make, saved.series, saved.engine_description, saved.style, saved.model_year], ['Tesla', null, null, 'Autocar', 2019]);
      assert.deepEqual(page.errors, []);
    }));

  test('31. errors in sight: a short VIN and a VIN the server refuses are brought into view and announced', T, () =>
    journey(browser, '31', async (open) => {
      for (const [locale, size, texts] of [
        ['fr', SIZES.wide, { one: 'Le formulaire contient une erreur', length: 'Le NIV doit contenir 17 caractères', taken: 'Un véhicule avec ce NIV existe déjà' }],
        ['en', SIZES.tablet, { one: 'The form has an error', length: 'The VIN must have 17 characters', taken: 'already' }],
      ]) {
        const page = await signedIn(open, locale, size);
        await page.goto('/vehicles/vehicles?action=add');
        const d = drawer(page);
        const vin = page.locator('[data-testid=vin-input]');
        await vin.fill('ABC123');
        // The user goes down the form and saves from there: the VIN is out of sight.
        await page.locator('[data-testid=record-save]').scrollIntoViewIfNeeded();
        await d.locator('input[name=color]').scrollIntoViewIfNeeded();
        await page.locator('[data-testid=record-save]').click();
        await d.getByText(texts.length, { exact: false }).first().waitFor();
        await settles(() => vin.getAttribute('aria-invalid'), 'true');
        await settles(() => inViewport(vin), true, 'the VIN in error is scrolled into view');
        await settles(() => vin.evaluate((el) => el === document.activeElement), true, 'the VIN in error has the focus');
        const message = d.locator('[data-form-errors]');
        await message.getByText(texts.one, { exact: false }).waitFor();
        assert.equal(await inViewport(message), true, 'the message saying there are errors is in view');
        await shot(page, `31-vin-short-${locale}-${size.width}`);

        // A VIN of valid form that the server refuses (already in the garage): its message, in view.
        await vin.fill(ACCORD);
        await page.locator('[data-testid=vin-status][data-status=exists]').waitFor();
        await d.locator('input[name=color]').scrollIntoViewIfNeeded();
        await page.locator('[data-testid=record-save]').click();
        await d.locator('.mantine-InputWrapper-error').getByText(texts.taken, { exact: false }).waitFor();
        await settles(() => inViewport(vin), true, 'the VIN the server refused is scrolled into view');
        await message.getByText(texts.one, { exact: false }).waitFor();
        await shot(page, `31-vin-taken-${locale}-${size.width}`);
        assert.deepEqual(page.errors, []);
      }
    }));

  test('32. customers: required names marked, sections in order, phone "abc" refused; the record lists vehicles and requests; new request from it', T, () =>
    journey(browser, '32', async (open) => {
      const tk = await token('manager@atelier.test');
      const page = await signedIn(open, 'fr', SIZES.wide);
      await page.goto('/crm/customers?action=add');
      const d = drawer(page);
      await d.getByRole('heading', { name: 'Nouveau client' }).waitFor();
      assert.equal(await markedRequired(d, 'firstname'), 1, 'Prénom is marked required');
      assert.equal(await markedRequired(d, 'lastname'), 1, 'Nom is marked required');
      // Sections in the order a clerk fills them; the billing switch opens the billing section.
      assert.deepEqual(await d.locator('[data-testid=form-section]').allInnerTexts(), ['IDENTITÉ', 'COORDONNÉES', 'ADRESSE', 'FACTURATION', 'LIVRAISON', 'CLASSEMENT ET NOTES']);
      const order = await d.evaluate((root) => {
        const at = (el) => [...root.querySelectorAll('[data-testid=form-section], input')].indexOf(el);
        const sections = [...root.querySelectorAll('[data-testid=form-section]')];
        const billing = sections.find((s) => s.textContent === 'Facturation');
        const delivery = sections.find((s) => s.textContent === 'Livraison');
        const toggle = root.querySelector('input[name=billing_same_as_customer]');
        const deliveryAddress = root.querySelector('input[name=delivery_address]');
        return { billing: at(billing), toggle: at(toggle), delivery: at(delivery), deliveryAddress: at(deliveryAddress) };
      });
      assert.ok(order.billing < order.toggle && order.toggle < order.delivery && order.delivery < order.deliveryAddress, JSON.stringify(order));
      await shot(page, '32-customer-form');
      await field(d, 'Prénom').fill('Jeanne');
      await field(d, 'Nom').fill('Formulaire');
      await field(d, 'Téléphone').fill('abc');
      await page.locator('[data-testid=record-save]').click();
      await d.getByText('Le champ doit contenir un numéro de téléphone valide').waitFor();
      await settles(() => field(d, 'Téléphone').getAttribute('aria-invalid'), 'true');
      await d.locator('[data-form-errors]').waitFor();
      await shot(page, '32-customer-phone-abc');
      assert.equal((await api('/customers?filter[search]=Formulaire', { token: tk })).body.meta.page.total, 0, 'nothing sent');
      // A company: the company name is required instead of the names.
      await field(d, 'Type').click();
      await comboOption(page, 'Entreprise').click();
      assert.equal(await markedRequired(d, 'company_name'), 1);
      await field(d, 'Type').click();
      await comboOption(page, 'Particulier').click();
      await field(d, 'Téléphone').fill('514 555-0123');
      await page.locator('[data-testid=record-save]').click();
      await page.getByRole('heading', { name: 'Client Jeanne Formulaire' }).waitFor();
      const customerId = new URL(page.url()).searchParams.get('id');

      // Its vehicle and request (made elsewhere) show on its record, linked.
      const vehicle = await api('/vehicles', {
        method: 'POST',
        token: tk,
        body: { data: { type: 'vehicles', attributes: { vin: '2HGFC2F58JH512345', make: 'Honda', model: 'Civic', model_year: 2018, odometer_unit: 'km' }, relationships: { customer: { data: { type: 'customers', id: customerId } } } } },
      });
      assert.equal(vehicle.status, 201, JSON.stringify(vehicle.body));
      const request = await api('/requests', {
        method: 'POST',
        token: tk,
        body: { data: { type: 'requests', attributes: { type: 'repair', priority: 30 }, relationships: { vehicle: { data: { type: 'vehicles', id: vehicle.body.data.id } }, customer: { data: { type: 'customers', id: customerId } } } } },
      });
      assert.equal(request.status, 201, JSON.stringify(request.body));
      await page.reload();
      const vehicles = page.locator('[data-testid=customer-vehicles]');
      await vehicles.getByRole('heading', { name: 'Véhicules du client' }).waitFor();
      await vehicles.getByRole('link', { name: '2018 Honda Civic' }).waitFor();
      const requests = page.locator('[data-testid=customer-requests]');
      await requests.getByRole('link', { name: 'Réparation · 2018 Honda Civic' }).waitFor();
      await requests.locator('[data-state=draft]').waitFor();
      assert.equal(await requests.locator('[data-testid=customer-request]').count(), 1);
      await shot(page, '32-customer-view');
      await page.locator('[data-field-view=phone]').scrollIntoViewIfNeeded();

      // The delete confirmation names the customer; cancelled.
      await page.locator('[data-testid=record-delete]').click();
      await page.locator('[data-testid=record-delete-question]').getByText('Supprimer le client Jeanne Formulaire ?').waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await shot(page, '32-customer-delete-question');
      await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

      // New request from the customer: the quick form with the customer chosen and its vehicles offered.
      await page.locator('[data-testid=customer-new-request]').click();
      await page.waitForURL(/action=add_quick_request/);
      await settles(() => field(drawer(page), 'Client').first().inputValue(), 'Jeanne Formulaire');
      await page.locator('[data-testid=quick-customer-vehicles]').waitFor();
      await shot(page, '32-new-request-from-customer');
      await page.locator('[data-testid=quick-vehicle-match]').filter({ hasText: '2018 Honda Civic' }).click();
      await page.locator('[data-testid=quick-vehicle-chosen]').getByText('2018 Honda Civic').waitFor();
      await page.locator('[data-testid=quick-save]').click();
      await page.locator('[data-field-view=customer]').getByText('Jeanne Formulaire').waitFor();
      assert.equal((await api(`/requests?filter[customer]=${customerId}`, { token: tk })).body.meta.page.total, 2);

      // In English on a tablet: the record with its lists.
      const en = await signedIn(open, 'en', SIZES.tablet);
      await en.goto(`/crm/customers?id=${customerId}&action=view`);
      await en.getByRole('heading', { name: 'Customer Jeanne Formulaire' }).waitFor();
      await en.locator('[data-testid=customer-requests]').getByRole('heading', { name: "Customer's requests" }).waitFor();
      await en.locator('[data-testid=customer-request]').nth(1).waitFor();
      await shot(en, '32-customer-view-en-1024');
      await en.locator('[data-testid=record-edit]').click();
      await field(drawer(en), 'Phone').fill('abc');
      await en.locator('[data-testid=record-save]').click();
      await drawer(en).getByText('This field must contain a valid phone number').waitFor();
      await shot(en, '32-customer-phone-abc-en-1024');
      assert.deepEqual(page.errors, []);
      assert.deepEqual(en.errors, []);
    }));

  test('33. dates in the user language; another organization\'s record: one message; delete names the record', T, () =>
    journey(browser, '33', async (open) => {
      const tk2 = await token('manager2@atelier.test');
      const theirs = (await api('/customers', { token: tk2 })).body.data[0];
      assert.ok(theirs, 'Autos Rivière has a customer');
      for (const [locale, size, t] of [
        ['fr', SIZES.wide, { date: 'jj/mm/aaaa', dateTime: 'jj/mm/aaaa hh:mm', typed: '03/04/1985', shown: '3 avril 1985', missing: "Cet enregistrement n'existe pas ou vous n'y avez pas accès.", oops: 'Oups', birthday: 'Date de naissance', first: 'Prénom', last: 'Nom', due: 'Échéance' }],
        ['en', SIZES.tablet, { date: 'yyyy-mm-dd', dateTime: 'yyyy-mm-dd hh:mm', typed: '1985-04-03', shown: 'April 3, 1985', missing: 'This record does not exist or you have no access to it.', oops: 'Oops', birthday: 'Birthday', first: 'First name', last: 'Last name', due: 'Due' }],
      ]) {
        const page = await signedIn(open, locale, size);
        // A contact's birthday: typed in the user's format, shown in words.
        await page.goto('/crm/contacts?action=add');
        const d = drawer(page);
        const birthday = field(d, t.birthday).first();
        await birthday.waitFor();
        assert.equal(await birthday.getAttribute('placeholder'), t.date);
        await field(d, t.first).fill('Date');
        await field(d, t.last).fill(`Naissance ${locale}`);
        await birthday.fill(t.typed);
        await page.keyboard.press('Tab');
        await settles(() => birthday.inputValue(), t.typed);
        await shot(page, `33-birthday-${locale}-${size.width}`);
        await page.locator('[data-testid=record-save]').click();
        await page.locator('[data-field-view=birthday]').getByText(t.shown).waitFor();

        // A request's due date: the picker in the user's format.
        await page.goto('/vehicles/requests?action=add');
        const due = field(drawer(page), t.due).first();
        await due.waitFor();
        await settles(() => due.innerText().then((s) => s.trim()), t.dateTime);
        await due.click();
        // The calendar speaks the user's language ("novembre 2026", "November 2026").
        const month = new Intl.DateTimeFormat(`${locale}-CA`, { month: 'long', year: 'numeric' }).format(new Date());
        await page.getByRole('button', { name: new RegExp(`^${month}$`, 'i') }).waitFor();
        await shot(page, `33-due-picker-${locale}-${size.width}`);
        await page.keyboard.press('Escape');

        // Another organization's customer by URL: one clear message, no dialog, no raw id.
        await page.goto(`/crm/customers?id=${theirs.id}&action=view`);
        await page.locator('[data-testid=record-not-found]').getByText(t.missing).waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.locator('[data-testid=error-dialog-message]').count(), 0, 'no error dialog besides the message');
        assert.equal(await page.getByRole('dialog', { name: t.oops }).count(), 0, 'no "Oups" dialog');
        assert.equal(await page.locator('[data-testid=record-not-found]').count(), 1);
        assert.equal(await page.getByText(theirs.id).count(), 0, 'no raw id on the screen');
        await shot(page, `33-not-found-${locale}-${size.width}`);
        assert.deepEqual(page.errors, []);
      }
    }));
});
