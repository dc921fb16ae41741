import assert from 'node:assert/strict';
// Shared pieces of the browser journeys: browser, pages, API calls for setup, the dev outbox.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const PASSWORD = 'Demo-Atelier-2026';
const RESULTS = process.env.E2E_RESULTS ?? join(import.meta.dirname, '..', 'test-results');
mkdirSync(RESULTS, { recursive: true });

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The browser of a file's journeys: launched before them, closed after them (read `.browser` in a test). */
export function fileBrowser() {
  const held = { browser: null };
  before(async () => {
    held.browser = await launch();
  });
  after(async () => {
    await held.browser?.close();
  });
  return held;
}

/** A fresh context (empty local storage) and page; console errors are collected. */
export async function newPage(browser, { width = 1366, height = 850 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: BASE });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(RESULTS, `${name}.png`), fullPage: false });
}

export async function login(page, email, password = PASSWORD) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

export async function api(path, { method = 'GET', token, body, locale = 'fr' } = {}) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: {
      Accept: 'application/vnd.api+json',
      'Accept-Language': locale,
      // The browser's time zone (the same machine's), as the app sends it: both read the same calendar days.
      'X-Timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(body ? { 'Content-Type': 'application/vnd.api+json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

export async function token(email, password = PASSWORD) {
  const r = await api('/login', { method: 'POST', body: { email, password } });
  if (!r.body?.access_token) throw new Error(`login of ${email} failed: ${JSON.stringify(r.body)}`);
  return r.body.access_token;
}

/** Mails sent to an address, newest first (GET /api/v1/dev/outbox). */
export async function outbox(email) {
  const r = await api(`/dev/outbox?to=${encodeURIComponent(email)}`);
  return Array.isArray(r.body?.data) ? r.body.data : [];
}

export async function waitForMail(email, predicate, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const mails = await outbox(email);
    const found = mails.find(predicate);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no matching mail for ${email}`);
}

export const mailText = (mail) => JSON.stringify(mail);
export const codeOf = (mail) => (/\b(\d{6})\b/.exec(String(mail.text ?? mail.body ?? '') || mailText(mail)) ?? [])[1];
export const resetLinkOf = (mail) => {
  const m = /(https?:\/\/[^\s"'<>\\]+\/password\/reset\?[^\s"'<>\\]+)/.exec(mailText(mail).replace(/\\u0026/g, '&').replace(/&amp;/g, '&'));
  return m ? m[1] : null;
};

/** Picks options in a Mantine (multi)select found by its label. */
export async function pick(page, label, optionText) {
  const input = field(page, label).filter({ visible: true }).first();
  await input.click();
  await input.fill(optionText);
  await page.getByRole('option', { name: optionText }).first().click();
  await page.keyboard.press('Escape');
}

/**
 * Asserts a value the page reaches asynchronously (a form filled by a decode, a filter applied):
 * reads it until it equals `expected` or 10 s pass, then asserts on the last reading. Sampling it
 * once right after an action is a race on a slow machine.
 */
export async function settles(read, expected, message) {
  const deadline = Date.now() + 10_000;
  let actual = await read();
  while (actual !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    actual = await read();
  }
  assert.equal(actual, expected, message);
}

/** An input by its label, with or without the required asterisk. */
export function field(page, label) {
  const esc = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${esc}( \\*)?$`));
}

/** Runs a journey; on failure, screenshots every page it opened (test-results/FAILED-*.png). */
export async function journey(browser, name, fn) {
  const pages = [];
  const open = async (opts) => {
    const p = await newPage(browser, opts);
    pages.push(p);
    return p;
  };
  try {
    await fn(open);
  } catch (e) {
    for (const [i, p] of pages.entries()) await shot(p, `FAILED-${name}-${i}`).catch(() => {});
    throw e;
  } finally {
    for (const p of pages) await p.context().close().catch(() => {});
  }
}

const AXE = join(import.meta.dirname, '..', 'node_modules', 'axe-core', 'axe.min.js');

/**
 * The serious and critical accessibility violations of the page as it stands (axe-core, WCAG 2.0
 * and 2.1 A and AA rules), one line per rule with the elements it found.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // A panel or dialog still sliding or fading in reads as grey text on grey: contrast is judged once
  // the page's transitions are over (a few seconds at most).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 5000 })
    .catch(() => {});
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.html.slice(0, 200)}\n      ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
  });
}

/** Fails on any serious or critical accessibility violation of the page, listing them. */
export async function axeCheck(page, label) {
  const violations = await axeViolations(page);
  assert.ok(violations.length === 0, `axe on ${label}:\n${violations.join('\n')}`);
}

/** A PNG of width × height in coloured blocks (what a camera gives is far larger than the app keeps). */
export function png(width, height) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set([(x >> 5) * 7, (y >> 5) * 11, 120], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** POST /{type} as the token's user: the new record's id (any status but 201 fails the journey). */
export async function create(tk, type, attributes, relationships = {}) {
  const r = await api(`/${type}`, { method: 'POST', token: tk, body: { data: { type, attributes, relationships } } });
  assert.equal(r.status, 201, `${type}: ${JSON.stringify(r.body)}`);
  return r.body.data.id;
}

/** The id of the first record a GET of the path lists (none, or any status but 200, fails the journey). */
export async function firstId(tk, path) {
  const r = await api(path, { token: tk });
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  assert.ok(r.body.data.length > 0, `${path}: nothing found`);
  return r.body.data[0].id;
}

/** Runs the record's actions as the token's user: `act(route, body)` POSTs /{type}/{id}/{route} (any status but 200 fails the journey). */
export const actionsOf = (tk, type, id) => async (route, body = {}) => {
  const res = await api(`/${type}/${id}/${route}`, { method: 'POST', token: tk, body });
  assert.equal(res.status, 200, `${route}: ${JSON.stringify(res.body)}`);
  return res;
};

/**
 * Takes an estimate through its phases: components and times started, its jobs as `items` (a PATCH
 * of its items relationship: prices, times, new jobs; `?include=items` with `include`), then ended.
 * Answers the PATCH's response and `act`, its actions (send-client-approve next).
 */
export async function priceEstimate(tk, id, items, { include = false } = {}) {
  const act = actionsOf(tk, 'estimations', id);
  for (const route of ['start-components', 'start-times']) await act(route);
  const priced = await api(`/estimations/${id}${include ? '?include=items' : ''}`, { method: 'PATCH', token: tk, body: { data: { type: 'estimations', id, relationships: { items: { data: items } } } } });
  assert.equal(priced.status, 200, JSON.stringify(priced.body));
  for (const route of ['end-components', 'end-times']) await act(route);
  return { priced, act };
}

/** A to-one linkage. */
export const one = (type, id) => ({ data: { type, id } });

/** Picks an option of a single select in the drawer (no Escape: it would close the drawer). */
export async function choose(page, label, text) {
  const input = field(page, label).filter({ visible: true }).first();
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text }).first().click();
}

/** Signs the signature pad of the page: scrolled into view (the mouse draws only on what is on screen), one stroke across it. */
export async function sign(page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height - 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 20, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + box.height - 20, { steps: 8 });
  await page.mouse.up();
}

/** A valid VIN of a run's own (its check digit computed as the server checks it), from a serial number. */
export function vinOf(serial) {
  const draft = `1HGCM82630A${String(serial).padStart(6, '0')}`;
  const value = (c) => (/\d/.test(c) ? Number(c) : 'ABCDEFGH'.includes(c) ? 'ABCDEFGH'.indexOf(c) + 1 : 'JKLMN'.includes(c) ? 'JKLMN'.indexOf(c) + 1 : c === 'P' ? 7 : c === 'R' ? 9 : 'STUVWXYZ'.indexOf(c) + 2);
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...draft].reduce((s, c, i) => s + value(c) * weights[i], 0) % 11;
  return draft.slice(0, 8) + (sum === 10 ? 'X' : String(sum)) + draft.slice(9);
}

/**
 * An inspection carried out through the API as an inspector would: started, every section "all
 * good", then `findings(fields, structure)` writes what was found, what completing still asks for
 * (free text, a number) answered, signed with its reminders checked, completed.
 */
export async function carryOut(tk, id, findings = async () => {}) {
  const read = await api(`/inspections/${id}?include=inspectionFormVersion`, { token: tk });
  const structure = read.body.included.find((r) => r.type === 'inspection-form-versions').attributes.structure;
  const act = async (route, body = {}) => {
    const res = await api(`/inspections/${id}/${route}`, { method: 'POST', token: tk, body });
    assert.equal(res.status, 200, `${route}: ${JSON.stringify(res.body)}`);
  };
  await act('start');
  for (const section of structure.sections) await act('set-section-good', { section_id: section.id });
  const fields = [];
  for (let n = 1; n === 1 || fields.length % 50 === 0; n++) {
    const page = (await api(`/inspection-fields?filter[inspection]=${id}&page[size]=50&page[number]=${n}`, { token: tk })).body.data;
    if (!page.length) break;
    fields.push(...page);
  }
  await findings(fields, structure);
  const complete = { signature: `data:image/png;base64,${png(300, 100).toString('base64')}`, checked_reminders: (structure.reminders ?? []).map((r) => r.id) };
  const formFields = structure.sections.flatMap((x) => x.subSections.flatMap((sub) => sub.fields));
  const refused = await api(`/inspections/${id}/complete`, { method: 'POST', token: tk, body: complete });
  if (refused.status !== 422) return assert.equal(refused.status, 200, JSON.stringify(refused.body));
  for (const e of refused.body.errors) {
    // The error names the form's field; the inspection's field points at it.
    const named = formFields.filter((x) => e.detail.includes(x.name)).sort((a, b) => b.name.length - a.name.length)[0];
    const f = fields.find((x) => x.relationships.inspectionFormSectionField?.data?.id === named?.id);
    assert.ok(f, JSON.stringify(e));
    let res;
    for (const value of ['RAS', 12]) {
      res = await api(`/inspection-fields/${f.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'inspection-fields', id: f.id, attributes: { value } } } });
      if (res.status === 200) break;
    }
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  await act('complete', complete);
}

/**
 * A vehicle made with `attributes`, its pre-delivery inspection (the demo's form) carried out with the
 * front pads worn (2 mm, "bad"): the finding that calls for the pads' canned job. `during({ inspection,
 * field, pads, structure })`, when given, runs once the pads are answered, before completion (a
 * photo taken on the tablet).
 */
export async function inspectWornPads(tk, attributes, during) {
  const form = (await api(`/inspection-forms?filter[search]=${encodeURIComponent('pré-livraison')}`, { token: tk })).body.data[0].id;
  const vehicle = await create(tk, 'vehicles', attributes);
  const inspection = await create(tk, 'inspections', {}, { inspectionForm: one('inspection-forms', form), vehicle: one('vehicles', vehicle) });
  await carryOut(tk, inspection, async (fields, structure) => {
    const pads = structure.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields)).find((f) => f.name === 'Plaquettes avant');
    const field = fields.find((f) => f.relationships.inspectionFormSectionField?.data?.id === pads.id);
    const res = await api(`/inspection-fields/${field.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'inspection-fields', id: field.id, attributes: { value: { value: 'bad', thickness_mm: 2 } } } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await during?.({ inspection, field, pads, structure });
  });
  return { vehicle, inspection };
}

