// Vehicles and requests journeys (issue 4, "Browser tests"): add a vehicle by VIN, create a quick
// request and assign it, and the assignee's dashboard. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, axeCheck, field, journey, launch, login, settles, shot, token } from './helpers.mjs';

const ACCORD = '1HGCM82633A004352';
// The same VIN with a wrong check digit (position 9 should be 5): decoded, but warned about.
const DOUBTFUL = '1HGCM82633A004353';
const T = { timeout: 120_000 };

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Drawer form inputs, by label, inside the open drawer. */
const drawer = (page) => page.locator('[data-testid=record-drawer]');

describe('vehicles and requests', () => {
  test('9. add a vehicle by VIN, create a quick request, assign it; the inspector sees it on the dashboard', T, () =>
    journey(browser, '9', async (open) => {
      const tk = await token('manager@atelier.test');
      // The demo garage already has this Accord: it leaves, so it can arrive again at the counter.
      const existing = await api(`/vehicles?filter[vin]=${ACCORD}`, { token: tk });
      for (const v of existing.body.data) assert.equal((await api(`/vehicles/${v.id}`, { method: 'DELETE', token: tk })).status, 204);

      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=app-vehicles]').click();
      // /vehicles goes straight to the first screen of the section.
      await page.waitForURL('**/vehicles/vehicles');
      await page.locator('[data-testid=section-menu] a').first().waitFor();
      assert.deepEqual(await page.locator('[data-testid=section-menu] a').allInnerTexts(), ['Véhicules', 'Demandes', 'Estimation de véhicule', 'Évaluations', 'Journal des demandes']);

      // Add by VIN: the form fills itself from the decode.
      await page.locator('[data-testid=list-add]').click();
      await page.waitForURL(/action=add/);
      await page.locator('[data-testid=vin-input]').pressSequentially(ACCORD.toLowerCase(), { delay: 10 });
      await page.locator('[data-testid=vin-status][data-status=decoded]').waitFor();
      await settles(() => page.locator('[data-testid=vin-input]').inputValue(), ACCORD);
      await settles(() => field(drawer(page), 'Marque').inputValue(), 'Honda');
      await settles(() => field(drawer(page), 'Modèle').inputValue(), 'Accord');
      await settles(() => field(drawer(page), 'Année modèle').inputValue(), '2003');
      assert.equal(await page.locator('[data-testid=vin-warning]').count(), 0);
      await field(drawer(page), 'No de stock (SKU)').fill('E2E-1001');
      await field(drawer(page), 'Immatriculation').fill('e2e 123');
      await field(drawer(page), 'Odomètre').fill('212400');
      await shot(page, '09-vehicle-decoded');
      await page.locator('[data-testid=record-save]').click();
      await page.getByRole('heading', { name: 'Véhicule 2003 Honda Accord' }).waitFor();
      await page.locator('[data-field-view=registration_number]').getByText('E2E 123').waitFor();
      await page.locator('[data-field-view=odometer]').getByText(/212\s400 km/).waitFor();
      await page.locator('[data-testid=vehicle-history-empty]').getByText('Aucune inspection, estimation ou réparation').waitFor();
      await shot(page, '09-vehicle-view');
      // The drawer is a dialog with a name (the list's), and passes axe.
      await page.getByRole('dialog', { name: 'Véhicules' }).waitFor();
      await axeCheck(page, 'the vehicle drawer');

      // In the list.
      await page.locator('[data-testid=record-drawer]').getByRole('button', { name: 'Fermer' }).click();
      await page.waitForURL((u) => !u.search.includes('action='));
      await page.locator('[data-testid=list-search]').fill(ACCORD);
      await page.waitForURL(/search=/);
      const row = page.locator('[data-testid=resource-row]').filter({ hasText: ACCORD });
      await row.waitFor();
      assert.match(await row.innerText(), /2003 Honda Accord/);
      assert.match(await row.innerText(), /E2E-1001/);
      await shot(page, '09-vehicle-in-list');

      // The same VIN again: the vehicle exists, with a link to it. A wrong check digit is a warning.
      await page.goto('/vehicles/vehicles?action=add');
      await page.locator('[data-testid=vin-input]').fill(ACCORD);
      await page.locator('[data-testid=vin-status][data-status=exists]').waitFor();
      await page.locator('[data-testid=vin-existing-link]').waitFor();
      await page.locator('[data-testid=vin-input]').fill(DOUBTFUL);
      await page.locator('[data-testid=vin-status][data-status=decoded]').waitFor();
      await page.locator('[data-testid=vin-warning]').getByText('attendu : 5').waitFor();
      assert.notEqual(await page.locator('[data-testid=vin-input]').getAttribute('aria-invalid'), 'true');
      await shot(page, '09-vin-check-digit-warning');
      await drawer(page).getByRole('button', { name: 'Annuler', exact: true }).click();
      await page.locator('[data-testid=leave-unsaved]').click();
      await page.waitForURL((u) => !u.search.includes('action='));

      // A quick request at the counter, found by its VIN.
      await page.goto('/vehicles/requests');
      await page.locator('[data-testid=quick-request]').click();
      await page.waitForURL(/action=add_quick_request/);
      await page.locator('[data-testid=quick-vehicle]').fill(ACCORD);
      await page.locator('[data-testid=quick-vehicle-chosen]').getByText('2003 Honda Accord').waitFor();
      // The customer from the CRM (dropdown label customer_name).
      const customer = field(drawer(page), 'Client');
      await customer.click();
      await customer.fill('Julie');
      await page.getByRole('listbox').getByRole('option', { name: 'Julie Roy' }).click();
      await drawer(page).getByLabel('Notes').fill('Bruit au freinage, client attend sur place.');
      await page.locator('[data-testid=quick-priority]').getByText('Haute').click();
      await shot(page, '09-quick-request');
      await page.locator('[data-testid=quick-save]').click();
      await page.getByRole('heading', { name: /^Demande D-\d{4}-\d{4} · Inspection · 2003 Honda Accord$/ }).waitFor();
      await page.locator('[data-field-view=state] [data-state=draft]').waitFor();
      await page.locator('[data-field-view=customer]').getByText('Julie Roy').waitFor();
      await page.locator('[data-field-view=notes]').getByText('Bruit au freinage').waitFor();

      // Assign it to the inspector with the user picker.
      await page.locator('[data-testid=request-assign]').click();
      const assignDialog = page.getByRole('dialog', { name: 'Assigner la demande' });
      const assignee = field(assignDialog, 'Assignée à');
      await assignee.click();
      await assignee.fill('Ivan');
      await page.getByRole('listbox').getByRole('option', { name: 'Ivan Tremblay' }).click();
      await page.locator('[data-testid=request-assign-confirm]').click();
      await page.locator('[data-field-view=state] [data-state=assigned]').waitFor();
      await page.locator('[data-field-view=assignedTo]').getByText('Ivan Tremblay').waitFor();
      // Approval is not offered twice; an action the state refuses is not offered at all.
      await settles(() => page.locator('[data-testid=request-approve]').count(), 1);
      await shot(page, '09-request-assigned');

      // The list shows it with its badges.
      await page.locator('[data-testid=record-drawer]').getByRole('button', { name: 'Fermer' }).click();
      await page.waitForURL((u) => !u.search.includes('action='));
      const reqRow = page.locator('[data-testid=resource-row]').filter({ hasText: '2003 Honda Accord' }).first();
      await reqRow.locator('[data-priority="30"]').waitFor();
      await reqRow.locator('[data-state=assigned]').waitFor();
      await shot(page, '09-requests-list');

      // The inspector's dashboard: the request in the assigned work.
      const inspector = await open();
      await login(inspector, 'inspector@atelier.test');
      await inspector.waitForURL('**/dashboard');
      const work = inspector.locator('[data-testid=dashboard-assigned-work]');
      await work.getByRole('heading', { name: 'Mon travail assigné' }).waitFor();
      const mine = work.locator('[data-testid=assigned-work-row]').filter({ hasText: '2003 Honda Accord' });
      await mine.waitFor();
      assert.match(await mine.innerText(), /Haute/i);
      assert.match(await mine.innerText(), /Assignée/i);
      await shot(inspector, '09-inspector-assigned-work');
      // It opens the request; the inspector may complete it but not assign it.
      await mine.getByRole('link').click();
      await inspector.getByRole('heading', { name: /^Demande D-\d{4}-\d{4} · Inspection · 2003 Honda Accord$/ }).waitFor();
      await inspector.locator('[data-testid=request-complete]').waitFor();
      assert.equal(await inspector.locator('[data-testid=request-assign]').count(), 0);
      // The inspector may look at vehicles but not add one: the spec's forbidden message, no add button.
      await inspector.goto('/vehicles/vehicles?action=add');
      await inspector.locator('[data-testid=vehicle-forbidden]').getByText("Vous n'avez pas la permission d'ajouter un véhicule.").waitFor();
      assert.equal(await inspector.locator('[data-testid=list-add]').count(), 0);
      await shot(inspector, '09-inspector-forbidden-add');
      assert.deepEqual(page.errors, []);
      assert.deepEqual(inspector.errors, []);
    }));

  test('10. requests in English; a refused action shows the error dialog; cancel asks first', T, () =>
    journey(browser, '10', async (open) => {
      const tk = await token('manager@atelier.test');
      const created = await api('/requests', {
        method: 'POST',
        token: tk,
        body: { data: { type: 'requests', attributes: { type: 'repair', priority: 10, vehicle_sku: 'E2E-LOT-7' } } },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data.id;
      const page = await open();
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('GLOBAL_LOCALE', 'en'));
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'My assigned work' }).waitFor();
      await page.locator('[data-testid=dashboard-quick-request]').getByText('New quick request').waitFor();

      await page.goto(`/vehicles/requests?id=${id}&action=view`);
      await page.getByRole('heading', { name: /^Request D-\d{4}-\d{4} · Repair · E2E-LOT-7$/ }).waitFor();
      await page.locator('[data-field-view=state]').getByText('Draft').waitFor();
      await page.locator('[data-field-view=priority]').getByText('Low').waitFor();
      // Draft: assign and cancel only.
      assert.equal(await page.locator('[data-testid=request-approve]').count(), 0);
      assert.equal(await page.locator('[data-testid=request-complete]').count(), 0);
      // Someone else cancels it meanwhile: cancelling again is refused (409) in the error dialog.
      assert.equal((await api(`/requests/${id}/cancel`, { token: tk, locale: 'en' })).status, 200);
      await page.locator('[data-testid=request-cancel]').click();
      await page.getByText(/^The request “D-\d{4}-\d{4} · Repair · E2E-LOT-7” will be canceled/).waitFor();
      await page.locator('[data-testid=request-cancel-confirm]').click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'canceled' });
      await dialog.getByText(/cannot be canceled/i).waitFor();
      await shot(page, '10-refused-action-dialog');
      await dialog.getByRole('button', { name: 'OK' }).click();
      // Filters: the canceled state.
      await page.goto('/vehicles/requests?filter[state]=canceled');
      await page.locator('[data-testid=resource-row]').filter({ hasText: 'E2E-LOT-7' }).locator('[data-state=canceled]').getByText('Canceled').waitFor();
      await shot(page, '10-requests-english');
    }));
});
