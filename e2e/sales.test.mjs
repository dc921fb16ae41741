// Selling at the counter and invoicing a repair (issue 23): an order of two parts and the work of
// fitting them, written on the screen (the parts priced from their selling price), validated,
// delivered through the Deliver dialog (the stock goes down by what left), invoiced (the draft has
// no number; validated, it takes the next one), paid from its Pay button; then a completed demo
// repair invoiced from its page ("Facturer"), once, sent; its PDF checked (GST and QST numbers,
// taxes, total, terms); the customer pays it on a phone through (the fake) Stripe; the sales home's
// and the dashboard's figures moved by both. French at 1440×900, English at 1024×768. Run through
// e2e/run.mjs (it starts the fake Stripe).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { api, axeCheck, create, field, fileBrowser, journey, login, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { gst: 'No TPS : 812345678 RT0001', qst: 'No TVQ : 1212345678 TQ0001', customer: 'Client', warehouse: 'Entrepôt de départ', price: '89,99 $', paid: 'Payée', labour: 'Main-d’œuvre', money: (c) => `${(c / 100).toFixed(2).replace('.', ',')} $` } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { gst: 'GST no.: 812345678 RT0001', qst: 'QST no.: 1212345678 TQ0001', customer: 'Customer', warehouse: 'Ships from', price: '$89.99', paid: 'Paid', labour: 'Labour', money: (c) => `$${(c / 100).toFixed(2)}` } },
];

const plain = (text) => text.replace(/\s/g, ' ');
/** Money as the screens show it, thousands grouped (the figures pass a thousand). */
const moneyIn = (locale, cents) => plain(new Intl.NumberFormat(`${locale}-CA`, { style: 'currency', currency: 'CAD' }).format(cents / 100));

/** Runs a workflow action of the open document through its confirmation. */
async function act(page, type, action) {
  const button = page.locator(`[data-testid=${type}-actions-${action}]`);
  await page.locator(`[data-testid=${type}-actions-${action}], [data-testid=${type}-actions-more]`).first().waitFor();
  if (!(await button.isVisible())) await page.locator(`[data-testid=${type}-actions-more]`).click();
  await button.click();
  await page.locator(`[data-testid=${type}-actions-confirm]`).click();
}

async function onHand(tk, warehouse, product) {
  const res = await api(`/warehouse-products?filter[warehouse]=${warehouse}&filter[product]=${product}`, { token: tk });
  return Number(res.body.data[0]?.attributes.quantity_on_hand ?? 0);
}

async function chooseIn(page, label, text) {
  const input = field(page.locator('[data-testid=record-drawer]'), label).first();
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text }).first().click();
}

const recordId = (page) => new URL(page.url()).searchParams.get('id');

/** A completed demo repair not invoiced yet whose customer reads `locale` (the demo keeps one per language). */
async function demoRepairToInvoice(tk, locale) {
  const done = await api('/repairs?filter[state]=completed&include=customer&page[size]=100', { token: tk });
  for (const repair of done.body.data) {
    const customer = done.body.included?.find((c) => c.type === 'customers' && c.id === repair.relationships.customer.data?.id);
    if (customer?.attributes.locale !== locale) continue;
    const invoices = await api(`/sales-invoices?filter[repair]=${repair.id}`, { token: tk });
    if (invoices.body.data.some((i) => i.attributes.state !== 'canceled')) continue;
    const one = await api(`/repairs/${repair.id}?include=items`, { token: tk });
    const first = one.body.included.find((i) => i.type === 'repair-items' && i.id === one.body.data.relationships.items.data[0].id);
    return { id: repair.id, detail: first.attributes.detail };
  }
  assert.fail(`the demo has a completed repair to invoice for a customer reading ${locale}`);
}

/** The text of the invoice's PDF as the customer downloads it from the link's page. */
async function invoicePdfText(link) {
  const res = await fetch(new URL(`/api/v1/public/sales-invoices/${link.split('/').pop()}/report`, link));
  assert.equal(res.status, 200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), '%PDF-');
  return plain((await extractText(await getDocumentProxy(bytes), { mergePages: true })).text);
}

describe('sales', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`26-${locale}-${viewport.width}. a counter sale of two parts: delivered, invoiced, paid; a completed demo repair invoiced once, its PDF kept, paid on a phone`, T, () =>
      journey(held.browser, `26-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = `${locale}${viewport.width}-${Date.now() % 100000}`;
        const locations = await api('/locations?page[size]=1', { token: tk });
        const location = locations.body.data[0].id;
        const room = `Comptoir e2e ${stamp}`;
        // The month's sales figures before this run's invoices (GET /sales/figures, as the sales home reads them).
        const figuresBefore = (await api('/sales/figures', { token: tk })).body.meta;
        const warehouse = await create(tk, 'warehouses', { name: room }, { location: one('locations', location) });
        const sku = `E2E-SO-${stamp}`;
        const product = await create(tk, 'products', { sku, name: `Plaquettes ${stamp}`, selling_price: 8999 });
        const entry = await api('/stock-movements', {
          method: 'POST',
          token: tk,
          body: { data: { type: 'stock-movements', attributes: { type: 'add' }, relationships: { destinationWarehouse: one('warehouses', warehouse), items: { data: [{ type: 'stock-movement-items', attributes: { quantity: 10, unit_cost: 4500 }, relationships: { product: one('products', product) } }] } } } },
        });
        assert.equal((await api(`/stock-movements/${entry.body.data.id}/validate`, { method: 'POST', token: tk })).status, 200);
        const customerName = `Tremblay ${stamp}`;
        await create(tk, 'customers', { firstname: 'Julie', lastname: customerName, address: '12 rue des Érables', city: 'Laval', locale });

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The order: the customer, the counter's warehouse, 2 sets of pads and the work of fitting them.
        await page.goto('/sales/orders');
        await page.locator('[data-testid=list-add]').click();
        const drawer = page.locator('[data-testid=record-drawer]');
        await chooseIn(page, w.customer, customerName);
        await chooseIn(page, w.warehouse, room);
        await page.locator('[data-testid=lines-add-sales-order-items]').click();
        const rows = page.locator('[data-testid=lines-sales-order-items] [data-testid=line-row]');
        const picker = rows.first().locator('[data-line-field=product] input').first();
        await picker.click();
        await picker.fill(sku);
        await page.getByRole('option', { name: new RegExp(sku) }).first().click();
        await rows.first().locator('input[data-line-field=quantity]').fill('2');
        await page.locator('[data-testid=lines-add-sales-order-items]').click();
        await rows.nth(1).locator('[data-line-field=description] input, input[data-line-field=description]').first().fill('Pose');
        await rows.nth(1).locator('input[data-line-field=unit_price]').fill(locale === 'fr' ? '45,50' : '45.50');
        await shot(page, `26-order-new-${locale}-${viewport.width}`);
        await drawer.locator('[data-testid=record-save]').click();
        await drawer.locator('[data-testid=record-edit]').waitFor();
        const order = recordId(page);
        assert.ok(plain(await drawer.innerText()).includes(w.price), `the line takes the product's selling price, ${w.price}`);
        await axeCheck(page, 'a draft sales order');
        await act(page, 'sales-orders', 'validate');
        await page.locator('[data-testid=sales-orders-locked]').waitFor();

        // Delivered at the counter: the dialog offers the 2 pads (the work is not delivered); validated, the stock has 8.
        await page.locator('[data-testid=order-deliver]').click();
        assert.equal(await page.locator('[data-testid=deliver-0]').inputValue(), '2');
        assert.equal(await page.locator('[data-testid=deliver-1]').count(), 0, 'only the product line is delivered');
        await shot(page, `26-deliver-${locale}-${viewport.width}`);
        await axeCheck(page, 'the deliver dialog');
        await page.locator('[data-testid=deliver-validate]').click();
        await page.waitForURL((u) => u.pathname === '/sales/deliveries' && u.searchParams.has('id'));
        await page.locator('[data-testid=sales-deliveries-locked]').waitFor();
        await settles(() => onHand(tk, warehouse, product), 8);

        // Invoiced: everything; the draft has no number, the validation gives it the next.
        await page.goto(`/sales/orders?id=${order}&action=view`);
        await page.locator('[data-testid=order-invoice]').click();
        await page.locator('[data-testid=invoice-create]').click();
        await page.waitForURL((u) => u.pathname === '/sales/invoices' && u.searchParams.has('id'));
        const invoice = recordId(page);
        assert.equal((await api(`/sales-invoices/${invoice}`, { token: tk })).body.data.attributes.code, null);
        await act(page, 'sales-invoices', 'validate');
        await page.locator('[data-testid=sales-invoices-locked]').waitFor();
        const numbered = (await api(`/sales-invoices/${invoice}`, { token: tk })).body.data.attributes;
        assert.match(numbered.code, /^FV-\d{4}-\d{6}$/);
        assert.equal(numbered.total, (await api(`/sales-orders/${order}`, { token: tk })).body.data.attributes.total);
        // Paid from its Pay button, its balance as the amount.
        await page.locator('[data-testid=invoice-pay]').click();
        await page.waitForURL((u) => u.pathname === '/sales/payments');
        const form = page.locator('[data-testid=record-drawer]');
        await form.locator('[data-testid=record-save]').waitFor();
        await shot(page, `26-payment-${locale}-${viewport.width}`);
        await axeCheck(page, 'a new sales payment');
        await form.locator('[data-testid=record-save]').click();
        await form.locator('[data-testid=record-edit]').waitFor();
        await settles(async () => (await api(`/sales-invoices/${invoice}`, { token: tk })).body.data.attributes.payment_status, 'paid');
        const after = (await api(`/sales-orders/${order}`, { token: tk })).body.data.attributes;
        assert.deepEqual([after.state, after.delivery_status, after.invoicing_status], ['completed', 'delivered', 'invoiced']);
        await page.goto(`/sales/invoices?id=${invoice}&action=view`);
        await page.locator('[data-testid=record-drawer]').getByText(w.paid, { exact: true }).first().waitFor();
        await shot(page, `26-invoice-paid-${locale}-${viewport.width}`);

        // A completed demo repair (Garage Démo's Accord, its customer reading this run's language): "Facturer" makes its invoice from its items, once.
        const { id: repair, detail } = await demoRepairToInvoice(tk, locale);
        await page.goto(`/inspecpro/repairs/${repair}`);
        await page.locator('[data-testid=repair-invoice]').click();
        await page.waitForURL((u) => u.pathname === '/sales/invoices' && u.searchParams.has('id'));
        const repairInvoice = recordId(page);
        await page.locator('[data-testid=record-drawer]').getByText(detail).first().waitFor();
        const text = plain(await page.locator('[data-testid=record-drawer]').innerText());
        assert.ok(text.includes(detail) && text.includes(w.labour), text);
        await shot(page, `26-repair-invoice-${locale}-${viewport.width}`);
        await axeCheck(page, 'a repair’s invoice');
        // Once: the button again opens the same invoice.
        await page.goto(`/inspecpro/repairs/${repair}`);
        await page.locator('[data-testid=repair-invoice]').click();
        await page.waitForURL((u) => u.pathname === '/sales/invoices' && u.searchParams.get('id') === repairInvoice);

        // Validated and sent to the customer (the link handed over, not e-mailed); the customer opens it on a phone, in their language.
        await act(page, 'sales-invoices', 'validate');
        await page.locator('[data-testid=sales-invoices-locked]').waitFor();
        await page.locator('[data-testid=invoice-send]').click();
        await page.locator('[data-testid=invoice-send-by-email]').uncheck();
        await page.locator('[data-testid=invoice-send-confirm]').click();
        const link = await page.locator('[data-testid=invoice-send-url]').inputValue();
        assert.match(link, /\/pay\/invoices\/[A-Za-z0-9_-]{43}$/);
        await shot(page, `26-invoice-sent-${locale}-${viewport.width}`);
        const phone = await open({ width: 390, height: 844 });
        await phone.goto(new URL(link).pathname);
        const due = (await api(`/sales-invoices/${repairInvoice}`, { token: tk })).body.data.attributes;
        await phone.locator('[data-testid=public-invoice-code]').waitFor();
        assert.ok(plain(await phone.locator('[data-testid=public-invoice-code]').innerText()).includes(due.code));
        assert.equal(plain(await phone.locator('[data-testid=public-invoice-balance]').innerText()), w.money(due.balance));
        await shot(phone, `26-invoice-phone-${locale}`);
        await axeCheck(phone, 'the customer’s invoice page');

        // The PDF the customer keeps: the dealership's GST and QST numbers, each tax, the total and the terms, in their language.
        const pdf = await invoicePdfText(link);
        for (const expected of [due.code, w.gst, w.qst, w.money(due.total), detail, 'Due on receipt']) assert.ok(pdf.includes(expected), `the invoice's PDF says ${expected}: ${pdf}`);
        assert.ok(due.tax_details.length >= 2, 'GST and QST');
        for (const tax of due.tax_details) assert.ok(pdf.includes(tax.code) && pdf.includes(w.money(tax.amount)), `the PDF shows ${tax.code}'s ${tax.amount}: ${pdf}`);

        // The customer pays on the phone through Stripe (the fake's checkout page); the invoice shows paid.
        await phone.locator('[data-testid=pay-online-stripe]').click();
        await phone.locator('[data-testid=stripe-pay]').click();
        await phone.waitForURL((u) => u.searchParams.get('payment') === 'returned');
        await settles(async () => plain(await phone.locator('[data-testid=public-invoice-balance]').innerText()), w.money(0));
        assert.equal(await phone.locator('[data-testid=public-invoice-status]').innerText(), w.paid);
        await page.goto(`/sales/invoices?id=${repairInvoice}&action=view`);
        await page.locator('[data-testid=record-drawer]').getByText(w.paid, { exact: true }).first().waitFor();

        // The sales home's figures moved by this run's two invoices (taxes included) and their two payments.
        const figures = (await api('/sales/figures', { token: tk })).body.meta;
        assert.equal(figures.invoiced - figuresBefore.invoiced, numbered.total + due.total);
        assert.equal(figures.paid - figuresBefore.paid, numbered.total + due.total);
        await page.goto('/sales');
        await page.locator('[data-testid=sales-invoiced-value]').waitFor();
        await page.locator('[data-testid=sales-overdue]').waitFor();
        assert.equal(plain(await page.locator('[data-testid=sales-invoiced-value]').innerText()), moneyIn(locale, figures.invoiced));
        assert.equal(plain(await page.locator('[data-testid=sales-paid-value]').innerText()), moneyIn(locale, figures.paid));
        await shot(page, `26-sales-home-${locale}-${viewport.width}`);
        await axeCheck(page, 'the sales home');
        // The dashboard shows the same figures.
        await page.goto('/dashboard');
        await page.locator('[data-testid=sales-invoiced-value]').waitFor();
        assert.equal(plain(await page.locator('[data-testid=sales-outstanding-value]').innerText()), moneyIn(locale, figures.outstanding));
        assert.equal(plain(await page.locator('[data-testid=sales-paid-value]').innerText()), moneyIn(locale, figures.paid));
      }),
    );
});
