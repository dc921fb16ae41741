import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { recordHref } from '../../app/resources.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSENT_KINDS, textableNumber, type ConsentKind } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../api/refusal.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { SOURCE_LABELS } from './TextConsent.tsx';
import { consentsKey, currentConsent, fetchConsents, fetchMessages, messagesKey, personName, recordConsent, type Consent, type Message } from './textsApi.ts';
import { TableHead } from '../../components/TableHead.tsx';

// The customer's « Messages » tab (issue 26): every text and e-mail, both ways, in time order, and
// their consents (given or withdrawn, when, how, by whom), with a button to record a change.

const CHANNEL_LABELS = { sms: 'texts:channels.sms', email: 'texts:channels.email' } as const;
const STATUS_LABELS = { queued: 'texts:status.queued', sent: 'texts:status.sent', delivered: 'texts:status.delivered', failed: 'texts:status.failed', received: 'texts:status.received' } as const;
const STATUS_COLORS = { queued: 'gray', sent: 'blue', delivered: 'teal', failed: 'red', received: 'grape' } as const;
const ERROR_LABELS = { provider_unavailable: 'texts:errors.provider_unavailable', provider_refused: 'texts:errors.provider_refused' } as const;
/** What a message is about, by type (the records a text may concern). */
const SUBJECT_LABELS = new Map<string, 'texts:subjects.estimations' | 'texts:subjects.inspections' | 'texts:subjects.repairs' | 'texts:subjects.sales-invoices'>([
  ['estimations', 'texts:subjects.estimations'],
  ['inspections', 'texts:subjects.inspections'],
  ['repairs', 'texts:subjects.repairs'],
  ['sales-invoices', 'texts:subjects.sales-invoices'],
]);
const KIND_LABELS = { transactional: 'texts:consents.kinds.transactional', promotional: 'texts:consents.kinds.promotional' } as const;

function Bubble({ message }: { message: Message }) {
  const { t } = useTranslation();
  const out = message.direction === 'out';
  const who = out ? (message.sentBy ? t('texts:conversation.by', { name: personName(message.sentBy) }) : '') : t('texts:conversation.from_customer');
  const subject = message.subject_type ? SUBJECT_LABELS.get(message.subject_type) : undefined;
  const href = message.subject_type && message.subject_id ? recordHref(message.subject_type, message.subject_id) : null;
  return (
    <Group justify={out ? 'flex-end' : 'flex-start'} data-testid="message" data-direction={message.direction} data-channel={message.channel}>
      <Paper withBorder p="sm" radius="md" maw="80%" bg={out ? 'indigo.0' : 'gray.0'}>
        <Group gap="xs" mb={4}>
          <Badge size="sm" variant="light" color={message.channel === 'sms' ? 'cyan' : 'violet'}>
            {t(CHANNEL_LABELS[message.channel])}
          </Badge>
          <Badge size="sm" variant="dot" color={STATUS_COLORS[message.status]}>
            {t(STATUS_LABELS[message.status])}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.at, currentLocale())} · {message.contact} {who ? `· ${who}` : ''}
          </Text>
          {subject && href ? (
            <Anchor component={Link} to={href} size="xs" data-testid="message-subject">
              {t(subject)}
            </Anchor>
          ) : null}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={message.channel === 'email' ? 8 : undefined} data-testid="message-body">
          {message.body}
        </Text>
        {message.status === 'failed' && message.error_code ? (
          <Text size="xs" c="red" mt={4}>
            {t(ERROR_LABELS[message.error_code])}
          </Text>
        ) : null}
      </Paper>
    </Group>
  );
}

function ConsentRow({ kind, contact, consents, customerId, canEdit }: { kind: ConsentKind; contact: string; consents: Consent[]; customerId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const current = currentConsent(consents, contact, 'sms', kind);
  const given = !!current?.given;
  const change = useMutation({
    meta: { silent: true },
    mutationFn: () => recordConsent(customerId, { contact, channel: 'sms', kind, given: !given }),
    onSuccess: () => client.invalidateQueries({ queryKey: consentsKey(customerId) }),
  });
  const refusal = refusalOf(change.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`consent-${kind}`}>
      <Stack gap={2}>
        <Text size="sm">{t(KIND_LABELS[kind])}</Text>
        <Group gap="xs">
          <Badge color={given ? 'teal' : current ? 'red' : 'gray'} variant="light" data-testid={`consent-${kind}-state`}>
            {given ? t('texts:consents.given') : current ? t('texts:consents.withdrawn') : t('texts:consents.none')}
          </Badge>
          {current ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(current.at, currentLocale())} · {t(SOURCE_LABELS[current.source])}
              {current.givenBy ? ` · ${personName(current.givenBy)}` : ''}
            </Text>
          ) : null}
        </Group>
        {refusal ? (
          <Text size="xs" c="red" role="alert">
            {refusal}
          </Text>
        ) : null}
      </Stack>
      {canEdit ? (
        <Button size="xs" style={{ flexShrink: 0 }} variant={given ? 'default' : 'light'} color={given ? 'red' : 'teal'} loading={change.isPending} onClick={() => change.mutate()} data-testid={`consent-${kind}-${given ? 'withdraw' : 'give'}`}>
          {given ? t('texts:consents.withdraw') : t('texts:consents.give')}
        </Button>
      ) : null}
    </Group>
  );
}

/** The consents of the customer: the current state per kind for their phone, then the whole history. */
function Consents({ customer, canEdit }: { customer: { id: string; phone?: string | null }; canEdit: boolean }) {
  const { t } = useTranslation();
  const contact = textableNumber(customer.phone);
  const q = useQuery({ queryKey: consentsKey(customer.id), queryFn: () => fetchConsents(customer.id), meta: { silent: true } });
  const consents = q.data ?? [];
  const ui = currentLocale();
  return (
    <Stack gap="xs" data-testid="customer-consents">
      <Title order={4}>{t('texts:consents.title')}</Title>
      {contact ? (
        CONSENT_KINDS.map((kind) => <ConsentRow key={kind} kind={kind} contact={contact} consents={consents} customerId={customer.id} canEdit={canEdit} />)
      ) : (
        <Text size="sm" c="dimmed">
          {t('texts:consents.no_phone')}
        </Text>
      )}
      {consents.length ? (
        <Table.ScrollContainer minWidth={520}>
          <Table fz="sm" data-testid="consent-history">
            <TableHead columns={[t('texts:consents.contact'), t('texts:consents.kind'), t('texts:consents.decision'), t('texts:consents.at'), t('texts:consents.how'), t('texts:consents.by')]} />
            <Table.Tbody>
              {consents.map((c) => (
                <Table.Tr key={c.id} data-testid="consent-record">
                  <Table.Td>
                    {t(CHANNEL_LABELS[c.channel])} · {c.contact}
                  </Table.Td>
                  <Table.Td>{c.kind === 'transactional' ? t('texts:consents.kinds.transactional') : t('texts:consents.kinds.promotional')}</Table.Td>
                  <Table.Td>{c.given ? t('texts:consents.given') : t('texts:consents.withdrawn')}</Table.Td>
                  <Table.Td>{formatDateTime(c.at, ui)}</Table.Td>
                  <Table.Td>{t(SOURCE_LABELS[c.source])}</Table.Td>
                  <Table.Td>{c.givenBy ? personName(c.givenBy) : c.source === 'reply' ? t('texts:consents.customer_itself') : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {t('texts:consents.empty')}
        </Text>
      )}
    </Stack>
  );
}

/** The conversation with the customer (texts and e-mails, both ways, oldest first) and their consents. */
export function CustomerMessages({ customer, canEdit }: { customer: { id: string; phone?: string | null }; canEdit: boolean }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: messagesKey(customer.id), queryFn: () => fetchMessages(customer.id), meta: { silent: true } });
  const messages = q.data ?? [];
  return (
    <Stack gap="md" data-testid="customer-messages">
      <Consents customer={customer} canEdit={canEdit} />
      <Stack gap="xs">
        <Title order={4}>{t('texts:conversation.title')}</Title>
        {q.isError ? <Alert color="red">{t('texts:conversation.unavailable')}</Alert> : null}
        {q.isSuccess && !messages.length ? (
          <Text size="sm" c="dimmed">
            {t('texts:conversation.empty')}
          </Text>
        ) : null}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
      </Stack>
    </Stack>
  );
}
