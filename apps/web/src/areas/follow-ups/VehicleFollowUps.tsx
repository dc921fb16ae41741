import { Badge, Table, Text } from '@mantine/core';
import { FOLLOW_UP_REASONS, FOLLOW_UP_REASON_LABELS, FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS, MESSAGE_CHANNELS, type FollowUpStatus, type RecordOf } from '@atelier/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListResult } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { RecordSection } from '../../components/resource/RecordSection.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { formatDate } from '../../lib/format.ts';

// Follow-ups of declined work (issue 26): what the runner sent, skipped or stopped, and what is
// planned, on the vehicle (« Relances ») and under each of its deferred work.

type FollowUp = RecordOf<'follow-ups'>;

export const FOLLOW_UP_COLORS: Record<FollowUpStatus, string> = { scheduled: 'blue', sending: 'blue', sent: 'teal', skipped: 'gray', failed: 'red', stopped: 'yellow' };

/** The vehicle's follow-ups, with their work, in date order (one read, shared by the section and the deferred work rows). */
export function useVehicleFollowUps(vehicleId: string | null | undefined): UseQueryResult<ListResult<FollowUp>> {
  const { can } = useMe();
  return useList<FollowUp>(
    'follow-ups',
    { page: { number: 1, size: 100 }, sort: 'due_at', include: 'deferredWork', filter: { vehicle: vehicleId ?? '' } },
    { enabled: Boolean(vehicleId) && (can('view any estimations') || can('view estimations')), meta: { silent: true }, global: false, staleTime: 30_000 },
  );
}

export function FollowUpBadge({ followUp }: { followUp: FollowUp }) {
  const locale = currentLocale();
  if (!isOneOf(FOLLOW_UP_STATUSES, followUp.status)) return null;
  const reason = isOneOf(FOLLOW_UP_REASONS, followUp.reason) ? FOLLOW_UP_REASON_LABELS[followUp.reason][locale] : null;
  return (
    <Badge size="sm" variant="light" color={FOLLOW_UP_COLORS[followUp.status]} tt="none" data-status={followUp.status}>
      {FOLLOW_UP_STATUS_LABELS[followUp.status][locale]}
      {reason ? ` · ${reason}` : ''}
    </Badge>
  );
}

/** What happened or will: « Relance 1 · envoyée par texto le 3 mars 2026 », « prévue le 2 juin 2026 ». */
function when(f: FollowUp, t: (key: string, params?: Record<string, unknown>) => string) {
  const locale = currentLocale();
  const date = formatDate(String((f.status === 'scheduled' || f.status === 'sending' ? f.due_at : f.done_at) ?? f.due_at ?? ''), locale);
  const channel = isOneOf(MESSAGE_CHANNELS, f.channel) ? (f.channel === 'sms' ? t('follow-ups:channel.sms') : t('follow-ups:channel.email')) : null;
  if (f.status === 'scheduled' || f.status === 'sending') return t('follow-ups:due_on', { date });
  if (f.status === 'sent' && channel) return t('follow-ups:sent_on', { date, channel, contact: String(f.contact ?? '') });
  return t('follow-ups:done_on', { date });
}

/** « Relances » on the vehicle: each follow-up of its declined work, done or planned. */
export function VehicleFollowUps({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation();
  const q = useVehicleFollowUps(vehicleId);
  const rows = q.data?.data ?? [];
  // Nothing to say on a vehicle without follow-ups, or to a user who does not read estimates.
  if (q.isPending || !rows.length) return null;
  return (
    <RecordSection title={t('follow-ups:title')} count={rows.length} pending={false} empty={t('follow-ups:none')} small gap="xs" mt="md" testId="vehicle-follow-ups" emptyTestId="vehicle-follow-ups-empty">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" data-testid="vehicle-follow-ups-list">
          <Table.Tbody>
            {rows.map((f) => (
              <Table.Tr key={f.id} data-testid="follow-up" data-status={String(f.status)}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {String(f.deferredWork?.detail ?? '')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('follow-ups:step', { step: Number(f.step ?? 1) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{when(f, t)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <FollowUpBadge followUp={f} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </RecordSection>
  );
}

/** Under a deferred work on the vehicle: its follow-ups in a line each. */
export function WorkFollowUps({ vehicleId, workId }: { vehicleId: string; workId: string }) {
  const { t } = useTranslation();
  const q = useVehicleFollowUps(vehicleId);
  const rows = (q.data?.data ?? []).filter((f) => f.deferredWork?.id === workId);
  if (!rows.length) return null;
  return (
    <>
      {rows.map((f) => (
        <Text key={f.id} size="xs" c="dimmed" data-testid="deferred-work-follow-up" data-status={String(f.status)}>
          {t('follow-ups:step', { step: Number(f.step ?? 1) })} · {when(f, t)} · {isOneOf(FOLLOW_UP_STATUSES, f.status) ? FOLLOW_UP_STATUS_LABELS[f.status][currentLocale()] : ''}
        </Text>
      ))}
    </>
  );
}
