import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestApp } from '../helpers.ts';
it('dumps', async () => {
  const t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body;
  writeFileSync(process.env.OUT!, doc);
  await t.close();
}, 120000);
