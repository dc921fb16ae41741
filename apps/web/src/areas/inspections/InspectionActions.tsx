import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { inspectionActionRoute, type InspectionAction, type InspectionState } from '@atelier/domain';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { byFullName, relationOf } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { headerActions } from './inspectionActions.ts';
import { inspectionHref } from './inspectionModel.ts';

const assignees = { ...relationOf('users', true), filter: { active: true } };
const COLORS: Partial<Record<InspectionAction, string>> = { start: 'blue', take_over: 'indigo', approve: 'violet', cancel: 'red.8', redo: 'gray' };
/** Actions that change someone else's work or cannot be undone: a dialog confirms them. */
const CONFIRMED: readonly InspectionAction[] = ['take_over', 'cancel', 'redo', 'assign'];

/**
 * The workflow buttons of an inspection's header (spec §4): the actions its state offers that the
 * user's roles grant, the holder's rule applied. Take over names who holds the work; cancel and
 * redo are confirmed. A refusal (409, 403) opens the error dialog and the screen re-reads the record.
 */
export function InspectionActions({ inspection }: { inspection: Model }) {
  const { t } = useTranslation();
  const { me, permissions } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<InspectionAction | null>(null);
  const [users, setUsers] = useState<string[]>([]);
  const holder = (inspection.holder ?? null) as Model | null;
  const actions = headerActions({
    state: inspection.state as InspectionState,
    available: inspection.available_actions as string[] | undefined,
    permissions,
    meId: me.id,
    holderId: holder?.id ?? null,
  });

  const run = useMutation({
    mutationFn: (action: InspectionAction) => {
      const path = `/inspections/${inspection.id}/${inspectionActionRoute(action)}`;
      if (action === 'assign') return api.action(path, 'POST', { data: { type: 'inspections', id: inspection.id, relationships: { assignedToUsers: { data: users.map((id) => ({ type: 'users', id })) } } } });
      return api.action(path, 'POST', {});
    },
    onSuccess: (result, action) => {
      setOpen(null);
      setUsers([]);
      notifications.show({ color: 'teal', message: t(`inspections:workflow.done.${action}`) });
      void qc.invalidateQueries({ queryKey: ['inspections'] });
      void qc.invalidateQueries({ queryKey: ['inspection-fields'] });
      // Redo answers the fresh draft: it opens.
      if (action === 'redo' && result?.id && result.id !== inspection.id) navigate(inspectionHref(result.id));
    },
    onError: () => {
      setOpen(null);
      void qc.invalidateQueries({ queryKey: ['inspections'] });
    },
  });

  if (actions.length === 0) return null;
  const code = String(inspection.code ?? '');
  const holderName = holder ? byFullName(holder) : '—';

  return (
    <>
      <Group gap="xs" data-testid="inspection-actions">
        {actions.map((a) => (
          <Button
            key={a}
            size="md"
            variant={a === 'start' ? 'filled' : a === 'cancel' ? 'subtle' : 'light'}
            color={COLORS[a]}
            loading={run.isPending && run.variables === a}
            onClick={() => (CONFIRMED.includes(a) ? setOpen(a) : run.mutate(a))}
            data-testid={`inspection-${a}`}
          >
            {t(`inspections:workflow.${a}`)}
          </Button>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? t(`inspections:workflow.${open}`) : ''} centered>
        {open && (
          <Stack>
            <Text data-testid="inspection-confirm-body">{t(`inspections:workflow.confirm.${open}`, { code, holder: holderName })}</Text>
            {open === 'assign' && (
              <RelationSelect relation={assignees} label={t('inspections:list.assignees')} value={users} onChange={(v) => setUsers(Array.isArray(v) ? v : [])} required name="assignees" />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)} data-autofocus>
                {t('inspections:workflow.keep')}
              </Button>
              <Button
                color={COLORS[open]}
                onClick={() => run.mutate(open)}
                loading={run.isPending}
                disabled={open === 'assign' && users.length === 0}
                data-testid="inspection-confirm"
              >
                {t(`inspections:workflow.${open}`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
