import { Button } from '@mantine/core';
import { notify } from '../app/notify.tsx';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api/download.ts';

/**
 * A button that downloads a PDF the API answers the signed-in user (an inspection report, a quote,
 * a work order); a failure is a short message rather than the error dialog.
 */
export function PdfButton({ path, fileName, label, failed, testId }: { path: string; fileName: string; label: string; failed?: string; testId: string }) {
  const { t } = useTranslation();
  const run = useMutation({
    mutationFn: () => downloadFile(path, fileName),
    meta: { silent: true },
    onError: () => notify({ color: 'red', message: failed ?? t('reports:failed') }),
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
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
