import { Anchor, Badge, Box, Button, Divider, Group, Image, Paper, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FIELD_ACTION_LABELS, URGENCY_LABELS, type Locale, type ScoreTone, type Urgency } from '@atelier/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicLinkPage } from '../../components/PublicLinkPage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { WRAPPING_BUTTON } from '../../components/wrappingButton.ts';
import { TONES } from './controls.tsx';
import { fetchSharedSummary, publicPdfUrl, type SharedFinding, type SharedSummary } from './reportApi.ts';
import { FindingJobs, ReportAnswerPanel, jobsByFinding, useReportAnswer, type ReportAnswer } from './SharedReportApproval.tsx';
import type { ApprovalItem } from '../estimations/approvalApi.ts';

/** A WebVTT cue's text: no markup, no arrow that would end the cue's timing line. */
const vttText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '').replace(/\n{2,}/g, '\n');

/**
 * The captions of a finding's clip (axe's video-caption rule; docs/decisions.md "Video byte
 * ranges and captions"): what the inspector wrote of the finding (the field, its answer, measures
 * and comment), shown over the whole clip (30 s at most). The clips are filmed to show, not to
 * speak; what they show is said in these words.
 */
export function findingCaptions(item: SharedFinding): string {
  const words = [item.answer ? `${item.field} — ${item.answer}` : item.field, item.measures.join(' · '), item.comment ?? ''].filter(Boolean).join('\n');
  return `WEBVTT\n\n00:00:00.000 --> 00:00:30.000\n${vttText(words)}\n`;
}

/** Each urgency's colour, dark enough for its text to read at 4.5:1 on white (Mantine's orange.9 is 4.3:1). */
const URGENCY_COLORS: Record<Urgency, string> = { urgent: 'red.9', soon: '#8f4400', monitor: 'gray.8' };

function ScoreBadge({ score, tone, size = 'lg' }: { score: number; tone: ScoreTone; size?: 'md' | 'lg' }) {
  return (
    <Badge size={size} color={TONES[tone]} autoContrast miw={48}>
      {score}
    </Badge>
  );
}

/** A finding: the field and its section, the answer in its colour, what to do, the inspector's comment, photos and video. */
function Finding({ item, locale, jobs, answer }: { item: SharedFinding; locale: Locale; jobs?: ApprovalItem[]; answer: ReportAnswer | null }) {
  const { t } = useTranslation();
  return (
    // A safety-critical field failing: first in its group, in red, named so.
    <Paper withBorder radius="sm" p="sm" data-testid="shared-finding" data-critical={item.critical || undefined} style={item.critical ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" c={item.critical ? 'red.8' : undefined}>
              {item.critical ? `${t('reports:shared.critical')} — ` : ''}
              {item.field}
            </Text>
            <Text size="xs" c="dimmed">
              {item.section}
            </Text>
          </div>
          {item.answer ? (
            <Badge color={TONES[item.tone ?? 'neutral']} autoContrast tt="none" data-testid="shared-finding-answer">
              {item.answer}
            </Badge>
          ) : null}
        </Group>
        {item.measures.length ? <Text size="sm">{item.measures.join(' · ')}</Text> : null}
        <Text size="sm">
          {t('reports:shared.action')}{' '}
          <Text span fw={600} inherit data-testid="shared-finding-action">
            {FIELD_ACTION_LABELS[item.action][locale]}
          </Text>
        </Text>
        {item.comment ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="shared-finding-comment">
            {item.comment}
          </Text>
        ) : null}
        {item.photos.length ? (
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
            {item.photos.map((src, k) => (
              <Anchor key={src} href={src} target="_blank" rel="noreferrer">
                <Image src={src} alt={t('reports:shared.photo', { n: k + 1, field: item.field })} radius="sm" h={88} fit="cover" data-testid="shared-finding-photo" />
              </Anchor>
            ))}
          </SimpleGrid>
        ) : null}
        {item.video ? (
          // The clip's words are the inspector's: its captions say them (findingCaptions).
          <video src={item.video} controls preload="metadata" playsInline aria-label={t('reports:shared.video', { field: item.field })} style={{ width: '100%', maxHeight: 360, borderRadius: 4, background: '#000' }} data-testid="shared-finding-video">
            <track kind="captions" srcLang={locale} label={t('reports:shared.captions')} src={`data:text/vtt;charset=utf-8,${encodeURIComponent(findingCaptions(item))}`} />
          </video>
        ) : null}
        <FindingJobs jobs={jobs} answer={answer} locale={locale} />
      </Stack>
    </Paper>
  );
}

function Summary({ token, summary }: { token: string; summary: SharedSummary }) {
  const { t } = useTranslation();
  const locale = summary.locale;
  const v = summary.vehicle;
  const title = v ? [v.year, v.make, v.model].filter(Boolean).join(' ') : null;
  // The estimate sent for approval: its jobs under their findings, answered at the end of the page.
  const [busy, setBusy] = useState(false);
  const reportAnswer = useReportAnswer(summary.approval);
  const answer = reportAnswer && { ...reportAnswer, open: reportAnswer.open && !busy };
  const jobs = jobsByFinding(summary);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" c="dimmed">
              {t('reports:shared.vehicle')}
            </Text>
            <Title order={2} size="h3" data-testid="shared-vehicle">
              {title || v?.vin || '—'}
            </Title>
            {v && (
              <Text size="sm">
                {t('reports:shared.vin')} <span data-testid="shared-vin">{v.vin}</span>
                {v.odometer !== null ? ` · ${t('reports:shared.odometer')} ${formatNumber(v.odometer, locale)} ${v.unit}` : ''}
              </Text>
            )}
            {summary.completed_at && (
              <Text size="sm" c="dimmed">
                {t('reports:shared.completed', { code: summary.code, date: formatDate(summary.completed_at, locale) })}
              </Text>
            )}
          </Stack>
          <Group gap="md" wrap="nowrap">
            <RingProgress
              size={96}
              thickness={10}
              roundCaps={summary.vehicle_score > 0}
              sections={[{ value: summary.vehicle_score, color: TONES[summary.tone] }]}
              label={
                <Text ta="center" fw={700} size="xl" data-testid="shared-score">
                  {summary.vehicle_score}
                </Text>
              }
            />
            <Stack gap={2} maw={220}>
              <Text size="sm" c="dimmed">
                {t('reports:shared.score')} · {t('reports:shared.verdict')}
              </Text>
              <Text fw={600} data-testid="shared-verdict">
                {summary.note ?? t('reports:shared.no_verdict')}
              </Text>
            </Stack>
          </Group>
        </Group>
        <Divider my="md" />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('reports:shared.expires', { date: formatDate(summary.expires_at, locale) })}
          </Text>
          <Button component="a" href={publicPdfUrl(token)} download size="md" leftSection={<IconDownload size={18} />} styles={WRAPPING_BUTTON} style={{ maxWidth: '100%' }} data-testid="shared-download">
            {t('reports:shared.download')}
          </Button>
        </Group>
      </Paper>

      <ReportSection id="shared-work" title={t('reports:shared.work')}>
        {answer?.open && (
          <Text size="sm" mb="sm" data-testid="report-approval-intro">
            {t('reports:shared.approval.intro')}
          </Text>
        )}
        {summary.work.length === 0 ? (
          <Text size="sm">{t('reports:shared.work_none')}</Text>
        ) : (
          <Stack gap="md">
            {summary.work.map((group) => (
              <div key={group.urgency} data-testid={`shared-work-${group.urgency}`}>
                <Text fw={700} c={URGENCY_COLORS[group.urgency]}>
                  {URGENCY_LABELS[group.urgency][locale]}
                </Text>
                <Stack gap="sm" mt={4}>
                  {group.items.map((item, k) => (
                    <Finding key={k} item={item} locale={locale} answer={answer} jobs={item.inspection_field_id ? jobs.get(item.inspection_field_id) : undefined} />
                  ))}
                </Stack>
              </div>
            ))}
          </Stack>
        )}
      </ReportSection>
      {answer && <ReportAnswerPanel key={answer.approval.version} token={token} locale={locale} answer={answer} otherJobs={jobs.get('') ?? []} sending={setBusy} />}
      <ReportSection id="shared-sections" title={t('reports:shared.sections')}>
        <Stack gap="sm">
          {summary.sections.map((s) => (
            <Box key={s.name} data-testid="shared-section">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{s.name}</Text>
                <ScoreBadge score={s.score} tone={s.tone} />
              </Group>
              {s.subSections.map((sub) => (
                <Group key={sub.name} justify="space-between" wrap="nowrap" pl="md" mt={2}>
                  <Text size="sm" c="dimmed">
                    {sub.name}
                  </Text>
                  <ScoreBadge score={sub.score} tone={sub.tone} size="md" />
                </Group>
              ))}
            </Box>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="md">
          {t('reports:shared.legend')}
        </Text>
      </ReportSection>

    </Stack>
  );
}

/** A part of the report, named by its title for assistive technologies. */
function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /shared/inspections/{token}: a shared inspection report for the customer, without signing in
 * and without the app's shell, in the link's language: the vehicle, its score and verdict, then
 * the recommended work (worst first, what the customer came for), the sections and the PDF. A refused link says why.
 */
export default function SharedReportPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['shared-report', token], queryFn: () => fetchSharedSummary(token, currentLocale()), retry: false, meta: { silent: true } });
  return (
    <PublicLinkPage query={q} ns="reports" prefix="shared" testId="shared" title={t('reports:shared.title')}>
      {(summary) => <Summary token={token} summary={summary} />}
    </PublicLinkPage>
  );
}
