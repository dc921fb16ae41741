import type { TestProject } from 'vitest/node';
import { createTestApp } from './helpers.ts';

/**
 * The web tests' global set-up (vitest.config.ts): the server's contract, GET /api/v1/openapi.json
 * of an app with every area, given to the web tests, whose mocked API checks each fixture it
 * answers against it (apps/web/src/testing/mockApi.tsx): a fixture that drifts from the API fails.
 */
export default async function setup(project: TestProject) {
  const t = await createTestApp();
  try {
    project.provide('apiContract', (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body);
  } finally {
    await t.close();
  }
}
