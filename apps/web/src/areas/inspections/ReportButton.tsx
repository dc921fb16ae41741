import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import { PdfButton } from '../../components/PdfButton.tsx';

/** "Rapport PDF": the inspection's report, in any state (before completion it says it is a draft). */
export function ReportButton({ inspection }: { inspection: RecordOf<'inspections'> }) {
  const { t } = useTranslation();
  return <PdfButton path={`/inspections/${encodeURIComponent(inspection.id)}/report`} fileName={`${inspection.code ?? inspection.id}.pdf`} label={t('reports:button')} testId="inspection-report" />;
}
