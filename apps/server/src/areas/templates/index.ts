// Templates a reseller publishes to its organizations (issue 27): inspection form templates and canned
// job templates, their published versions, and the organizations' records adopted from them (kit.ts:
// what both kinds share).
import { defineArea } from '../area.ts';
import { cannedJobTemplateAdoptionsResource, cannedJobTemplatesResource, cannedJobTemplateVersionsResource } from './canned-job-templates.resource.ts';
import { seedDemoTemplates } from './demo.ts';
import { formTemplateAdoptionsResource } from './form-template-adoptions.resource.ts';
import { formTemplatesResource, formTemplateVersionsResource } from './form-templates.resource.ts';

export const templatesArea = defineArea({
  name: 'templates',
  resources: [formTemplatesResource, formTemplateVersionsResource, formTemplateAdoptionsResource, cannedJobTemplatesResource, cannedJobTemplateVersionsResource, cannedJobTemplateAdoptionsResource],
  demo: seedDemoTemplates,
});
