import { useState } from 'react';
import { Button, Modal, Stack } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { refusalOf } from '../../api/refusal.ts';
import { DialogRefusal } from '../../components/DialogRefusal.tsx';
import { useMe } from '../../app/AppData.tsx';
import { notify } from '../../app/notify.tsx';
import { relationOf } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

const jobs = relationOf('canned-jobs');

/**
 * "Ajouter un travail type" on an estimate (issue 27): the advisor opens it and picks a job (searched
 * by name or code); picking adds its lines at once (POST /estimations/{id}/canned-job), priced by the
 * server from the inventory and the settings. Shown while items may be added.
 */
export function AddCannedJob({ estimationId, onAdded }: { estimationId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const [open, setOpen] = useState(false);
  const add = useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api.action(`/estimations/${encodeURIComponent(estimationId)}/canned-job`, 'POST', { data: { type: 'canned-jobs', id } }),
    onSuccess: () => {
      setOpen(false);
      notify({ color: 'teal', message: t('canned-jobs:added') });
      onAdded();
    },
  });
  if (!can('view any canned jobs') || !can('edit estimations')) return null;
  const refusal = refusalOf(add.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <>
      <Button variant="light" leftSection={<IconPackage size={18} aria-hidden />} onClick={() => (add.reset(), setOpen(true))} data-testid="add-canned-job">
        {t('canned-jobs:add')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('canned-jobs:add')} centered>
        <Stack>
          <RelationSelect
            relation={jobs}
            label={t('canned-jobs:choose')}
            value={null}
            onChange={(v) => (typeof v === 'string' ? add.mutate(v) : undefined)}
            disabled={add.isPending}
            name="canned-job"
          />
          <DialogRefusal refusal={refusal} testId="add-canned-job-refused" />
          <DialogFooter onCancel={() => setOpen(false)} cancelLabel={t('common:actions.close')} />
        </Stack>
      </Modal>
    </>
  );
}
