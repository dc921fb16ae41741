// The first page's JavaScript (issue 20 point 22): what /login makes the browser download before
// the sign-in form shows (the entry, its static imports and the lazy chunks the page asks for),
// gzip-compressed as it travels, stays within the 150 KB (297 KB before point 22, then 231,
// now about 148: docs/decisions.md "The first page's JavaScript"). Fails with the list of files.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { BASE, fileBrowser } from './helpers.mjs';

const LIMIT = 150 * 1024;
const held = fileBrowser();

describe('the first page', () => {
  test('/login loads at most 150 KB of JavaScript, gzip', { timeout: 120_000 }, async () => {
    const context = await held.browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        scripts.set(res.url(), res.body().then((b) => gzipSync(b).length));
      });
      await page.goto(`${BASE}/login`);
      await page.locator('input[type=password]').waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all([...scripts].map(async ([url, size]) => [new URL(url).pathname, await size]));
      const total = sizes.reduce((sum, [, size]) => sum + size, 0);
      const list = sizes
        .sort((a, b) => b[1] - a[1])
        .map(([path, size]) => `  ${(size / 1024).toFixed(1)} KB ${path}`)
        .join('\n');
      console.log(`[first-page] /login JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files\n${list}`);
      assert.ok(total <= LIMIT, `/login loads ${(total / 1024).toFixed(1)} KB of JavaScript (gzip), over ${LIMIT / 1024} KB:\n${list}`);
    } finally {
      await context.close();
    }
  });
});
