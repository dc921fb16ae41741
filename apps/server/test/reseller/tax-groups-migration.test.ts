import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { databaseBefore } from '../helpers.ts';

// Migration 0028: the tax codes a reseller's rows carried (fixed in code) become that reseller's
// own tax groups, with the same rates, and its rows name them; 'none' names no group.
describe('migration 0028', () => {
  it('gives each reseller a group per tax code its rows used, with the code’s rates, and points the rows at it', async () => {
    const database = await databaseBefore('0028');
    try {
      const [a, b, org] = ['00000000-0000-7000-8000-00000000000a', '00000000-0000-7000-8000-00000000000b', '00000000-0000-7000-8000-000000000001'];
      await database.raw(`INSERT INTO resellers (id, name) VALUES ('${a}', 'A'), ('${b}', 'B')`);
      await database.raw(`INSERT INTO organizations (id, name, reseller_id) VALUES ('${org}', 'O', '${a}')`);
      await database.raw(`INSERT INTO reseller_products (id, reseller_id, name, tax_code) VALUES (gen_random_uuid(), '${a}', 'P1', 'gst_qst'), (gen_random_uuid(), '${a}', 'P2', 'none'), (gen_random_uuid(), '${b}', 'P3', 'hst_13')`);
      await database.raw(`INSERT INTO packages (id, reseller_id, name, frequency, tax_code) VALUES (gen_random_uuid(), '${a}', 'Pack', 'monthly', 'gst_qst')`);
      const [inv] = await database.raw<{ id: string }>(`INSERT INTO reseller_invoices (id, organization_id, reseller_id) VALUES (gen_random_uuid(), '${org}', '${a}') RETURNING id`);
      await database.raw(`INSERT INTO reseller_invoice_items (id, organization_id, reseller_invoice_id, quantity, tax_code) VALUES (gen_random_uuid(), '${org}', '${inv!.id}', 1, 'gst')`);

      await migrate(database);

      const groups = await database.raw<{ reseller: string; name: string; taxes: string }>(
        `SELECT r.name AS reseller, g.name, string_agg(t.code || ' ' || t.rate::float8 || ' ' || t.type, ', ' ORDER BY t.position) AS taxes
           FROM reseller_tax_groups g JOIN resellers r ON r.id = g.reseller_id JOIN reseller_taxes t ON t.reseller_tax_group_id = g.id
          GROUP BY r.name, g.name ORDER BY r.name, g.name`,
      );
      expect(groups).toEqual([
        { reseller: 'A', name: 'TPS et TVQ', taxes: 'TPS 5 percentage, TVQ 9.975 percentage' },
        { reseller: 'A', name: 'TPS seulement', taxes: 'TPS 5 percentage' },
        { reseller: 'B', name: 'TVH 13 %', taxes: 'TVH 13 percentage' },
      ]);
      const named = await database.raw<{ name: string; grp: string | null }>(
        `SELECT x.name, g.name AS grp FROM (SELECT name, tax_group_id FROM reseller_products UNION ALL SELECT name, tax_group_id FROM packages UNION ALL SELECT 'line', tax_group_id FROM reseller_invoice_items) x
           LEFT JOIN reseller_tax_groups g ON g.id = x.tax_group_id ORDER BY x.name`,
      );
      expect(named).toEqual([
        { name: 'P1', grp: 'TPS et TVQ' },
        { name: 'P2', grp: null },
        { name: 'P3', grp: 'TVH 13 %' },
        { name: 'Pack', grp: 'TPS et TVQ' },
        { name: 'line', grp: 'TPS seulement' },
      ]);
    } finally {
      await database.close();
    }
  });
});
