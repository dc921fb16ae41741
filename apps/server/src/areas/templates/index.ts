// Templates a reseller publishes to its organizations (issue 27): inspection form templates, their
// published versions, and the organizations' forms adopted from them.
import { defineArea } from '../area.ts';
import { seedDemoTemplates } from './demo.ts';
import { formTemplateAdoptionsResource } from './form-template-adoptions.resource.ts';
import { formTemplatesResource, formTemplateVersionsResource } from './form-templates.resource.ts';

export const templatesArea = defineArea({
  name: 'templates',
  resources: [formTemplatesResource, formTemplateVersionsResource, formTemplateAdoptionsResource],
  demo: seedDemoTemplates,
});
