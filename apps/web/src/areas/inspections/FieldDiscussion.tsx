import { Button, Drawer } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentThread } from '../comments/CommentThread.tsx';
import { useFieldRecord } from './Photos.tsx';

/** A field's own discussion (comments on its answer), in a side panel; only on an inspection's screen. */
export function FieldDiscussion({ fieldId, name }: { fieldId: string; name: string }) {
  const { t } = useTranslation();
  const recordId = useFieldRecord(fieldId);
  const [open, setOpen] = useState(false);
  if (!recordId) return null;
  return (
    <>
      <Button size="lg" variant="subtle" leftSection={<IconMessages size={20} />} onClick={() => setOpen(true)} aria-label={`${t('comments:field_open')} (${name})`} data-testid="field-discussion">
        {t('comments:field_open')}
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="lg" title={t('comments:field_title', { name })} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {open && <CommentThread objectType="inspection-fields" objectId={recordId} title={t('comments:title')} />}
      </Drawer>
    </>
  );
}
