import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new database on the PostgreSQL server of DATABASE_URL (empty, or a copy of a template): its URL, its name and how to drop it. */
export async function serverDatabase(prefix: string, template?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
