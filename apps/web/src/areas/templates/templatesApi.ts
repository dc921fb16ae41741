import type { KeptChange, PermissionSubject, TemplateChange } from '@atelier/domain';
import { request } from '../../api/client.ts';
import type { JsonApiDocument } from '../../api/jsonapi.ts';
import { FORMS, editPath } from '../inspection-forms/formApi.ts';

// The calls of the templates a reseller publishes (issue 27): publish, adopt, and an adopted
// record's offer of a newer version (what changes, what the organization's edits keep), taken or
// passed on. Inspection forms and canned jobs are two kinds of template with the same calls.

export interface TemplateKindUi {
  templates: 'form-templates' | 'canned-job-templates';
  versions: 'form-template-versions' | 'canned-job-template-versions';
  adoptions: 'form-template-adoptions' | 'canned-job-template-adoptions';
  /** The adoptions' and versions' relationship to their template, the adoptions' to the record. */
  templateRel: 'formTemplate' | 'cannedJobTemplate';
  recordRel: 'inspectionForm' | 'cannedJob';
  /** The adopt answer's meta member naming the new record. */
  recordMeta: 'inspection_form_id' | 'canned_job_id';
  /** The records' type (their lists refresh) and permission subject. */
  records: 'inspection-forms' | 'canned-jobs';
  subject: PermissionSubject;
  recordPath: (id: string) => string;
}

export const FORM_KIND: TemplateKindUi = {
  templates: 'form-templates',
  versions: 'form-template-versions',
  adoptions: 'form-template-adoptions',
  templateRel: 'formTemplate',
  recordRel: 'inspectionForm',
  recordMeta: 'inspection_form_id',
  records: FORMS,
  subject: 'inspection forms',
  recordPath: editPath,
};

export const CANNED_JOB_KIND: TemplateKindUi = {
  templates: 'canned-job-templates',
  versions: 'canned-job-template-versions',
  adoptions: 'canned-job-template-adoptions',
  templateRel: 'cannedJobTemplate',
  recordRel: 'cannedJob',
  recordMeta: 'canned_job_id',
  records: 'canned-jobs',
  subject: 'canned jobs',
  recordPath: (id) => `/inspecpro/canned-jobs?id=${encodeURIComponent(id)}&action=view`,
};

export const TEMPLATES = FORM_KIND.templates;
export const ADOPTIONS = FORM_KIND.adoptions;

const path = (type: string, id: string, action: string) => `/${type}/${encodeURIComponent(id)}/${action}`;

/** POST /{templates}/{id}/publish: the source's content as the next version. */
export const publishTemplate = (id: string, kind: TemplateKindUi = FORM_KIND) => request<JsonApiDocument>(path(kind.templates, id, 'publish'), { method: 'POST', global: false });

/** A trigger of a canned job template the organization has no form for. */
export interface DroppedTrigger {
  field_name: string;
  field_name_en: string | null;
  value: string;
}

/** POST /{templates}/{id}/adopt: the new record's id (and for a canned job, the triggers that did not carry over). */
export async function adoptTemplate(id: string, kind: TemplateKindUi = FORM_KIND): Promise<{ id: string; dropped: DroppedTrigger[] }> {
  const doc = await request<JsonApiDocument>(path(kind.templates, id, 'adopt'), { method: 'POST', global: false });
  return { id: String(doc.meta?.[kind.recordMeta]), dropped: (doc.meta?.dropped_triggers as DroppedTrigger[] | undefined) ?? [] };
}

/** An offer: what applies and what the organization's edits keep out (canned jobs: « take whole » offered then). */
export interface TemplateOffer {
  from: number;
  to: number;
  apply?: TemplateChange[];
  kept?: KeptChange[];
  changes?: TemplateChange[];
}

/** GET /{adoptions}/{id}/changes: the offer of the template's latest version. */
export async function offerOf(adoptionId: string, kind: TemplateKindUi = FORM_KIND): Promise<TemplateOffer> {
  const doc = await request<JsonApiDocument>(path(kind.adoptions, adoptionId, 'changes'), { global: false });
  return doc.meta as unknown as TemplateOffer;
}

/** Takes (accept) or passes on (skip) the version read; `replaceEdits`: a canned job's edits replaced, confirmed. */
export const answerOffer = (adoptionId: string, answer: 'accept' | 'skip', version: number, kind: TemplateKindUi = FORM_KIND, replaceEdits = false) =>
  request<JsonApiDocument>(path(kind.adoptions, adoptionId, answer), { method: 'POST', body: { data: { attributes: { version, ...(replaceEdits ? { replace_edits: true } : {}) } } }, global: false });
