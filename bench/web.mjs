// The web app's weight, as a browser on a cold cache pays it: the JavaScript that /login loads
// (target: under 250 KB gzip, issue 3) and the largest route chunk. Started by bench/run.mjs
// (or alone: node bench/web.mjs); needs the built app and Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOGIN_TARGET_KB = 250;
const gzipKb = (buf) => Math.round((gzipSync(buf, { level: 9 }).length / 1024) * 10) / 10;

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-web-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /ready: (http:\/\/[^\s]+)/.exec(out);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url, stop: () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })) };
}

export async function benchWeb() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.body());
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const loginKb = Math.round([...scripts.values()].reduce((s, b) => s + gzipKb(b), 0) * 10) / 10;
    const assets = join(root, 'apps/web/dist/assets');
    const chunks = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ file: f, bytes: statSync(join(assets, f)).size, gzipKb: gzipKb(readFileSync(join(assets, f))) }))
      .sort((a, b) => b.gzipKb - a.gzipKb);
    return {
      scenario: 'web-bundle',
      loginJavaScriptGzipKb: loginKb,
      loginScripts: [...scripts.keys()].map((u) => new URL(u).pathname),
      target: { loginGzipKb: LOGIN_TARGET_KB },
      targetMet: loginKb < LOGIN_TARGET_KB,
      largestChunk: chunks[0],
      chunkCount: chunks.length,
    };
  } finally {
    await browser.close();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchWeb(), null, 2));
