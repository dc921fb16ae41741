// Parts pricing (issue 27): the manager sets a markup matrix row on the estimations settings (« 40,5 » %
// typed in French); four tires and a battery put on an estimate take their price from their cost by the
// matrix, Québec's environmental fees and the battery's core charge; the estimate screen shows the fees and
// the margin (staff); the repair's screen marks the old battery returned (its core credited); the invoice has
// the fee, core and credit lines and the repair's total to the cent. Axe on each screen. In French, 1366x850.
// Run through e2e/run.mjs (fresh database). The matrix is emptied again at the end.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { actionsOf, api, axeCheck, create, fileBrowser, firstId, journey, login, one, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();
const plain = (s) => s.replace(/\s/g, ' ');

async function matrixOption(tk) {
  const r = await api('/options?filter[name]=estimations.markup_matrix', { token: tk });
  const found = r.body.data.find((o) => o.attributes.name === 'estimations.markup_matrix');
  assert.ok(found, JSON.stringify(r.body));
  return found;
}

describe('part charges', () => {
  test('92. tires with their fee and a battery with its core, priced by the matrix, through to the invoice', T, () =>
    journey(held.browser, '92-part-charges', async (open) => {
      const tk = await token('manager@atelier.test');
      const stamp = Date.now() % 100_000;
      const page = await open({ width: 1366, height: 850 });
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      try {
        // The settings: one row of the matrix, 40,5 % from 0,00 $.
        await page.goto('/settings/estimations');
        await page.getByText('Matrice de majoration des pièces').waitFor();
        await page.getByTestId('option-estimations.markup_matrix').getByRole('button', { name: 'Ajouter une ligne' }).click();
        await page.getByRole('textbox', { name: 'Coût à partir de, ligne 1' }).fill('0');
        await page.getByRole('textbox', { name: 'Marge, ligne 1' }).fill('40,5');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await page.getByText('Paramètres enregistrés').waitFor();
        await axeCheck(page, 'the estimations settings with the parts pricing');
        await shot(page, '92-settings-matrix');
        assert.deepEqual((await matrixOption(tk)).attributes.value, [{ fromCents: 0, marginPercent: '40.5' }]);

        const tire = await create(tk, 'products', { sku: `PN-${stamp}`, name: 'Pneu 225/65R17', buying_price: 10_000, environmental_fee_kind: 'tire' });
        const battery = await create(tk, 'products', { sku: `BAT-${stamp}`, name: 'Batterie H6', buying_price: 12_000, core_charge: 2_500, environmental_fee_kind: 'battery' });
        const vehicle = await create(tk, 'vehicles', { vin: vinOf(500_000 + stamp) });
        const quebec = await firstId(tk, '/tax-groups?filter[search]=Québec');
        const customer = await create(tk, 'customers', { type: 'company', company_name: `Pneus Boréal ${stamp}` });
        const line = (detail) => ({ type: 'estimation-items', attributes: { detail }, relationships: { taxGroup: one('tax-groups', quebec) } });
        const made = await api('/estimations', {
          method: 'POST',
          token: tk,
          body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { vehicle: one('vehicles', vehicle), customer: one('customers', customer), items: { data: [line('Pneus d’hiver'), line('Batterie')] } } } },
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        const id = made.body.data.id;
        const act = actionsOf(tk, 'estimations', id);
        await act('start-components');
        await act('start-times');
        const items = (await api(`/estimations/${id}?include=items`, { token: tk })).body.included.filter((r) => r.type === 'estimation-items').sort((a, b) => a.attributes.position - b.attributes.position);
        for (const [k, [product, quantity]] of [[tire, '4'], [battery, '1']].entries()) {
          const r = await api(`/estimation-items/${items[k].id}`, { method: 'PATCH', token: tk, body: { data: { type: 'estimation-items', id: items[k].id, attributes: { quantity }, relationships: { product: one('products', product) } } } });
          assert.equal(r.status, 200, JSON.stringify(r.body));
        }

        // 100,00 $ + 40,5 % = 140,50 $ a tire; 3,00 $ of fee each (Québec's example), the battery's 3,00 $ and 25,00 $ of core.
        await page.goto(`/inspecpro/estimates/${id}`);
        await settles(async () => plain(await page.getByTestId('totals-part-charges').innerText()), '40,00 $');
        await settles(async () => plain(await page.getByTestId('item-margin').first().innerText()), 'Marge : 40,50 $ (40,5 %)');
        await axeCheck(page, 'the estimate with its fees and margins');
        await shot(page, '92-estimate-fees');

        await act('end-components');
        await act('end-times');
        const valid = await act('valid');
        const estimation = valid.body.data.attributes;
        const repair = valid.body.data.relationships.repair.data.id;

        await page.goto(`/inspecpro/repairs/${repair}`);
        await page.getByRole('button', { name: 'Détails de Élément 2' }).click();
        await page.getByRole('switch', { name: 'Noyau retourné (Batterie)' }).click();
        // 25,00 $ + TPS 1,25 $ + TVQ 2,49 $ credited.
        await settles(async () => (await api(`/repairs/${repair}`, { token: tk })).body.data.attributes.total, estimation.approved_total - 2_500 - 125 - 249);
        await axeCheck(page, 'the repair with its core returned');
        await shot(page, '92-repair-core-returned');

        const repairAct = actionsOf(tk, 'repairs', repair);
        await repairAct('start');
        await repairAct('complete');
        const invoice = await api(`/repairs/${repair}/invoice?include=items`, { method: 'POST', token: tk, body: {} });
        assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
        const lines = invoice.body.included.filter((r) => r.type === 'sales-invoice-items').map((l) => [l.attributes.description, l.attributes.subtotal]);
        assert.deepEqual(lines, [
          ['Pneu 225/65R17', 56_200],
          ['Droits environnementaux (pneus)', 1_200],
          ['Batterie H6', 16_860],
          ['Droits environnementaux (batteries)', 300],
          ['Consigne (noyau) : Batterie H6', 2_500],
          ['Consigne retournée : Batterie H6', -2_500],
        ]);
        const after = (await api(`/repairs/${repair}`, { token: tk })).body.data.attributes;
        assert.equal(invoice.body.data.attributes.total, after.total);
        assert.deepEqual(page.errors, []);
      } finally {
        const option = await matrixOption(tk);
        await api(`/options/${option.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'options', id: option.id, attributes: { value: [] } } } });
      }
    }));
});
