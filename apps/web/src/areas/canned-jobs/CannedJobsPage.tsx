import { fieldsOf, type FieldEntry } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { ResellerTemplates } from '../templates/ResellerTemplates.tsx';
import { CANNED_JOB_KIND } from '../templates/templatesApi.ts';


/** A job's lines, as the estimate's items will carry them: what is done, the part (an inventory product fills the rest), the labour. */
const itemLines: LinesConfig = {
  type: 'canned-job-items',
  orderable: true,
  fields: fieldsOf('canned-job-items', [{ name: 'detail', wide: true }, 'product', 'part', 'part_number', 'quantity', 'unit_price', 'time', 'hourly_rate', 'manual_labour']),
  row: ['detail', 'product', 'quantity', 'time'],
  defaults: { quantity: '1' },
  add: 'canned-jobs:add_line',
  empty: 'canned-jobs:no_lines',
  line: 'canned-jobs:line_n',
};

/** The findings that call for the job: a form's field and the answer that fails it. */
const triggerLines: LinesConfig = {
  type: 'canned-job-triggers',
  fields: fieldsOf('canned-job-triggers', ['inspectionFormSectionField', { name: 'value', description: 'canned-jobs:value_help' }]),
  add: 'canned-jobs:add_trigger',
  empty: 'canned-jobs:no_triggers',
  line: 'canned-jobs:trigger_n',
};

const FIELDS: FieldEntry<'canned-jobs'>[] = [
  { name: 'name', wide: true },
  'code',
  'active',
  'tags',
  'allowedLocations',
  { name: 'notes', wide: true },
  { name: 'items', kind: 'lines', lines: itemLines, wide: true },
  { name: 'triggers', kind: 'lines', lines: triggerLines, wide: true },
];

/** /inspecpro/canned-jobs: the shop's canned jobs (issue 27), added to an estimate in one step or drafted from an inspection's findings. */
export default function CannedJobsPage() {
  return (
    <SimpleResourcePage
      type="canned-jobs"
      subject="canned jobs"
      defaultSort="name"
      listInclude="tags"
      columns={['name', { key: 'code', visibleFrom: 'sm' }, { key: 'active', visibleFrom: 'sm' }, { key: 'tags', visibleFrom: 'md' }, { key: 'updated_at', visibleFrom: 'lg' }]}
      fields={FIELDS}
      filters={['active']}
      include="tags,allowedLocations,items.product,triggers.inspectionFormSectionField"
      titleOf={(j) => String(j.name ?? '')}
      defaults={{ active: true }}
      headerExtra={<ResellerTemplates kind={CANNED_JOB_KIND} />}
    />
  );
}
