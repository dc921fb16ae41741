import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REQUEST_ACTION_PERMISSIONS, type RequestAction } from '@atelier/domain';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { vehicleRelations } from './common.tsx';

/**
 * The workflow buttons of a request (spec §4, §7): only the actions its state allows (the server's
 * available_actions) and the user's permissions grant. A refusal (409) opens the error dialog.
 */
export function RequestActions({ request }: { request: Model }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const available = ((request.available_actions as string[] | undefined) ?? []).filter((a) => can(REQUEST_ACTION_PERMISSIONS[a as RequestAction])) as RequestAction[];

  const current = request.assignedTo as Model | null | undefined;
  // The picker starts on the current assignee: confirming without touching it reassigns the same person.
  const target = assignee ?? current?.id ?? null;

  const run = useMutation({
    mutationFn: (action: RequestAction) => {
      const path = `/requests/${request.id}/${action}`;
      if (action === 'cancel') return api.action(path, 'GET');
      if (action === 'assign') return api.action(path, 'POST', { data: { type: 'users', id: target } });
      if (action === 'complete') return api.action(path, 'POST', note.trim() ? { note: note.trim() } : {});
      return api.action(path, 'POST', {});
    },
    onSuccess: (_r, action) => {
      setOpen(null);
      setNote('');
      setAssignee(null);
      notifications.show({ color: 'teal', message: t(`vehicles:actions.done.${action}`) });
      void qc.invalidateQueries({ queryKey: ['requests'] });
    },
    // Refused (409: someone else moved it meanwhile): the dialog says why; the screen shows the real state.
    onError: () => {
      setOpen(null);
      void qc.invalidateQueries({ queryKey: ['requests'] });
    },
  });

  if (available.length === 0) return null;
  const button = (action: RequestAction, color?: string) =>
    available.includes(action) ? (
      <Button
        key={action}
        variant={action === 'cancel' ? 'subtle' : 'light'}
        color={color}
        onClick={() => (action === 'approve' ? run.mutate(action) : setOpen(action))}
        loading={run.isPending && run.variables === action}
        data-testid={`request-${action}`}
      >
        {t(`vehicles:actions.${action}`)}
      </Button>
    ) : null;

  return (
    <>
      {button('assign')}
      {button('approve', 'violet')}
      {button('complete', 'teal')}
      {button('cancel', 'red.8')}
      <Modal opened={open === 'assign'} onClose={() => setOpen(null)} title={t('vehicles:actions.assign_title')} centered>
        <Stack>
          <RelationSelect
            relation={vehicleRelations.user}
            label={t('vehicles:fields.assigned_to')}
            value={target}
            onChange={(v) => setAssignee((v as string | null) ?? null)}
            known={current ? [current] : []}
            required
            name="assignee"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              onClick={() => run.mutate('assign')}
              disabled={!target}
              loading={run.isPending}
              data-testid="request-assign-confirm"
            >
              {t('vehicles:actions.assign')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={open === 'complete'} onClose={() => setOpen(null)} title={t('vehicles:actions.complete_title')} centered>
        <Stack>
          <Textarea label={t('vehicles:fields.completion_note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={3} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="teal" onClick={() => run.mutate('complete')} loading={run.isPending} data-testid="request-complete-confirm">
              {t('vehicles:actions.complete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={open === 'cancel'} onClose={() => setOpen(null)} title={t('vehicles:actions.cancel_title')} centered>
        <Stack>
          <Text>{t('vehicles:actions.cancel_body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)} data-autofocus>
              {t('vehicles:actions.keep')}
            </Button>
            <Button color="red.8" onClick={() => run.mutate('cancel')} loading={run.isPending} data-testid="request-cancel-confirm">
              {t('vehicles:actions.cancel_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
