import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { API_BASE } from '../../api/client.ts';
import { refusalOf } from '../../api/refusal.ts';
import { publicCall } from '../../api/publicCall.ts';
import { PublicLinkPage } from '../../components/PublicLinkPage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';

// The customer's page of a follow-up (server: areas/follow-ups/reminder.routes.ts): the work
// recommended, "book a visit" (a repair request; the follow-ups stop), "no more reminders" (their
// promotional consents withdrawn). No sign-in: the link's token opens it.

export interface ReminderView {
  locale: Locale;
  organization: string;
  organization_phone: string | null;
  customer: string;
  vehicle: string;
  work: string;
  declined_at: string;
  booked: boolean;
  booking_code: string | null;
  stopped: boolean;
}

export const reminderPath = (token: string) => `${API_BASE}/public/reminders/${encodeURIComponent(token)}`;
const call = (url: string, method: 'GET' | 'POST') => publicCall<ReminderView>(url, { method, headers: { Accept: 'application/json', 'Accept-Language': currentLocale() } });

function ReminderBody({ view, token }: { view: ReminderView; token: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const locale = currentLocale();
  // The e-mail's unsubscribe link (?stop=1): the page offers it first.
  const [params] = useSearchParams();
  const asked = params.get('stop') === '1';
  const act = useMutation({
    meta: { silent: true },
    mutationFn: (what: 'book' | 'stop') => call(`${reminderPath(token)}/${what}`, 'POST'),
    onSuccess: (next) => qc.setQueryData(['public-reminder', token], next),
  });
  const refusal = refusalOf(act.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text>{t('follow-ups:reminder.intro', { name: view.customer, date: formatDate(view.declined_at, locale), vehicle: view.vehicle || t('follow-ups:reminder.your_vehicle') })}</Text>
          <Text fw={600} size="lg" data-testid="reminder-work">
            {view.work}
          </Text>
        </Stack>
      </Paper>
      {view.booked ? (
        <Alert color="teal" icon={<IconCheck />} data-testid="reminder-booked">
          {view.booking_code ? t('follow-ups:reminder.booked_code', { code: view.booking_code }) : t('follow-ups:reminder.booked')}
        </Alert>
      ) : (
        <Group>
          <Button size="md" leftSection={<IconCalendarPlus size={18} aria-hidden />} loading={act.isPending && act.variables === 'book'} onClick={() => act.mutate('book')} data-testid="reminder-book">
            {t('follow-ups:reminder.book')}
          </Button>
        </Group>
      )}
      {view.organization_phone ? <Text size="sm">{t('follow-ups:reminder.call', { phone: view.organization_phone })}</Text> : null}
      {view.stopped ? (
        <Text size="sm" c="dimmed" data-testid="reminder-stopped">
          {t('follow-ups:reminder.stopped')}
        </Text>
      ) : (
        <Group>
          <Button variant={asked ? 'filled' : 'subtle'} color={asked ? 'dark' : 'gray.8'} size={asked ? 'md' : 'sm'} loading={act.isPending && act.variables === 'stop'} onClick={() => act.mutate('stop')} data-testid="reminder-stop">
            {t('follow-ups:reminder.stop')}
          </Button>
        </Group>
      )}
      {refusal ? (
        <Text size="sm" c="red.9" role="alert">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function ReminderPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = useQuery({ queryKey: ['public-reminder', token], queryFn: () => call(reminderPath(token), 'GET'), retry: false, meta: { silent: true } });
  return (
    <PublicLinkPage query={query} ns="follow-ups" prefix="reminder" testId="reminder" title={t('follow-ups:reminder.title')}>
      {(view) => <ReminderBody view={view} token={token} />}
    </PublicLinkPage>
  );
}
