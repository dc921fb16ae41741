import { Alert, Badge, Button, Group, Image, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_DECISIONS, ITEM_CONDITION_LABELS, URGENCY_LABELS, type CustomerDecision, type DocumentTotals, type Locale } from '@atelier/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/jsonapi.ts';
import { PublicLinkPage } from '../../components/PublicLinkPage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format.ts';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { WRAPPING_BUTTON } from '../../components/wrappingButton.ts';
import { inLocalTime } from '../inspections/reportApi.ts';
import { AmountRow } from '../../components/AmountRow.tsx';
import { acceptedTotals, approvalPath, fetchApproval, sendApproval, type ApprovalItem, type ApprovalView, type Decisions } from './approvalApi.ts';

// The page a customer opens from the estimate's e-mail (issue 12, customer approval): the vehicle,
// each proposed item with its photos and price with taxes, accept or decline each, sign, send.
// Once answered it shows the answer, which cannot be changed; a changed estimate asks again.

function TotalsTable({ totals, locale, label }: { totals: DocumentTotals; locale: Locale; label: string }) {
  const { t } = useTranslation();
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        <AmountRow label={t('approval:totals.parts')} amount={totals.parts} locale={locale} />
        <AmountRow label={t('approval:totals.labour')} amount={totals.labour} locale={locale} />
        {totals.discount - totals.document_discount ? (
          <AmountRow label={t('approval:totals.discount')} amount={totals.document_discount - totals.discount} locale={locale} testId={`${label}-discount`} />
        ) : null}
        {totals.document_discount ? (
          <AmountRow label={t('approval:totals.document_discount')} amount={-totals.document_discount} locale={locale} testId={`${label}-document-discount`} />
        ) : null}
        {totals.supplies ? <AmountRow label={t('approval:totals.supplies')} amount={totals.supplies} locale={locale} testId={`${label}-supplies`} /> : null}
        {totals.part_charges ? <AmountRow label={t('approval:totals.part_charges')} amount={totals.part_charges} locale={locale} testId={`${label}-part-charges`} /> : null}
        {totals.taxes.map((tax) => (
          <AmountRow key={tax.code} label={tax.code} amount={tax.amount} locale={locale} />
        ))}
        <AmountRow label={t('approval:totals.total')} amount={totals.total} locale={locale} testId={`${label}-total`} bold />
      </Table.Tbody>
    </Table>
  );
}

function ItemCard({ item, locale, decision, onDecide, readOnly }: { item: ApprovalItem; locale: Locale; decision: CustomerDecision | undefined; onDecide: (d: CustomerDecision) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="approval-item" data-item={item.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1 }}>
            <Text fw={600}>{item.detail}</Text>
            <Group gap="xs">
              {item.condition && <Badge variant="light" color="gray">{ITEM_CONDITION_LABELS[item.condition][locale]}</Badge>}
              {item.urgency && <Badge variant="outline" color={item.urgency === 'urgent' ? 'red.9' : 'gray.8'}>{URGENCY_LABELS[item.urgency][locale]}</Badge>}
              {item.warranty && <Badge color="teal.9">{t('approval:item.warranty')}</Badge>}
            </Group>
            {item.part && (
              <Text size="sm" c="dimmed">
                {t('approval:item.part', { part: item.part, quantity: formatNumber(Number(item.quantity), locale) })}
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={700} data-testid="approval-item-total">
              {formatMoney(item.totals.total, locale)}
            </Text>
            {item.totals.discount ? (
              <Text size="sm" c="teal.9" data-testid="approval-item-discount">
                {t('approval:item.discount', { amount: formatMoney(item.totals.discount, locale) })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('approval:item.taxes_included')}
            </Text>
          </Stack>
        </Group>
        {item.images.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {item.images.map((src, k) => (
              <a key={src} href={src} target="_blank" rel="noreferrer">
                <Image src={src} alt={t('approval:item.photo', { n: k + 1, detail: item.detail })} radius="sm" h={80} fit="cover" />
              </a>
            ))}
          </SimpleGrid>
        )}
        <SegmentedControl
          fullWidth
          size="md"
          disabled={readOnly}
          value={decision ?? ''}
          onChange={(v) => {
            if (isOneOf(CUSTOMER_DECISIONS, v)) onDecide(v);
          }}
          aria-label={t('approval:item.decision', { detail: item.detail })}
          color={decision === 'declined' ? 'gray.8' : 'teal.9'}
          data={[
            { value: 'approved', label: t('approval:item.approve') },
            { value: 'declined', label: t('approval:item.decline') },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/** The answer given: read only, as it was stored, with the signed quote for the customer to keep. */
function Answered({ token, view }: { token: string; view: ApprovalView }) {
  const { t } = useTranslation();
  const answer = view.answer!;
  const decisions: Decisions = Object.fromEntries(answer.decisions.map((d) => [d.item, d.decision]));
  return (
    <Stack gap="md">
      {/* Dark text on white with a green mark: a green title on a green tint did not read. */}
      <Paper withBorder radius="md" p="md" bg="white" style={{ borderColor: 'var(--mantine-color-teal-9)', borderWidth: 2 }} data-testid="approval-answered">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ThemeIcon color="teal.9" radius="xl" size="lg" aria-hidden>
            <IconCheck size={20} />
          </ThemeIcon>
          <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4" c="dark.9" data-testid="approval-answered-title">
              {t('approval:answered.title')}
            </Title>
            <Text size="sm">{t('approval:answered.text', { name: answer.signer_name, date: formatDateTime(answer.decided_at, view.locale) })}</Text>
            <Button
              component="a"
              href={inLocalTime(`${approvalPath(token)}/report`)}
              download
              variant="filled"
              color="teal.9"
              leftSection={<IconDownload size={18} />}
              styles={WRAPPING_BUTTON}
              style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
              data-testid="approval-download"
            >
              {t('approval:answered.download')}
            </Button>
          </Stack>
        </Group>
      </Paper>
      {view.items.map((item) => (
        <ItemCard key={item.id} item={item} locale={view.locale} decision={decisions[item.id]} onDecide={() => {}} readOnly />
      ))}
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4">
          {t('approval:totals.accepted')}
        </Title>
        <TotalsTable totals={acceptedTotals(view, decisions)} locale={view.locale} label="accepted" />
      </Paper>
    </Stack>
  );
}

function AnswerForm({ token, view }: { token: string; view: ApprovalView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [decisions, setDecisions] = useState<Decisions>({});
  const [signer, setSigner] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const accepted = useMemo(() => acceptedTotals(view, decisions), [view, decisions]);
  const undecided = view.items.filter((i) => !decisions[i.id]).length;

  const send = useMutation({
    mutationFn: () =>
      sendApproval(token, view.locale, {
        version: view.version,
        signer_name: signer,
        signature: signature ?? '',
        decisions: view.items.flatMap((i) => (decisions[i.id] ? [{ item: i.id, decision: decisions[i.id]! }] : [])),
      }),
    onSuccess: (answered) => client.setQueryData(['estimate-approval', token], answered),
    meta: { silent: true },
  });
  const error = send.error instanceof ApiError ? send.error : null;
  const changed = error?.status === 409;
  const fieldError = (name: string) => error?.errors.find((e) => e.source?.pointer === `/data/attributes/${name}`)?.detail;

  const submit = () => {
    setTried(true);
    if (undecided || !signer.trim() || !signature) return;
    send.mutate();
  };
  const decideAll = (d: CustomerDecision) => setDecisions(Object.fromEntries(view.items.map((i) => [i.id, d])));

  return (
    <Stack gap="md">
      {view.answered_version !== null && (
        <Alert color="orange.9" title={t('approval:changed.title')} data-testid="approval-changed-since">
          {t('approval:changed.text')}
        </Alert>
      )}
      <Group justify="space-between">
        <Text>{t('approval:form.intro', { count: view.items.length })}</Text>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => decideAll('approved')} data-testid="approval-accept-all">
            {t('approval:form.accept_all')}
          </Button>
          <Button variant="default" size="sm" onClick={() => decideAll('declined')}>
            {t('approval:form.decline_all')}
          </Button>
        </Group>
      </Group>
      {view.items.map((item) => (
        <ItemCard key={item.id} item={item} locale={view.locale} decision={decisions[item.id]} onDecide={(d) => setDecisions((all) => ({ ...all, [item.id]: d }))} readOnly={send.isPending} />
      ))}
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4">
          {t('approval:totals.accepted')}
        </Title>
        <TotalsTable totals={accepted} locale={view.locale} label="accepted" />
        {tried && undecided > 0 && (
          <Text c="red.9" size="sm" role="alert" data-testid="approval-undecided">
            {t('approval:form.undecided', { count: undecided })}
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label={t('approval:form.signer')}
            required
            size="md"
            value={signer}
            onChange={(e) => setSigner(e.currentTarget.value)}
            error={(tried && !signer.trim() ? t('approval:form.signer_required') : null) ?? fieldError('signer_name')}
            data-testid="approval-signer"
          />
          <SignaturePad label={t('approval:form.signature')} onChange={setSignature} error={(tried && !signature ? t('approval:form.signature_required') : null) ?? fieldError('signature')} />
          {changed ? (
            <Alert color="orange.9" title={t('approval:changed.title')} data-testid="approval-conflict">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{error.message}</Text>
                <Button size="sm" leftSection={<IconRefresh size={16} />} onClick={() => void client.invalidateQueries({ queryKey: ['estimate-approval', token] })}>
                  {t('approval:changed.reload')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            error && (
              <Alert color="red.9" role="alert" data-testid="approval-error">
                {error.errors.map((e) => e.detail ?? e.title).join(' ')}
              </Alert>
            )
          )}
          <Button size="lg" onClick={submit} loading={send.isPending} styles={WRAPPING_BUTTON} data-testid="approval-send">
            {t('approval:form.send', { total: formatMoney(accepted.total, view.locale) })}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default function CustomerApprovalPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['estimate-approval', token], queryFn: () => fetchApproval(token, currentLocale()), retry: false, meta: { silent: true } });
  const view = q.data;
  const v = view?.vehicle;
  return (
    <PublicLinkPage
      query={q}
      ns="approval"
      prefix="page"
      testId="approval"
      title={view ? t('approval:page.title_code', { code: view.code }) : t('approval:page.title')}
      heading={
        <>
          {view && (
            <Text size="sm" data-testid="approval-vehicle">
              {[v && [v.year, v.make, v.model].filter(Boolean).join(' '), v?.vin && `${t('approval:page.vin')} ${v.vin}`, view.customer].filter(Boolean).join(' · ')}
            </Text>
          )}
          {view && (
            <Text size="xs" c="dimmed">
              {t('approval:page.expires', { date: formatDate(view.expires_at, view.locale) })}
            </Text>
          )}
        </>
      }
      footer={
        view?.footer && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {view.footer}
          </Text>
        )
      }
    >
      {(answered) => (answered.answer ? <Answered token={token} view={answered} /> : <AnswerForm key={answered.version} token={token} view={answered} />)}
    </PublicLinkPage>
  );
}
