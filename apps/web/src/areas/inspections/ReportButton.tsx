import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { downloadReport } from './reportApi.ts';

/** "Rapport PDF": the inspection's report, in any state (before completion it says it is a draft). */
export function ReportButton({ inspection }: { inspection: Model }) {
  const { t } = useTranslation();
  const run = useMutation({
    mutationFn: () => downloadReport(inspection),
    // Its own message rather than the error dialog: a short one, beside the button.
    meta: { silent: true },
    onError: () => notifications.show({ color: 'red', message: t('reports:failed') }),
  });
  return (
    <Button
      size="md"
      variant="default"
      leftSection={<IconFileTypePdf size={18} />}
      loading={run.isPending}
      loaderProps={{ type: 'dots' }}
      onClick={() => run.mutate()}
      aria-label={run.isPending ? t('reports:downloading') : undefined}
      data-testid="inspection-report"
    >
      {t('reports:button')}
    </Button>
  );
}
