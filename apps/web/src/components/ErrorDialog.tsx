import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/jsonapi.ts';
import { clearRequestError, useRequestError } from '../app/errorStore.ts';
import { translateError } from '../i18n/index.ts';

/** Request errors (spec platform §8): last error's detail, else title, translated under ERRORS; button OK. */
export function ErrorDialog() {
  const { t } = useTranslation();
  const errors = useRequestError();
  return (
    <Modal opened={errors !== null} onClose={clearRequestError} title={t('errors:dialog_title')} centered zIndex={400}>
      <Text role="alert" data-testid="error-dialog-message">
        {errors ? errorMessage(errors, translateError) : ''}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={clearRequestError} data-autofocus>
          {t('common:actions.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
