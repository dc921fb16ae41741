import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The buttons ending a dialog or a form, at its right: the way out (Cancel unless it says otherwise), then what it does. */
export function DialogFooter({ onCancel, cancelLabel, children, ...group }: { onCancel: () => void; cancelLabel?: string; children?: ReactNode } & Omit<GroupProps, 'children' | 'justify'>) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel ?? t('common:actions.cancel')}
      </Button>
      {children}
    </Group>
  );
}
