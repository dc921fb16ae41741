import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { inspectionFormVersions } from './inspection-forms.table.ts';

/**
 * The frozen versions of the forms (versions.ts writes them), read only. An inspection's screen
 * reads its version (`GET /inspections/{id}?include=inspectionFormVersion`), never the live form:
 * editing the form afterwards changes neither what the inspector sees nor how it scores. Readable
 * by whoever reads inspections or forms, organization-wide (an inspection of one location may
 * have been made from a form restricted to another: the inspection decides who sees it).
 */
export const inspectionFormVersionsResource = defineResource(declarations['inspection-form-versions'], {
  table: inspectionFormVersions,
  permissions: 'inspections',
  alsoGrantedBy: { viewAny: ['view any inspection forms'], view: ['view inspection forms', 'view any inspection forms'] },
  tenancy: tenancy.organization(),
  ...READ_ONLY,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    inspectionForm: rel.belongsTo('inspection_form_id'),
  },
  filters: { inspectionForm: filter.ids('inspection_form_id', 'inspectionForm') },
});
