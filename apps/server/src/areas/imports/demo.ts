import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../admin/admin.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { importItems, imports } from './imports.table.ts';

const COLUMNS = ['NIV', 'Marque', 'Modèle', 'Année'];

/** One finished vehicles import per demo organization: the lines of its vehicles, all created. */
export async function seedDemoImports(db: Db) {
  for (const name of ['Garage Démo', 'Autos Rivière']) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
    if (!org) continue;
    const [creator] = await db.select({ id: users.id }).from(users).where(eq(users.organization_id, org.id)).limit(1);
    const list = await db.select().from(vehicles).where(and(eq(vehicles.organization_id, org.id)));
    const [row] = await db
      .insert(imports)
      .values({
        organization_id: org.id,
        created_by_id: creator?.id ?? null,
        model: 'vehicles',
        name: 'vehicules-2026.csv',
        // The demo keeps only the results: the file itself was never uploaded.
        path: `imports/${org.id}/demo.csv`,
        file_format: 'csv',
        file_size: 64 * (list.length + 1),
        line_count: list.length,
        columns: COLUMNS,
        mapping: { NIV: 'vin', Marque: 'make', Modèle: 'model', Année: 'model_year' },
        status: 'done',
        progress: list.length,
        created_count: list.length,
        started_at: new Date(Date.now() - 86_400_000).toISOString(),
        finished_at: new Date(Date.now() - 86_399_000).toISOString(),
      })
      .returning();
    if (list.length)
      await db.insert(importItems).values(
        list.map((v, i) => ({
          organization_id: org.id,
          import_id: row.id,
          line: i + 2,
          success: true,
          data: { NIV: v.vin, Marque: v.make ?? '', Modèle: v.model ?? '', Année: v.model_year ? String(v.model_year) : '' },
          model_id: v.id,
          action: 'created',
        })),
      );
  }
}
