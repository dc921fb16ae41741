import { Badge, Group, Stack, Text } from '@mantine/core';
import { CUSTOMER_DECISIONS, CUSTOMER_DECISION_LABELS, ESTIMATION_PHASES, ESTIMATION_PHASE_LABELS, PHASE_STATUS_LABELS, type CustomerDecision, type PhaseStatus } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PHASE_FIELDS, phasesOf, type PhaseRecord } from './estimationModel.ts';

const PHASE_COLORS: Record<PhaseStatus, string> = { pending: 'gray', in_progress: 'indigo', done: 'teal' };

/** Parts, labour and approval, each with its status and, while in progress, who holds it. */
export function PhaseBadges({ record, withHolders = false }: { record: PhaseRecord; withHolders?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const phases = phasesOf(record);
  return (
    <Group gap={6} wrap="wrap" data-testid="estimation-phases">
      {ESTIMATION_PHASES.map((p) => {
        const { status } = phases[p];
        const who = withHolders && status === 'in_progress' ? record[PHASE_FIELDS[p].holder] : null;
        return (
          <Badge key={p} size="md" variant="light" color={PHASE_COLORS[status]} tt="none" data-phase={p} data-status={status}>
            {t('estimations:phase', { phase: ESTIMATION_PHASE_LABELS[p][locale], status: PHASE_STATUS_LABELS[status][locale] })}
            {who ? (
              <Text span inherit fw={700}>
                {' '}
                · {byFullName(who)}
              </Text>
            ) : null}
          </Badge>
        );
      })}
    </Group>
  );
}

const DECISION_COLORS: Record<CustomerDecision, string> = { approved: 'teal', declined: 'red' };

/** The customer's answer on an item (from the approval page), with when they gave it; nothing until they answer. */
export function CustomerDecisionBadge({ decision, at }: { decision: unknown; at?: unknown }) {
  if (!isOneOf(CUSTOMER_DECISIONS, decision)) return <Text size="sm">—</Text>;
  const locale = currentLocale();
  return (
    <Stack gap={2} align="flex-start" data-testid="customer-decision" data-decision={decision}>
      <Badge size="md" variant="light" color={DECISION_COLORS[decision]} tt="none">
        {CUSTOMER_DECISION_LABELS[decision][locale]}
      </Badge>
      {typeof at === 'string' && at ? (
        <Text size="xs" c="dimmed">
          {formatDateTime(at, locale)}
        </Text>
      ) : null}
    </Stack>
  );
}
