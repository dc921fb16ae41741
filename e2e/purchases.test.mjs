// Buying parts as a parts manager does (issue 22): an order to a supplier written on the screen
// (the product's line priced from the supplier), validated, received in two parts through the
// Receive dialog (the first by scanning the part's barcode) (each receipt validated: the stock rises by what came), billed for what was
// received, the bill validated and paid from its Pay button (its balance goes to zero); run low, the
// part is reordered from the warehouse's stock. French at
// 1440×900, English at 1024×768. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, field, fileBrowser, journey, login, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { supplier: 'Fournisseur', warehouse: 'Entrepôt de réception', received: 'Les produits livrés', price: '42,00 $', amount: '210,00 $', balance: 'Solde', paid: 'Payée' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { supplier: 'Supplier', warehouse: 'Receiving warehouse', received: 'The products delivered', price: '$42.00', amount: '$210.00', balance: 'Balance', paid: 'Paid' } },
];

/** A text with its spaces plain (French money is written with a no-break space). */
const plain = (text) => text.replace(/\s/g, ' ');

/** Runs a workflow action of the open document through its confirmation. */
async function act(page, type, action) {
  const button = page.locator(`[data-testid=${type}-actions-${action}]`);
  // The record's buttons come with the record: wait for them before looking in the menu.
  await page.locator(`[data-testid=${type}-actions-${action}], [data-testid=${type}-actions-more]`).first().waitFor();
  if (!(await button.isVisible())) await page.locator(`[data-testid=${type}-actions-more]`).click();
  await button.click();
  await page.locator(`[data-testid=${type}-actions-confirm]`).click();
}

/** The product's stock in the warehouse, as the API reads it. */
async function onHand(tk, warehouse, product) {
  const res = await api(`/warehouse-products?filter[warehouse]=${warehouse}&filter[product]=${product}`, { token: tk });
  return Number(res.body.data[0]?.attributes.quantity_on_hand ?? 0);
}

/** Picks an option of a select of the drawer (the list's filters behind it have the same labels). */
async function chooseIn(page, label, text) {
  const input = field(page.locator('[data-testid=record-drawer]'), label).first();
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text }).first().click();
}

const recordId = (page) => new URL(page.url()).searchParams.get('id');

describe('purchases', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`24-${locale}-${viewport.width}. a parts manager orders a part, receives it in two parts, pays the supplier's bill`, T, () =>
      journey(held.browser, `24-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = `${locale}${viewport.width}-${Date.now() % 100000}`;
        const locations = await api('/locations?page[size]=1', { token: tk });
        const room = `Réception e2e ${stamp}`;
        const warehouse = await create(tk, 'warehouses', { name: room }, { location: one('locations', locations.body.data[0].id) });
        const supplierName = `Pièces e2e ${stamp}`;
        const supplier = await create(tk, 'suppliers', { company_name: supplierName });
        const sku = `E2E-PO-${stamp}`;
        const barcode = `0${String(Date.now()).slice(-11)}`;
        const product = await create(tk, 'products', { sku, name: `Plaquettes ${stamp}`, buying_price: 5000, barcode });
        // The supplier sells it for less than its usual buying price: the order's line takes the supplier's.
        await create(tk, 'supplier-products', { supplier_sku: `S-${stamp}`, cost: 4200 }, { supplier: one('suppliers', supplier), product: one('products', product) });

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The order: its supplier, its warehouse, a line of 5 of the product.
        await page.goto('/purchases/orders');
        await page.locator('[data-testid=list-add]').click();
        const drawer = page.locator('[data-testid=record-drawer]');
        await chooseIn(page, w.supplier, supplierName);
        await chooseIn(page, w.warehouse, room);
        await page.locator('[data-testid=lines-add-purchases-order-items]').click();
        const row = page.locator('[data-testid=lines-purchases-order-items] [data-testid=line-row]').first();
        const picker = row.locator('[data-line-field=product] input').first();
        await picker.click();
        await picker.fill(sku);
        await page.getByRole('option', { name: new RegExp(sku) }).first().click();
        await row.locator('input[data-line-field=quantity]').fill('5');
        await shot(page, `24-order-new-${locale}-${viewport.width}`);
        await drawer.locator('[data-testid=record-save]').click();
        await drawer.locator('[data-testid=record-edit]').waitFor();
        const order = recordId(page);
        assert.ok(plain(await drawer.innerText()).includes(w.price), `the line takes the supplier's price, ${w.price}`);
        // Its row adds up: 5 × 42.00 = 210.00 before taxes, as on the PDF (the taxes are the document's, below).
        const lineRow = plain(await drawer.locator('[data-testid=lines-view-purchases-order-items] [data-testid=line-row]').first().innerText());
        assert.ok(lineRow.includes(w.amount), `the line's row shows its amount before taxes, ${w.amount}: ${lineRow}`);
        await axeCheck(page, 'a draft order');
        await act(page, 'purchases-orders', 'validate');
        await page.locator('[data-testid=purchases-orders-locked]').waitFor();
        // The order to send to the supplier, as a PDF.
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=order-pdf]').click()]);
        assert.match(download.suggestedFilename(), locale === 'fr' ? /^bon-de-commande-PO-\d{4}-\d{6}\.pdf$/ : /^purchase-order-PO-\d{4}-\d{6}\.pdf$/);

        // Part of it came: 2 scanned (a scanner types the code and Enter), an unknown code said so, validated at
        // once; the receipt opens; the stock has them.
        await page.locator('[data-testid=order-receive]').click();
        const scan = page.locator('[data-testid=receive-scan]');
        // The camera is offered beside the scan input (the journey scans with the input).
        await page.locator('[data-testid=receive-camera]').waitFor();
        for (const code of [barcode, '999999', barcode]) {
          await scan.fill(code);
          await scan.press('Enter');
        }
        assert.equal(await page.locator('[data-testid=receive-0]').inputValue(), '2');
        assert.ok((await page.locator('[data-testid=receive-scanned]').innerText()).includes(': 2'));
        await shot(page, `24-receive-${locale}-${viewport.width}`);
        await axeCheck(page, 'the receive dialog');
        await page.locator('[data-testid=receive-validate]').click();
        await page.waitForURL((u) => u.pathname === '/purchases/deliveries' && u.searchParams.has('id'));
        await page.locator('[data-testid=purchases-deliveries-locked]').waitFor();
        await settles(() => onHand(tk, warehouse, product), 2);
        await shot(page, `24-receipt-${locale}-${viewport.width}`);

        // The rest came later: the dialog offers what is left (3).
        await page.goto(`/purchases/orders?id=${order}&action=view`);
        await page.locator('[data-testid=order-receive]').click();
        assert.equal(await page.locator('[data-testid=receive-0]').inputValue(), '3');
        await page.locator('[data-testid=receive-validate]').click();
        await page.waitForURL((u) => u.pathname === '/purchases/deliveries' && u.searchParams.get('id') !== null);
        await settles(() => onHand(tk, warehouse, product), 5);
        await settles(async () => (await api(`/purchases-orders/${order}`, { token: tk })).body.data.attributes.delivery_status, 'delivered');

        // The supplier's bill for what was received, checked and validated, then paid from its Pay button.
        await page.goto(`/purchases/orders?id=${order}&action=view`);
        await page.locator('[data-testid=order-bill]').click();
        await page.locator('[data-testid=bill-type]').click();
        await page.getByRole('option', { name: w.received }).click();
        await page.locator('[data-testid=bill-create]').click();
        await page.waitForURL((u) => u.pathname === '/purchases/invoices' && u.searchParams.has('id'));
        const invoice = recordId(page);
        await act(page, 'purchases-invoices', 'validate');
        await page.locator('[data-testid=invoice-pay]').click();
        await page.waitForURL((u) => u.pathname === '/purchases/payments');
        const form = page.locator('[data-testid=record-drawer]');
        await form.locator('[data-testid=record-save]').waitFor();
        await shot(page, `24-payment-${locale}-${viewport.width}`);
        await axeCheck(page, 'a new payment');
        await form.locator('[data-testid=record-save]').click();
        await form.locator('[data-testid=record-edit]').waitFor();
        await settles(async () => (await api(`/purchases-invoices/${invoice}`, { token: tk })).body.data.attributes.payment_status, 'paid');
        const after = (await api(`/purchases-orders/${order}`, { token: tk })).body.data.attributes;
        assert.deepEqual([after.state, after.delivery_status, after.invoicing_status], ['completed', 'delivered', 'invoiced'], 'all received and billed: the order is completed');
        await page.goto(`/purchases/invoices?id=${invoice}&action=view`);
        // Read once the drawer has loaded the bill (right after the navigation it may still be empty).
        const reads = async () => {
          const text = plain(await page.locator('[data-testid=record-drawer]').innerText());
          return text.includes(w.balance) && text.includes(w.paid);
        };
        await settles(reads, true, 'the paid bill shows its balance and paid status');
        await shot(page, `24-invoice-paid-${locale}-${viewport.width}`);
        await axeCheck(page, 'a paid bill');

        // The part runs low (5 on hand, minimum 6): "order what is missing" drafts an order of 5 more from its supplier.
        const stock = (await api(`/warehouse-products?filter[warehouse]=${warehouse}&filter[product]=${product}`, { token: tk })).body.data[0];
        const points = await api(`/warehouse-products/${stock.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'warehouse-products', id: stock.id, attributes: { minimum: '6', maximum: '10' } } } });
        assert.equal(points.status, 200, JSON.stringify(points.body));
        await page.goto(`/inventory/warehouses/${warehouse}/stock`);
        await page.locator('[data-testid=reorder]').click();
        await page.waitForURL((u) => u.pathname === '/purchases/orders' && u.searchParams.get('filter[state]') === 'draft');
        const drafted = page.locator('tbody tr').filter({ hasText: supplierName });
        await drafted.first().waitFor();
        const orders = (await api(`/purchases-orders?filter[supplier]=${supplier}&filter[state]=draft&include=items`, { token: tk })).body;
        assert.deepEqual(orders.included.map((i) => Number(i.attributes.quantity)), [5]);
        await shot(page, `24-reordered-${locale}-${viewport.width}`);
      }),
    );
});
