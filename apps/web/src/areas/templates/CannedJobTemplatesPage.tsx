import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { PublishButton, Versions } from './FormTemplatesPage.tsx';
import { CANNED_JOB_KIND } from './templatesApi.ts';

/**
 * /reseller/canned-job-templates: « Modèles de travaux types », the canned jobs the reseller
 * publishes to its organizations, each made from a job of one of them; a new version is published
 * from that job (the same screen as the form templates', of the other kind).
 */
export default function CannedJobTemplatesPage() {
  return (
    <SimpleResourcePage
      type="canned-job-templates"
      subject="canned job templates"
      columns={['name', 'version', { key: 'sourceCannedJob', visibleFrom: 'md' }, { key: 'updated_at', visibleFrom: 'sm' }]}
      listInclude="sourceCannedJob"
      include="sourceCannedJob"
      fields={['name', 'sourceCannedJob', { name: 'description', wide: true }, 'version', 'created_at']}
      actions={(template) => <PublishButton template={template} kind={CANNED_JOB_KIND} />}
      children={(template) => <Versions template={template} kind={CANNED_JOB_KIND} />}
    />
  );
}
