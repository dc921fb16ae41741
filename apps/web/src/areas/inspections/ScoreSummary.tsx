import { Badge, Group, NavLink, Paper, Progress, RingProgress, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconEyeOff } from '@tabler/icons-react';
import type { InspectionScore } from '@atelier/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scoreColor } from './AnswerField.tsx';
import { sectionIcon } from './icons.ts';
import { sectionScoreOf } from './liveScoring.ts';
import type { FormSection } from './model.ts';

/** The vehicle score, its verdict and how many shown fields are answered. */
export function ScoreSummary({ score, progress }: { score: InspectionScore; progress: { touched: number; visible: number } }) {
  const { t } = useTranslation();
  const color = scoreColor(score.vehicle_score);
  return (
    <Paper withBorder p="sm" radius="md" shadow="xs" data-testid="score-summary" aria-live="polite">
      <Group gap="md" wrap="nowrap">
        <RingProgress
          size={72}
          thickness={8}
          // A round cap draws a dot at 0: only once there is a score.
          roundCaps={score.vehicle_score > 0}
          sections={[{ value: score.vehicle_score, color }]}
          label={
            <Text ta="center" fw={700} size="lg" data-testid="vehicle-score">
              {score.vehicle_score}
            </Text>
          }
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('inspections:summary.vehicle_score')} · {t('inspections:summary.verdict')}
          </Text>
          <Text fw={600} data-testid="verdict" c={score.note ? undefined : 'dimmed'}>
            {score.note ?? t('inspections:summary.no_verdict')}
          </Text>
          <Progress value={progress.visible ? (100 * progress.touched) / progress.visible : 0} size="sm" aria-hidden />
          <Text size="sm" data-testid="progress">
            {t('inspections:summary.progress', progress)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

interface NavProps {
  sections: readonly FormSection[];
  score: InspectionScore;
  active: string | null;
  onSelect: (sectionId: string) => void;
  /** Entries after the sections (an inspection's final step). */
  children?: ReactNode;
}

/** A section's score, filled or hidden state, as a badge with an icon and text. */
function SectionState({ section, score }: { section: FormSection; score: InspectionScore }) {
  const { t } = useTranslation();
  const s = sectionScoreOf(score, section.id);
  if (!s?.visible)
    return (
      <Badge variant="outline" color="gray" leftSection={<IconEyeOff size={14} />}>
        {t('inspections:summary.hidden')}
      </Badge>
    );
  const label = `${t('inspections:score.percent', { score: s.score })}, ${s.filled ? t('inspections:summary.filled') : t('inspections:summary.not_filled')}`;
  return (
    <Badge color={scoreColor(s.score)} autoContrast leftSection={s.filled ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />} aria-label={label} title={label}>
      {t('inspections:score.percent', { score: s.score })}
    </Badge>
  );
}

/** The sections as a side list with their scores (wide screens). */
export function SectionList({ sections, score, active, onSelect, children }: NavProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={4} component="nav" aria-label={t('inspections:demo.sections')} data-testid="section-list">
      {sections.map((s) => {
        const I = sectionIcon(s.icon);
        const visible = sectionScoreOf(score, s.id)?.visible ?? false;
        return (
          <NavLink
            key={s.id}
            label={s.name}
            leftSection={I ? <I size={20} /> : undefined}
            rightSection={<SectionState section={s} score={score} />}
            active={s.id === active}
            disabled={!visible}
            onClick={() => onSelect(s.id)}
            mih={48}
            data-testid={`section-nav-${s.id}`}
          />
        );
      })}
      {children}
    </Paper>
  );
}

/** The sections as tabs with their scores (a tablet's width); inside the page's `Tabs`, whose panels are the sections. */
export function SectionTabList({ sections, score, children }: Omit<NavProps, 'active' | 'onSelect'>) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label={t('inspections:demo.sections')}>
        {sections.map((s) => (
          <Tabs.Tab
            key={s.id}
            value={s.id}
            disabled={!sectionScoreOf(score, s.id)?.visible}
            rightSection={<SectionState section={s} score={score} />}
            mih={48}
            data-testid={`section-tab-${s.id}`}
          >
            {s.name}
          </Tabs.Tab>
        ))}
        {children}
      </Tabs.List>
    </ScrollArea>
  );
}
