import { API_BASE, api, headersOf, request } from '../../api/client.ts';
import type { RecordOf, SyncResult } from '@atelier/domain';
import { ApiError, errorsOfBody } from '../../api/jsonapi.ts';
import { reorderPayload, type FormTree } from './tree.ts';
import { listPath } from '../../app/resources.ts';

// The form's own calls beside its resources' CRUD: the order in one call, the deep copy, the
// sync from a spreadsheet (dry run, then run).

export const FORMS = 'inspection-forms';
export const SECTIONS = 'inspection-form-sections';
export const FIELDS = 'inspection-form-section-fields';
/** What the editor reads of a form: its tree, its lines, its tags and locations. */
export const EDITOR_INCLUDE = 'sections.subSections.fields,multipliers,notes,reminders,tags,allowedLocations';

export const FORMS_PATH = listPath('inspection-forms');
export const demoPath = (id: string) => `${FORMS_PATH}/${id}/demo`;
export const editPath = (id: string) => `${FORMS_PATH}?id=${encodeURIComponent(id)}&action=edit`;

/** POST /inspection-forms/{id}/reorder: sections, sub-sections and fields in their new order and places. */
export const saveOrder = (formId: string, tree: FormTree) =>
  request(`/${FORMS}/${encodeURIComponent(formId)}/reorder`, { method: 'POST', body: reorderPayload(tree) });

/** GET /inspection-forms/{id}/duplicate: the deep copy, saved. */
export const duplicateForm = async (formId: string): Promise<RecordOf<'inspection-forms'>> => {
  const copy = await api.action<RecordOf<'inspection-forms'>>(`/${FORMS}/${encodeURIComponent(formId)}/duplicate`, 'GET');
  if (!copy) throw new ApiError(500, [{ status: '500', title: 'SERVER_ERROR' }]);
  return copy;
};

/** POST /inspection-forms/{id}/sync-fields/dry-run or /run with the file (multipart). */
export async function syncFields(formId: string, file: File, step: 'dry-run' | 'run'): Promise<SyncResult> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(`${API_BASE}/${FORMS}/${encodeURIComponent(formId)}/sync-fields/${step}`, { method: 'POST', headers: headersOf(false), body });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, errorsOfBody(res.status, json));
  return json as SyncResult;
}

/** The form as a spreadsheet to edit and send back (its headers in the user's language). */
export const syncTemplateUrl = (formId: string, format: 'xlsx' | 'csv', locale: string) =>
  `${API_BASE}/${FORMS}/${encodeURIComponent(formId)}/sync-fields/template?format=${format}&locale=${locale}`;
