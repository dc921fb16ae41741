import type { Model } from '../../api/jsonapi.ts';
import { api, upload } from '../../api/client.ts';

/** Where an upload goes: a folder of the explorer (null: its top) or a record (a vehicle's files). */
export interface Place {
  folder: string | null;
  object?: { type: string; id: string };
}

/**
 * One dropped file into a place: its record (the name checked: a clash is a 422 naming it), then
 * its content with its progress. A content the server refuses (type, size) takes its new record
 * away again, so a refused upload leaves nothing behind.
 */
export async function uploadInto(file: File, place: Place, onProgress: (fraction: number) => void): Promise<Model> {
  const made = await api.create({
    type: 'files',
    attributes: { name: file.name, ...(place.object ? { object_type: place.object.type, object_id: place.object.id } : {}) },
    relationships: place.folder ? { folder: { type: 'folders', value: place.folder } } : {},
  });
  try {
    await upload('files', made.id, 'attachment', file, onProgress);
  } catch (e) {
    await api.remove('files', made.id).catch(() => {});
    throw e;
  }
  return made;
}

/** Moves a file or folder into a folder (null: the top), by its relationship. */
export const moveTo = (item: { type: 'files' | 'folders'; id: string }, folder: string | null) =>
  api.update({ type: item.type, id: item.id, relationships: { [item.type === 'files' ? 'folder' : 'parent']: { type: 'folders', value: folder } } });

/** What a folder holds, as the server counts it before a deletion (add_data=contents). */
export interface Contents {
  folders: number;
  files: number;
  hidden: number;
  system: number;
}

/** The contents of one folder, read for its deletion's confirmation. */
export async function contentsOf(id: string): Promise<Contents> {
  const { meta } = await api.list('folders', { filter: { with_ids: [id] }, page: { number: 1, size: 1 }, extra: { add_data: 'contents' } }, { global: false });
  return ((meta as { contents?: Record<string, Contents> } | undefined)?.contents?.[id] ?? { folders: 0, files: 0, hidden: 0, system: 0 }) as Contents;
}
