// Inspections: the forms a dealership fills on its vehicles (issue 10: forms, their sections,
// sub-sections, fields, multipliers, notes and reminders, versions). Inspections and estimations
// come in later issues.
import { defineArea } from '../area.ts';
import { seedDemoInspectionForms } from './demo.ts';
import { inspectionFormMultipliersResource, inspectionFormNotesResource, inspectionFormRemindersResource } from './inspection-form-lines.resource.ts';
import { inspectionFormSectionFieldsResource } from './inspection-form-section-fields.resource.ts';
import { inspectionFormSectionsResource } from './inspection-form-sections.resource.ts';
import { inspectionFormsResource } from './inspection-forms.resource.ts';
import { syncFieldsRoutes } from './sync-fields.ts';

export const inspectionsArea = defineArea({
  name: 'inspections',
  resources: [
    inspectionFormsResource,
    inspectionFormSectionsResource,
    inspectionFormSectionFieldsResource,
    inspectionFormMultipliersResource,
    inspectionFormNotesResource,
    inspectionFormRemindersResource,
  ],
  routes: [syncFieldsRoutes],
  demo: seedDemoInspectionForms,
});
