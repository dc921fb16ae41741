// Inspections: the forms a dealership fills on its vehicles (issue 10: forms, their sections,
// sub-sections, fields, multipliers, notes and reminders, versions) and the inspections made from
// them (issue 11: their fields, scores and workflow). Estimations come in a later issue.
import type { Db } from '../../db/client.ts';
import { defineArea } from '../area.ts';
import { seedDemoInspectionForms } from './demo.ts';
import { seedDemoInspections } from './demo-inspections.ts';
import { seedDemoCompletedInspection } from './demo-report.ts';
import { inspectionFieldsResource } from './inspection-fields.resource.ts';
import { inspectionFormMultipliersResource, inspectionFormNotesResource, inspectionFormRemindersResource } from './inspection-form-lines.resource.ts';
import { inspectionFormSectionFieldsResource } from './inspection-form-section-fields.resource.ts';
import { inspectionFormSectionsResource } from './inspection-form-sections.resource.ts';
import { inspectionFormVersionsResource } from './inspection-form-versions.resource.ts';
import { inspectionFormsResource } from './inspection-forms.resource.ts';
import { inspectionsResource } from './inspections.resource.ts';
import { syncFieldsRoutes } from './sync-fields.ts';
import { reportRoutes } from './report/report.routes.ts';

export const inspectionsArea = defineArea({
  name: 'inspections',
  resources: [
    inspectionFormsResource,
    inspectionFormSectionsResource,
    inspectionFormSectionFieldsResource,
    inspectionFormMultipliersResource,
    inspectionFormNotesResource,
    inspectionFormRemindersResource,
    inspectionFormVersionsResource,
    inspectionsResource,
    inspectionFieldsResource,
  ],
  routes: [syncFieldsRoutes, reportRoutes],
  async demo(db: Db) {
    await seedDemoInspectionForms(db);
    await seedDemoInspections(db);
    await seedDemoCompletedInspection(db);
  },
});
