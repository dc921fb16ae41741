// The app built in this process on the bench database (DATABASE_URL), signed in: what
// bench/count-queries.ts and bench/cpu.ts measure through app.inject, with no socket between.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

export async function signedInApp(email: string) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, webDist: null, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: 'Demo-Atelier-2026' }),
  });
  const token = JSON.parse(login.body).access_token as string | undefined;
  if (!token) {
    await close();
    throw new Error(`login failed: ${login.body}`);
  }
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' };
  /** A GET that must answer 200. */
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  return { app, headers, get, close };
}
