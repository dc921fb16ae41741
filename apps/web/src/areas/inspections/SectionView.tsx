import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { SubSectionScore } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { AnswerField, scoreColor, type AnswerFieldProps } from './AnswerField.tsx';
import { answerOf, fieldScoreOf, subSectionScoreOf, type AnswerChange, type LiveState } from './liveScoring.ts';
import type { FormSection } from './model.ts';

/** Filled or not, by icon and text. */
export function FilledBadge({ filled }: { filled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="lg"
      variant={filled ? 'light' : 'outline'}
      color={filled ? 'teal' : 'gray'}
      leftSection={filled ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
    >
      {filled ? t('inspections:summary.filled') : t('inspections:summary.not_filled')}
    </Badge>
  );
}

function SubSectionHeader({ name, score }: { name: string; score: SubSectionScore }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <Title order={3} size="h4">
        {name}
      </Title>
      <Group gap="xs" data-testid="sub-section-score">
        <Badge size="lg" autoContrast color={scoreColor(score.score)}>
          {t('inspections:score.percent', { score: score.score })}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('inspections:score.points', { points: score.points, max: score.max })}
        </Text>
        <FilledBadge filled={score.filled} />
      </Group>
    </Group>
  );
}

export interface SectionViewProps {
  section: FormSection;
  live: Pick<LiveState, 'answers' | 'copiedFrom' | 'score'>;
  /** Field names by id, to say where a propagated answer came from. */
  fieldNames: ReadonlyMap<string, string>;
  onAnswer: (fieldId: string, change: AnswerChange) => void;
  onComment: (fieldId: string, text: string) => void;
  /** Each field's save status (an inspection being filled). */
  saveOf?: (fieldId: string) => AnswerFieldProps['save'];
  /** Each field's answer at the previous visit, in words (none: no previous visit). */
  previousOf?: (fieldId: string) => string | null;
  readOnly?: boolean;
}

/** A section's sub-sections with their scores and their visible fields; hidden ones are not drawn. */
export function SectionView({ section, live, fieldNames, onAnswer, onComment, saveOf, previousOf, readOnly }: SectionViewProps) {
  return (
    <Stack gap="xl">
      {section.subSections.map((sub) => {
        const score = subSectionScoreOf(live.score, section.id, sub.id);
        if (!score?.visible) return null;
        return (
          <Stack key={sub.id} gap="sm" component="section" data-testid={`sub-section-${sub.id}`}>
            <SubSectionHeader name={sub.name} score={score} />
            {sub.fields.map((f) => {
              const fs = fieldScoreOf(live.score, f.id);
              if (!fs?.visible) return null;
              const source = Object.hasOwn(live.copiedFrom, f.id) ? live.copiedFrom[f.id] : null;
              return (
                <AnswerField
                  key={f.id}
                  field={f}
                  answer={answerOf(live, f.id)}
                  score={fs}
                  copiedFrom={source ? (fieldNames.get(source) ?? null) : null}
                  onAnswer={onAnswer}
                  onComment={onComment}
                  save={saveOf?.(f.id)}
                  readOnly={readOnly}
                  previous={previousOf?.(f.id)}
                />
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
