import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A confirmation before a key is replaced or revoked (the app mounts no ModalsProvider). */
export function KeyConfirm({ opened, title, warning, onCancel, onConfirm }: { opened: boolean; title: string; warning: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text size="sm">{warning}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red.8" onClick={onConfirm} data-testid="key-confirm">
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
