import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDecision, Locale } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/jsonapi.ts';
import { WRAPPING_BUTTON } from '../../components/wrappingButton.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { acceptedTotals, type ApprovalItem, type ApprovalView, type Decisions } from '../estimations/approvalApi.ts';
import { sendReportAnswer, type SharedSummary } from './reportApi.ts';

// Issue 26: the customer approves from the shared report (docs/decisions.md "Approving from the
// shared report"). Each job of the estimate sent for approval shows under the finding it was made
// from (the others in a list of their own): approve or decline in one tap each, the name, one
// submit. The answer is the approval's own (server: answerApproval), the typed name signing.

export type { Decisions };

/** The two answers a job takes, as buttons side by side. */
const DECISION_BUTTONS = [
  { decision: 'approved', color: 'teal.9', label: 'reports:shared.approval.approve', testId: 'report-job-approve' },
  { decision: 'declined', color: 'gray.8', label: 'reports:shared.approval.decline', testId: 'report-job-decline' },
] as const satisfies readonly { decision: CustomerDecision; color: string; label: string; testId: string }[];

/** What the page's answer needs: the approval, the decisions taken so far and how to take one. */
export interface ReportAnswer {
  approval: ApprovalView;
  /** The decisions shown: the answer given, else those being taken. */
  decisions: Decisions;
  /** Whether the customer can decide now (an answer is awaited and not being sent). */
  open: boolean;
  decide: (item: string, decision: CustomerDecision) => void;
}

/** The estimate's jobs by the finding (inspection field) they were made from; the rest under ''. */
export function jobsByFinding(summary: SharedSummary): Map<string, ApprovalItem[]> {
  const shown = new Set(summary.work.flatMap((g) => g.items.flatMap((i) => (i.inspection_field_id ? [i.inspection_field_id] : []))));
  const jobs = new Map<string, ApprovalItem[]>();
  for (const job of summary.approval?.items ?? []) {
    const key = job.inspection_field_id && shown.has(job.inspection_field_id) ? job.inspection_field_id : '';
    jobs.set(key, [...(jobs.get(key) ?? []), job]);
  }
  return jobs;
}

/** A job: what it is, its price with taxes, and the customer's two buttons (or the decision taken). */
export function JobDecision({ job, answer, locale }: { job: ApprovalItem; answer: ReportAnswer; locale: Locale }) {
  const { t } = useTranslation();
  const decision = answer.decisions[job.id];
  return (
    <Paper withBorder radius="sm" p="sm" bg="gray.0" data-testid="report-job" data-item={job.id} data-decision={decision ?? ''}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} style={{ flex: 1, minWidth: 0 }}>
            {job.detail}
          </Text>
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={700} data-testid="report-job-total">
              {formatMoney(job.totals.total, locale)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reports:shared.approval.taxes_included')}
            </Text>
          </Stack>
        </Group>
        {answer.open ? (
          <Group gap="xs" grow role="group" aria-label={t('reports:shared.approval.decision', { detail: job.detail })}>
            {DECISION_BUTTONS.map((b) => (
              <Button
                key={b.decision}
                size="md"
                variant={decision === b.decision ? 'filled' : 'default'}
                color={b.color}
                aria-pressed={decision === b.decision}
                px="xs"
                styles={WRAPPING_BUTTON}
                onClick={() => answer.decide(job.id, b.decision)}
                data-testid={b.testId}
              >
                {t(b.label)}
              </Button>
            ))}
          </Group>
        ) : decision ? (
          <Badge color={decision === 'approved' ? 'teal.9' : 'gray.8'} tt="none" data-testid="report-job-decision">
            {decision === 'approved' ? t('reports:shared.approval.approved') : t('reports:shared.approval.declined')}
          </Badge>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The jobs of a finding, under it. */
export function FindingJobs({ jobs, answer, locale }: { jobs: ApprovalItem[] | undefined; answer: ReportAnswer | null; locale: Locale }) {
  const { t } = useTranslation();
  if (!answer || !jobs?.length) return null;
  return (
    <Stack gap={6} data-testid="shared-finding-jobs">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {t('reports:shared.approval.jobs')}
      </Text>
      {jobs.map((job) => (
        <JobDecision key={job.id} job={job} answer={answer} locale={locale} />
      ))}
    </Stack>
  );
}

/** The decisions being taken on the report's approval (null when there is none). */
export function useReportAnswer(approval: ApprovalView | null): ReportAnswer | null {
  const [decisions, setDecisions] = useState<Decisions>({});
  if (!approval) return null;
  const given = approval.answer ? Object.fromEntries(approval.answer.decisions.map((d) => [d.item, d.decision])) : null;
  return {
    approval,
    decisions: given ?? decisions,
    open: approval.accepting && !given,
    decide: (item, decision) => setDecisions((all) => ({ ...all, [item]: decision })),
  };
}

/**
 * The end of the page's answer: the jobs of no finding shown, the total approved, the name and the
 * one button; once answered, who answered and when. The query's data takes the answer the server
 * gives back.
 */
export function ReportAnswerPanel({ token, locale, answer, otherJobs, sending }: { token: string; locale: Locale; answer: ReportAnswer; otherJobs: ApprovalItem[]; sending: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { approval, decisions } = answer;
  const [signer, setSigner] = useState('');
  const [tried, setTried] = useState(false);
  const undecided = approval.items.filter((i) => !decisions[i.id]).length;
  const accepted = acceptedTotals(approval, decisions);

  const send = useMutation({
    mutationFn: () =>
      sendReportAnswer(token, locale, {
        version: approval.version,
        signer_name: signer,
        decisions: approval.items.flatMap((i) => (decisions[i.id] ? [{ item: i.id, decision: decisions[i.id]! }] : [])),
      }),
    onMutate: () => sending(true),
    onSettled: () => sending(false),
    onSuccess: (answered) => client.setQueryData<SharedSummary>(['shared-report', token], (s) => (s ? { ...s, approval: answered } : s)),
    meta: { silent: true },
  });
  const error = send.error instanceof ApiError ? send.error : null;
  const fieldError = (name: string) => error?.errors.find((e) => e.source?.pointer === `/data/attributes/${name}`)?.detail;
  const submit = () => {
    setTried(true);
    if (undecided || !signer.trim()) return;
    send.mutate();
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="shared-approval" data-testid="report-approval">
      <Stack gap="sm">
        <Title order={2} size="h4" id="shared-approval">
          {t('reports:shared.approval.title', { code: approval.code })}
        </Title>
        {otherJobs.length > 0 && (
          <Stack gap={6} data-testid="report-other-jobs">
            <Text size="sm" fw={600}>
              {t('reports:shared.approval.other_jobs')}
            </Text>
            {otherJobs.map((job) => (
              <JobDecision key={job.id} job={job} answer={answer} locale={locale} />
            ))}
          </Stack>
        )}
        {approval.answer ? (
          <Alert color="teal.9" variant="outline" icon={<IconCheck size={18} />} title={t('reports:shared.approval.answered_title')} data-testid="report-answered">
            <Text size="sm" c="dark.9">
              {t('reports:shared.approval.answered_text', { name: approval.answer.signer_name, date: formatDateTime(approval.answer.decided_at, locale) })}
            </Text>
          </Alert>
        ) : !approval.accepting ? (
          <Text size="sm" data-testid="report-approval-closed">
            {t('reports:shared.approval.closed')}
          </Text>
        ) : (
          <>
            {approval.answered_version !== null && (
              <Alert color="orange.9" variant="outline" title={t('reports:shared.approval.changed_title')}>
                <Text size="sm" c="dark.9">
                  {t('reports:shared.approval.changed_text')}
                </Text>
              </Alert>
            )}
            {accepted.discount ? (
              <Group justify="space-between">
                <Text size="sm">{t('approval:totals.discount_all')}</Text>
                <Text size="sm" data-testid="report-accepted-discount">
                  {formatMoney(-accepted.discount, locale)}
                </Text>
              </Group>
            ) : null}
            {accepted.supplies ? (
              <Group justify="space-between">
                <Text size="sm">{t('approval:totals.supplies')}</Text>
                <Text size="sm" data-testid="report-accepted-supplies">
                  {formatMoney(accepted.supplies, locale)}
                </Text>
              </Group>
            ) : null}
            <Group justify="space-between">
              <Text fw={600}>{t('reports:shared.approval.accepted')}</Text>
              <Text fw={700} data-testid="report-accepted-total">
                {formatMoney(accepted.total, locale)}
              </Text>
            </Group>
            {tried && undecided > 0 && (
              <Text c="red.9" size="sm" role="alert" data-testid="report-undecided">
                {t('reports:shared.approval.undecided', { count: undecided })}
              </Text>
            )}
            <TextInput
              label={t('reports:shared.approval.signer')}
              description={t('reports:shared.approval.signer_help')}
              required
              size="md"
              autoComplete="name"
              value={signer}
              onChange={(e) => setSigner(e.currentTarget.value)}
              error={(tried && !signer.trim() ? t('reports:shared.approval.signer_required') : null) ?? fieldError('signer_name')}
              data-testid="report-signer"
            />
            {error?.status === 409 ? (
              <Alert color="orange.9" variant="outline" title={t('reports:shared.approval.changed_title')} data-testid="report-conflict">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm" c="dark.9">
                    {error.message}
                  </Text>
                  <Button size="sm" leftSection={<IconRefresh size={16} />} onClick={() => void client.invalidateQueries({ queryKey: ['shared-report', token] })}>
                    {t('reports:shared.approval.reload')}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              error &&
              !fieldError('signer_name') && (
                <Alert color="red.9" variant="outline" role="alert" data-testid="report-error">
                  <Text size="sm" c="dark.9">
                    {error.errors.map((e) => e.detail ?? e.title).join(' ')}
                  </Text>
                </Alert>
              )
            )}
            <Button size="lg" onClick={submit} loading={send.isPending} styles={WRAPPING_BUTTON} data-testid="report-send">
              {t('reports:shared.approval.send', { total: formatMoney(accepted.total, locale) })}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
