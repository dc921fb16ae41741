import { Alert, Badge, Button, Group, List, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconClockPause, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { DEFERRED_WORK_STATES, DEFERRED_WORK_STATE_LABELS, ITEM_CONDITIONS, ITEM_CONDITION_LABELS, type RecordOf } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type ListResult } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { refusalOf } from '../../api/refusal.ts';
import { DialogRefusal } from '../../components/DialogRefusal.tsx';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { WorkFollowUps } from '../follow-ups/VehicleFollowUps.tsx';
import { DEFERRED_STATE_COLORS, orderDeferredWork } from './estimationModel.ts';
import { DialogFooter } from '../../components/DialogFooter.tsx';

// Deferred work (issue 12): what a customer declined stays on the vehicle and is suggested again at
// its next visit: on the vehicle (to close as done or dismissed), on its next request (a notice),
// on its next estimate (added as items). The server makes it; users only close it or add it.

type DeferredWork = RecordOf<'deferred-work'>;

/** The vehicle's deferred work (only the open suggestions, or all of it), when the user may read estimates. */
export function useDeferredWork(vehicleId: string | null | undefined, { open = false, enabled = true }: { open?: boolean; enabled?: boolean } = {}): UseQueryResult<ListResult<DeferredWork>> {
  const { can } = useMe();
  return useList<DeferredWork>(
    'deferred-work',
    { page: { number: 1, size: 100 }, sort: '-declined_at', filter: { vehicle: vehicleId ?? '', ...(open ? { state: 'open' } : {}) } },
    { enabled: Boolean(vehicleId) && enabled && (can('view any estimations') || can('view estimations')), meta: { silent: true }, global: false },
  );
}

function WorkText({ work }: { work: DeferredWork }) {
  const locale = currentLocale();
  const condition = isOneOf(ITEM_CONDITIONS, work.condition) ? ITEM_CONDITION_LABELS[work.condition][locale] : null;
  return (
    <>
      <Text size="sm" fw={500} style={{ whiteSpace: 'pre-wrap' }}>
        {String(work.detail ?? '')}
      </Text>
      {condition ? (
        <Text size="xs" c="dimmed">
          {condition}
        </Text>
      ) : null}
    </>
  );
}

export function DeferredStateBadge({ state }: { state: unknown }) {
  if (!isOneOf(DEFERRED_WORK_STATES, state)) return null;
  return (
    <Badge size="sm" variant="light" color={DEFERRED_STATE_COLORS[state]} tt="none" data-state={state}>
      {DEFERRED_WORK_STATE_LABELS[state][currentLocale()]}
    </Badge>
  );
}

/**
 * On the estimate: the vehicle's open suggestions from earlier visits, each added as an item
 * (POST /estimations/{id}/deferred-work) while the descriptions may change.
 */
export function DeferredSuggestions({ estimation, writable, onAdded }: { estimation: RecordOf<'estimations'>; writable: boolean; onAdded: () => void }) {
  const { t } = useTranslation();
  const q = useDeferredWork(estimation.vehicle?.id, { open: true });
  const qc = useQueryClient();
  const add = useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => api.action(`/estimations/${encodeURIComponent(estimation.id)}/deferred-work`, 'POST', { data: ids.map((id) => ({ type: 'deferred-work', id })) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['deferred-work'] });
      onAdded();
    },
  });
  // Work declined on this very estimate is still one of its items: it is suggested to the next ones.
  const rows = (q.data?.data ?? []).filter((w) => w.estimation?.id !== estimation.id);
  if (!rows.length) return null;
  const locale = currentLocale();
  const refusal = refusalOf(add.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <Alert color="yellow" variant="light" icon={<IconClockPause />} title={t('estimations:deferred.suggestions')} data-testid="deferred-suggestions">
      <Stack gap="xs">
        <Text size="sm">{t('estimations:deferred.suggestions_hint')}</Text>
        {rows.map((w) => (
          <Group key={w.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="deferred-suggestion" data-id={w.id}>
            <div style={{ minWidth: 0 }}>
              <WorkText work={w} />
              <Text size="xs" c="dimmed">
                {t('estimations:deferred.declined_on', { date: formatDate(String(w.declined_at ?? ''), locale), total: formatMoney(Number(w.total ?? 0), locale) })}
              </Text>
            </div>
            {writable ? (
              <Button size="sm" variant="filled" color="indigo.8" leftSection={<IconPlus size={16} />} loading={add.isPending && add.variables?.[0] === w.id} onClick={() => add.mutate([w.id])} data-testid="deferred-add">
                {t('estimations:deferred.add')}
              </Button>
            ) : null}
          </Group>
        ))}
        {refusal ? (
          <Text size="sm" c="red.9" role="alert" data-testid="deferred-refused">
            {refusal}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** "Fait" / "Écarter" with an optional note: PATCH state and note of one suggestion. */
function CloseWork({ work, onDone }: { work: DeferredWork; onDone: () => void }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState<'done' | 'dismissed' | null>(null);
  const [note, setNote] = useState('');
  const close = useMutation({
    meta: { silent: true },
    mutationFn: (state: 'done' | 'dismissed') => api.update({ type: 'deferred-work', id: work.id, attributes: { state, note: note.trim() || null } }),
    onSuccess: () => {
      setClosing(null);
      onDone();
    },
  });
  const refusal = refusalOf(close.error, t('errors:SOMETHING_WENT_WRONG'));
  const ask = (state: 'done' | 'dismissed') => {
    setNote('');
    close.reset();
    setClosing(state);
  };
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button size="sm" variant="light" color="teal" onClick={() => ask('done')} data-testid="deferred-done">
          {t('estimations:deferred.done')}
        </Button>
        <Button size="sm" variant="subtle" color="gray.8" onClick={() => ask('dismissed')} data-testid="deferred-dismiss">
          {t('estimations:deferred.dismiss')}
        </Button>
      </Group>
      <Modal opened={closing !== null} onClose={() => setClosing(null)} title={closing ? t(`estimations:deferred.${closing}_title`) : ''} centered closeButtonProps={{ 'aria-label': t('estimations:send.close') }}>
        <Stack gap="sm">
          <WorkText work={work} />
          <Textarea label={t('estimations:deferred.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={2000} autosize minRows={2} data-testid="deferred-note" />
          <DialogRefusal refusal={refusal} testId="deferred-close-refused" />
          <DialogFooter onCancel={() => setClosing(null)} cancelLabel={t('estimations:send.close')}>
            <Button loading={close.isPending} onClick={() => closing && close.mutate(closing)} data-testid="deferred-close-confirm">
              {closing ? t(`estimations:deferred.${closing === 'done' ? 'done' : 'dismiss'}`) : ''}
            </Button>
          </DialogFooter>
        </Stack>
      </Modal>
    </>
  );
}

/** On the vehicle: its deferred work, open first then closed with their state; closed by hand with "edit estimations". */
export function VehicleDeferredWork({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const q = useDeferredWork(vehicleId);
  const rows = orderDeferredWork(q.data?.data ?? []);
  const locale = currentLocale();
  if (q.isPending || !rows.length) return null;
  const mayClose = can('edit estimations');
  return (
    <Stack gap="xs" mt="lg" data-testid="vehicle-deferred-work">
      <Title order={3} size="h4">
        {t('estimations:deferred.title')}
      </Title>
      <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('estimations:deferred.title') } }}>
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w.id} data-testid="deferred-work" data-state={String(w.state)}>
                <Table.Td>
                  <WorkText work={w} />
                  {w.note ? (
                    <Text size="xs" c="dimmed" data-testid="deferred-work-note">
                      {String(w.note)}
                    </Text>
                  ) : null}
                  <WorkFollowUps vehicleId={vehicleId} workId={w.id} />
                </Table.Td>
                <Table.Td c="dimmed">{formatDate(String(w.declined_at ?? ''), locale)}</Table.Td>
                <Table.Td ta="right">{formatMoney(Number(w.total ?? 0), locale)}</Table.Td>
                <Table.Td>{w.state === 'open' && mayClose ? <CloseWork work={w} onDone={() => void qc.invalidateQueries({ queryKey: ['deferred-work'] })} /> : <DeferredStateBadge state={w.state} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** On a request: its vehicle's open deferred work, to offer the customer at this visit. */
export function DeferredWorkNotice({ vehicleId }: { vehicleId: string | null | undefined }) {
  const { t } = useTranslation();
  const q = useDeferredWork(vehicleId, { open: true });
  const rows = q.data?.data ?? [];
  if (!rows.length) return null;
  const locale = currentLocale();
  return (
    <Alert color="yellow" variant="light" icon={<IconClockPause />} title={t('estimations:deferred.notice')} data-testid="deferred-notice" mt="md">
      <List size="sm" spacing={2}>
        {rows.map((w) => (
          <List.Item key={w.id} data-testid="deferred-notice-item">
            {String(w.detail ?? '')} · {formatMoney(Number(w.total ?? 0), locale)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
