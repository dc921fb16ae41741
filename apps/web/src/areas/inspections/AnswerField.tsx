import { Badge, Button, Group, Loader, Paper, Select, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconCloudOff, IconCopy, IconHistory, IconMessage } from '@tabler/icons-react';
import { FIELD_ACTIONS, answerTone, findingOf, scoreTone, type FieldScore } from '@atelier/domain';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerControl, TONES, ToggleButton } from './controls.tsx';
import { fieldIcon } from './icons.ts';
import { FieldDiscussion } from './FieldDiscussion.tsx';
import { FieldPhotos } from './Photos.tsx';
import type { AnswerChange } from './liveScoring.ts';
import type { SaveStatus } from './saveQueue.ts';
import type { Answer, FormField } from './model.ts';

/** Green, yellow or red as the reports colour a score (the domain's thresholds); always shown with its number. */
export function scoreColor(score: number): string {
  return TONES[scoreTone(score)];
}

export interface AnswerFieldProps {
  field: FormField;
  answer: Answer;
  score: FieldScore | undefined;
  /** The name of the field whose answer propagation copied here, if it did. */
  copiedFrom?: string | null;
  onAnswer: (fieldId: string, change: AnswerChange) => void;
  onComment: (fieldId: string, text: string) => void;
  /** Where its answer stands on the way to the server (an inspection being filled); none in the preview. */
  save?: { status: SaveStatus; error: string | null } | null;
  /** Shown, not answered (an inspection done, or held by someone else). */
  readOnly?: boolean;
  /** Its answer at the previous visit of the vehicle, in words ("À remplacer · 3 mm"). */
  previous?: string | null;
}

/** The answer on its way, waiting to be sent again, or refused by the server (with why). */
function SaveBadge({ save }: { save: NonNullable<AnswerFieldProps['save']> }) {
  const { t } = useTranslation();
  if (save.status === 'saving')
    return (
      <Badge size="lg" variant="light" color="blue" tt="none" leftSection={<Loader size={12} />} data-testid="field-saving">
        {t('inspections:save.saving')}
      </Badge>
    );
  return (
    <Badge
      size="lg"
      variant="light"
      color={save.status === 'failed' ? 'yellow' : 'red'}
      tt="none"
      leftSection={save.status === 'failed' ? <IconCloudOff size={14} /> : <IconAlertTriangle size={14} />}
      title={save.error ?? undefined}
      data-testid={`field-${save.status}`}
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {save.status === 'failed' ? t('inspections:save.failed') : t('inspections:save.rejected', { error: save.error ?? '' })}
    </Badge>
  );
}

/** A field to answer: its name and icon, its points and score, the control of its type, N/A, action, comment. */
export const AnswerField = memo(function AnswerField({ field, answer, score, copiedFrom, onAnswer, onComment, save, readOnly, previous }: AnswerFieldProps) {
  const { t } = useTranslation();
  const [commenting, setCommenting] = useState(false);
  const I = fieldIcon(field.icon, field.field_type);
  const answered = answer.touched || answer.not_applicable;
  const noPoints = field.field_type === 'TEXT' || (score?.max_points ?? 0) === 0;
  // What the report will list for it (the domain's findings): a failing answer asks for an action by default.
  const finding = score ? findingOf(field, answer, score) : null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={`field-${field.id}`}
      data-touched={answered}
      data-save={save?.status}
      data-critical={finding?.critical || undefined}
      style={finding?.critical ? { borderColor: TONES.bad, borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <I size={20} />
            </ThemeIcon>
            <Text fw={600} size="lg" c={finding?.critical ? TONES.bad : undefined}>
              {field.name}
            </Text>
            {finding?.critical && (
              <Badge size="lg" color={TONES.bad} tt="none" leftSection={<IconAlertTriangle size={14} />} data-testid="field-critical">
                {t('inspections:finding.critical')}
              </Badge>
            )}
          </Group>
          <Group gap="xs" justify="flex-end">
            {save && <SaveBadge save={save} />}
            {noPoints || !score ? (
              <Badge variant="light" color="gray" size="lg" tt="none">
                {t('inspections:field.no_points')}
              </Badge>
            ) : (
              <Badge
                variant={answered ? 'filled' : 'light'}
                size="lg"
                tt="none"
                autoContrast
                // Untouched: no colour verdict yet.
                color={answered ? TONES[answerTone(field.field_type, answer.value, score.score)] : 'gray'}
                aria-label={answered ? t('inspections:score.field_aria', { points: score.points, max: score.max_points, score: score.score }) : undefined}
                data-testid="field-score"
              >
                {/* Unanswered: what it is worth, not a score it has not earned ("4 / 4 pts · 100 %" for a yes/no not yet answered). */}
                {answered
                  ? `${t('inspections:score.points', { points: score.points, max: score.max_points })} · ${t('inspections:score.percent', { score: score.score })}`
                  : t('inspections:score.points', { points: '—', max: score.max_points })}
              </Badge>
            )}
            <Badge
              size="lg"
              variant={answered ? 'filled' : 'outline'}
              color={answered ? TONES.good : 'gray'}
              leftSection={answered ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
              data-testid="field-touched"
            >
              {answered ? t('inspections:field.touched') : t('inspections:field.untouched')}
            </Badge>
          </Group>
        </Group>
        {previous && (
          <Group gap={6} c="dimmed" wrap="nowrap" data-testid="field-previous">
            <IconHistory size={16} aria-hidden />
            <Text size="sm">{t('inspections:previous.last_visit', { value: previous })}</Text>
          </Group>
        )}
        {copiedFrom && (
          <Badge variant="light" color="violet" tt="none" leftSection={<IconCopy size={14} />} data-testid="field-copied" style={{ alignSelf: 'flex-start' }}>
            {t('inspections:field.copied', { name: copiedFrom })}
          </Badge>
        )}
        <AnswerControl
          field={field}
          value={answer.value}
          label={field.name}
          disabled={readOnly || answer.not_applicable}
          onChange={(value) => onAnswer(field.id, { value })}
        />
        <Group gap="sm" align="flex-end">
          {field.enable_na && (
            <ToggleButton pressed={answer.not_applicable} color={TONES.neutral} disabled={readOnly} onClick={() => onAnswer(field.id, { not_applicable: !answer.not_applicable })}>
              {t('inspections:field.not_applicable')}
            </ToggleButton>
          )}
          <Select
            size="lg"
            w={280}
            label={t('inspections:field.action')}
            aria-label={`${t('inspections:field.action')} (${field.name})`}
            placeholder={
              finding && !finding.chosen ? t('inspections:finding.default_action', { action: t(`inspections:actions.${finding.action}`) }) : t('inspections:field.no_action')
            }
            clearable
            disabled={readOnly}
            data={FIELD_ACTIONS.map((a) => ({ value: a, label: t(`inspections:actions.${a}`) }))}
            value={answer.action}
            onChange={(action) => onAnswer(field.id, { action })}
            comboboxProps={{ withinPortal: true }}
          />
          {field.can_add_comment && !readOnly && !commenting && !answer.comment && (
            <Button size="lg" variant="subtle" leftSection={<IconMessage size={20} />} onClick={() => setCommenting(true)}>
              {t('inspections:field.add_comment')}
            </Button>
          )}
          {field.can_add_comment && <FieldDiscussion fieldId={field.id} name={field.name} />}
        </Group>
        {field.can_upload_image && <FieldPhotos fieldId={field.id} name={field.name} />}
        {field.can_add_comment && (commenting || answer.comment) && (
          <Textarea
            size="md"
            autosize
            minRows={2}
            label={t('inspections:field.comment')}
            aria-label={`${t('inspections:field.comment')} (${field.name})`}
            value={answer.comment}
            readOnly={readOnly}
            onChange={(e) => onComment(field.id, e.currentTarget.value)}
            autoFocus={commenting && !answer.comment}
          />
        )}
      </Stack>
    </Paper>
  );
});
