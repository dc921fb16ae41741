import { TemplatesPage } from './FormTemplatesPage.tsx';
import { CANNED_JOB_KIND } from './templatesApi.ts';

/**
 * /reseller/canned-job-templates: « Modèles de travaux types », the canned jobs the reseller
 * publishes to its organizations, each made from a job of one of them; a new version is published
 * from that job (the form templates' screen, of the other kind).
 */
export default function CannedJobTemplatesPage() {
  return <TemplatesPage kind={CANNED_JOB_KIND} subject="canned job templates" source="sourceCannedJob" />;
}
