import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/jsonapi.ts';

/**
 * What a public link's page shows when the link opens nothing: expired or revoked (410), unknown
 * (404), or the server unreachable (with a retry). `ns` and `prefix` name the page's texts:
 * gone(_title), not_found(_title), error(_title) and retry.
 */
export function PublicLinkRefused({ ns, prefix, error, onRetry }: { ns: string; prefix: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const texts = `${ns}:${prefix}`;
  const status = error instanceof ApiError ? error.status : 0;
  const kind = status === 410 ? 'gone' : status === 404 ? 'not_found' : 'error';
  return (
    <Alert color={kind === 'error' ? 'orange' : 'red'} icon={kind === 'gone' ? <IconLinkOff /> : <IconAlertTriangle />} title={<span data-testid="shared-refused-title">{t(`${texts}.${kind}_title`)}</span>} data-testid={`shared-${kind}`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`${texts}.${kind}`)}</Text>
        {kind === 'error' && (
          <Button size="sm" variant="default" onClick={onRetry}>
            {t(`${texts}.retry`)}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
