import { describe, expect, it } from 'vitest';
import { newId } from '../../src/db/columns.ts';
import { fileApp } from '../helpers.ts';

// Folder and file names are unique in their parent whatever the case (spec platform §5), held by
// the database's unique indexes so that two simultaneous creations cannot both pass.
describe('unique names of folders and files', () => {
  const t = fileApp();
  const sql = (text: string, params: unknown[] = []) => t.database.raw(text, params);
  const organization = async () => {
    const id = newId();
    await sql('INSERT INTO organizations (id, name) VALUES ($1, $2)', [id, `Org ${id}`]);
    return id;
  };
  const folder = (org: string, name: string, parent: string | null = null) =>
    sql('INSERT INTO folders (id, organization_id, parent_id, name) VALUES ($1, $2, $3, $4) RETURNING id', [newId(), org, parent, name]).then((r) => String(r[0].id));
  const file = (org: string, name: string, folderId: string | null, object: [string, string] | null = null) =>
    sql('INSERT INTO files (id, organization_id, folder_id, name, object_type, object_id) VALUES ($1, $2, $3, $4, $5, $6)', [newId(), org, folderId, name, object?.[0] ?? null, object?.[1] ?? null]);

  it('refuses a folder named like a sibling in another case, at the root as below a folder', async () => {
    const org = await organization();
    const parent = await folder(org, 'Factures');
    await expect(folder(org, 'FACTURES')).rejects.toThrow(/folders_parent_name_unique/);
    await folder(org, 'Photos', parent);
    await expect(folder(org, 'photos', parent)).rejects.toThrow(/folders_parent_name_unique/);
    // The same name elsewhere, or in another organization, is no clash.
    await folder(org, 'Photos');
    await folder(await organization(), 'Factures');
  });

  it('refuses a file named like another of its folder, or of its record when it has no folder', async () => {
    const org = await organization();
    const parent = await folder(org, 'Documents');
    await file(org, 'devis.pdf', parent);
    await expect(file(org, 'DEVIS.pdf', parent)).rejects.toThrow(/files_folder_name_unique/);
    const vehicle = newId();
    await file(org, 'photo.jpg', null, ['vehicles', vehicle]);
    await expect(file(org, 'Photo.JPG', null, ['vehicles', vehicle])).rejects.toThrow(/files_root_name_unique/);
    await file(org, 'photo.jpg', null, ['vehicles', newId()]);
    await file(org, 'photo.jpg', null);
    await expect(file(org, 'PHOTO.jpg', null)).rejects.toThrow(/files_root_name_unique/);
  });

  it('lets one of two simultaneous creations of the same name through, never both', async () => {
    const org = await organization();
    const results = await Promise.allSettled([folder(org, 'Atelier'), folder(org, 'atelier')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
