import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SentLink } from '../../components/SendLinkDialog.tsx';

/** What became of a send's text (a link, or a message such as « véhicule prêt »): sent to the number, or not, with the reason the server gave in the reader's language. */
export function SentTextNotice({ text, testId, link = true }: { text: SentLink['text']; testId: string; link?: boolean }) {
  const { t } = useTranslation();
  if (!text) return null;
  if (text.status === 'failed')
    return (
      <Alert color="red" role="alert" data-testid={`${testId}-text-failed`}>
        {link ? t('texts:sent.failed', { number: text.to, reason: text.error ?? '' }) : t('texts:sent.message_failed', { number: text.to, reason: text.error ?? '' })}
      </Alert>
    );
  return (
    <Text size="sm" data-testid={`${testId}-texted`}>
      {link ? t('texts:sent.texted', { number: text.to }) : t('texts:sent.message_texted', { number: text.to })}
    </Text>
  );
}
