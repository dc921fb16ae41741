import { Badge, Group, Text } from '@mantine/core';
import { ESTIMATION_PHASES, ESTIMATION_PHASE_LABELS, PHASE_STATUS_LABELS, type EstimationPhase, type PhaseStatus } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { ESTIMATION_STATE_COLORS, estimationStateLabel, phasesOf } from './estimationModel.ts';

export function EstimationStateBadge({ state, size = 'lg' }: { state: unknown; size?: 'sm' | 'lg' }) {
  if (!state) return null;
  return (
    <Badge size={size} color={ESTIMATION_STATE_COLORS[String(state)] ?? 'gray'} variant="light" data-state={String(state)} data-testid="estimation-state">
      {estimationStateLabel(String(state))}
    </Badge>
  );
}

const PHASE_COLORS: Record<PhaseStatus, string> = { pending: 'gray', in_progress: 'indigo', done: 'teal' };

/** Parts, labour and approval, each with its status and, while in progress, who holds it. */
export function PhaseBadges({ record, withHolders = false }: { record: Model; withHolders?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const phases = phasesOf(record);
  const holder = (p: EstimationPhase) => (record[`${p}Holder`] ?? null) as Model | null;
  return (
    <Group gap={6} wrap="wrap" data-testid="estimation-phases">
      {ESTIMATION_PHASES.map((p) => {
        const { status } = phases[p];
        const who = withHolders && status === 'in_progress' ? holder(p) : null;
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
