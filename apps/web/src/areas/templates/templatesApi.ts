import type { TemplateChange, KeptChange } from '@atelier/domain';
import { request } from '../../api/client.ts';
import type { JsonApiDocument } from '../../api/jsonapi.ts';

// The calls of the templates a reseller publishes (issue 27): publish, adopt, and an adopted form's
// offer of a newer version (what changes, what the organization's edits keep), taken or passed on.

export const TEMPLATES = 'form-templates';
export const ADOPTIONS = 'form-template-adoptions';

const path = (type: string, id: string, action: string) => `/${type}/${encodeURIComponent(id)}/${action}`;

/** POST /form-templates/{id}/publish: the source form's structure as the next version. */
export const publishTemplate = (id: string) => request<JsonApiDocument>(path(TEMPLATES, id, 'publish'), { method: 'POST', global: false });

/** POST /form-templates/{id}/adopt: the new form's id. */
export async function adoptTemplate(id: string): Promise<string> {
  const doc = await request<JsonApiDocument>(path(TEMPLATES, id, 'adopt'), { method: 'POST', global: false });
  return String(doc.meta?.inspection_form_id);
}

export interface TemplateOffer {
  from: number;
  to: number;
  apply: TemplateChange[];
  kept: KeptChange[];
}

/** GET /form-template-adoptions/{id}/changes: the offer of the template's latest version. */
export async function offerOf(adoptionId: string): Promise<TemplateOffer> {
  const doc = await request<JsonApiDocument>(path(ADOPTIONS, adoptionId, 'changes'), { global: false });
  return doc.meta as unknown as TemplateOffer;
}

/** Takes (accept) or passes on (skip) the version read. */
export const answerOffer = (adoptionId: string, answer: 'accept' | 'skip', version: number) =>
  request<JsonApiDocument>(path(ADOPTIONS, adoptionId, answer), { method: 'POST', body: { data: { version } }, global: false });
