import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { organizations, roles, users } from '../admin/admin.table.ts';
import { fileVersions, files, folders } from './files.table.ts';

// The demo's file explorer (issue 24), for both organizations (the isolation and fuzz tests read a
// record of every type in each): a system folder of procedures, a small tree, a folder restricted
// to the administrators, file records with a former version. Their contents (a PDF, photos, a
// spreadsheet) are uploaded once the app is up (demo-contents.ts), as any upload is.

type Tree = { name: string; system?: boolean; adminsOnly?: boolean; files?: string[]; children?: Tree[] };

const GARAGE: Tree[] = [
  { name: 'Procédures', system: true, files: ['Inspection 100 points.pdf', 'Sécurité atelier.pdf'] },
  { name: 'Factures fournisseurs', files: ['Pièces Auto Montréal — mars.pdf'], children: [{ name: '2026' }] },
  { name: 'Photos atelier', files: ['Baie de service.png'], children: [{ name: 'Véhicules de courtoisie', files: ['Civic 2022.jpg'] }] },
  { name: 'Direction', adminsOnly: true, files: ['Budget 2026.xlsx'] },
];

const RIVIERE: Tree[] = [{ name: 'Documents', files: ['Garantie — conditions.pdf'] }];

export async function seedDemoFiles(db: Db) {
  await seedTree(db, 'Garage Démo', 'manager@atelier.test', GARAGE);
  await seedTree(db, 'Autos Rivière', 'manager2@atelier.test', RIVIERE);
}

async function seedTree(db: Db, organization: string, managerEmail: string, tree: Tree[]) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organization));
  if (!org) return;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  const [admins] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.organization_id, org.id), eq(roles.key, 'administrator')));
  const made: { id: string; name: string }[] = [];
  const plant = async (nodes: Tree[], parent: string | null) => {
    for (const node of nodes) {
      const id = newId();
      await db.insert(folders).values({ id, organization_id: org.id, parent_id: parent, name: node.name, system: !!node.system, role_ids: node.adminsOnly && admins ? [admins.id] : [] });
      for (const name of node.files ?? []) {
        const file = { id: newId(), organization_id: org.id, folder_id: id, name };
        await db.insert(files).values(file);
        made.push(file);
      }
      await plant(node.children ?? [], id);
    }
  };
  await plant(tree, null);
  // One file was replaced once: its former version (its content predates the demo too).
  const [first] = made;
  if (first) await db.insert(fileVersions).values({ organization_id: org.id, file_id: first.id, name: first.name, created_by: manager?.id ?? null });
}
