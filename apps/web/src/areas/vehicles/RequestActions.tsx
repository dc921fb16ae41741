import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordOf, RequestAction } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { RelationSelect, singleId } from '../../components/resource/RelationSelect.tsx';
import { activeUsers, requestTitle } from './common.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

/**
 * The workflow buttons of a request (spec §4, §7): what the server offers this user now
 * (available_actions: the state allows it, their roles grant it), in the spec's order, each with a
 * line that says what it does. Complete and cancel cannot be undone: a dialog naming the request
 * confirms them. A refusal (409) opens the error dialog.
 */
export function RequestActions({ request }: { request: RecordOf<'requests'> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // The server's available_actions: what the state offers that the user's roles grant.
  const available = request.available_actions ?? [];

  const current = request.assignedTo;
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
      notify({ color: 'teal', message: t(`requests:done.${action}`) });
      void qc.invalidateQueries({ queryKey: ['requests'] });
    },
    // Refused (409: someone else moved it meanwhile): the dialog says why; the screen shows the real state.
    onError: () => {
      setOpen(null);
      void qc.invalidateQueries({ queryKey: ['requests'] });
    },
  });

  if (available.length === 0) return null;
  // Named as its record's title: code, type and vehicle.
  const name = requestTitle(request);
  const button = (action: RequestAction, color?: string) =>
    available.includes(action) ? (
      // Four side by side in the record drawer (xl) at 1024 px and up: as wide as its button's
      // label (at least 150 px), the hint wrapping under it (width 0, min-width 100 %: the hint
      // does not widen the column).
      <Stack key={action} gap={4} miw={150} data-testid={`request-action-${action}`}>
        <Button
          fullWidth
          px="sm"
          variant={action === 'cancel' ? 'subtle' : 'light'}
          color={color}
          onClick={() => (action === 'approve' ? run.mutate(action) : setOpen(action))}
          loading={run.isPending && run.variables === action}
          aria-describedby={`request-hint-${action}`}
          data-testid={`request-${action}`}
        >
          {t(`requests:actions.${action}`)}
        </Button>
        <Text id={`request-hint-${action}`} size="xs" c="dimmed" lh={1.3} w={0} miw="100%" data-testid={`request-hint-${action}`}>
          {t(`requests:actions.hint.${action}`)}
        </Text>
      </Stack>
    ) : null;

  return (
    <>
      <Group gap="xs" align="flex-start" wrap="wrap" data-testid="request-actions">
        {button('assign')}
        {button('approve', 'violet')}
        {button('complete', 'teal')}
        {button('cancel', 'red.8')}
      </Group>
      <Modal opened={open === 'assign'} onClose={() => setOpen(null)} title={t('requests:actions.assign_title')} centered>
        <Stack>
          <Text>{t('requests:actions.assign_body', { name })}</Text>
          <RelationSelect
            relation={activeUsers}
            label={t('requests:fields.assigned_to')}
            value={target}
            onChange={(v) => setAssignee(singleId(v))}
            known={current ? [current] : []}
            required
            name="assignee"
          />
          <DialogFooter onCancel={() => setOpen(null)}>
            <Button
              onClick={() => run.mutate('assign')}
              disabled={!target}
              loading={run.isPending}
              data-testid="request-assign-confirm"
            >
              {t('requests:actions.assign')}
            </Button>
          </DialogFooter>
        </Stack>
      </Modal>
      <Modal opened={open === 'complete'} onClose={() => setOpen(null)} title={t('requests:actions.complete_title')} centered>
        <Stack>
          <Text data-testid="request-complete-body">{t('requests:actions.complete_body', { name })}</Text>
          <Textarea label={t('requests:fields.completion_note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={3} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)} data-testid="request-complete-dismiss">
              {t('common:actions.cancel')}
            </Button>
            <Button color="teal" onClick={() => run.mutate('complete')} loading={run.isPending} data-testid="request-complete-confirm">
              {t('requests:actions.complete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={open === 'cancel'} onClose={() => setOpen(null)} title={t('requests:actions.cancel_title')} centered>
        <Stack>
          <Text data-testid="request-cancel-body">{t('requests:actions.cancel_body', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)} data-autofocus data-testid="request-cancel-dismiss">
              {t('requests:actions.keep')}
            </Button>
            <Button color="red.8" onClick={() => run.mutate('cancel')} loading={run.isPending} data-testid="request-cancel-confirm">
              {t('requests:actions.cancel_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
