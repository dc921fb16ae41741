#!/usr/bin/env node
// Browser tests: starts the built server on a free port with a fresh embedded database, then runs
// the journeys (node:test + playwright-core driving Debian's Chromium). Screenshots go to test-results/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fakeStripe, STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from '../apps/server/test/online-payments/fakes.mjs';
import { startFakeTwilio } from './fake-twilio.mjs';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('[e2e] Chromium missing: apt-get install -y chromium');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`[e2e] Chromium not found at ${CHROMIUM}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

async function waitFor(url, ms, server) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

ensureChromium();
for (const f of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(join(root, f))) {
    console.error(`[e2e] ${f} is missing: run npm run build first.`);
    process.exit(1);
  }
}

const port = await freePort();
// A fake Stripe (the API tests' own): its checkout page pays, delivers the signed webhook to the server and sends the customer back.
const stripe = await fakeStripe({ webhookUrl: `http://127.0.0.1:${port}/api/v1/webhooks/payments/stripe` });
// A fake Twilio (the API tests' own): it takes the texts the app sends, and posts customers' replies to the app signed as Twilio does.
const twilio = await startFakeTwilio({ webhookUrl: `http://127.0.0.1:${port}/api/v1/webhooks/texts/twilio` });
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
for (const f of readdirSync(results)) if (f.startsWith('FAILED-')) rmSync(join(results, f));
const logs = [];
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ATELIER_TEST_OUTBOX: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn', STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: twilio.number, TWILIO_API_URL: twilio.url },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (d) => logs.push(String(d)));
server.stderr.on('data', (d) => logs.push(String(d)));
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  void stripe.close();
  void twilio.close();
};
process.on('exit', stop);

const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/api/v1/health`, 120_000, server);
} catch (e) {
  console.error(`[e2e] ${e.message}\n${logs.join('').slice(-4000)}`);
  process.exit(1);
}
console.log(`[e2e] server on ${base}, data in ${dataDir}`);

const files = readdirSync(join(root, 'e2e'))
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => join('e2e', f));
const only = process.argv.slice(2);
// Run without blocking this process: the fake Stripe answers from here while the journeys run.
const child = await new Promise((res) => {
  const run = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...(only.length ? only : files)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, E2E_BASE_URL: base, CHROMIUM_PATH: CHROMIUM, E2E_RESULTS: results, E2E_TWILIO_URL: twilio.url },
  });
  const chunks = [];
  run.stdout.on('data', (d) => chunks.push(d));
  run.on('close', (status) => res({ status, stdout: Buffer.concat(chunks) }));
});
const out = String(child.stdout ?? '');
process.stdout.write(out);
const num = (name) => Number((new RegExp(`^ℹ ${name} (\\d+)`, 'm').exec(out) ?? [])[1] ?? 0);
const passed = num('pass');
const failed = num('fail') + (child.status !== 0 && num('fail') === 0 ? 1 : 0);
if (failed > 0) console.log(`[e2e] server log (tail):\n${logs.join('').slice(-3000)}`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
stop();
process.exit(child.status ?? 1);
