import { Anchor, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { subscriptionWorkflow, type RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useList } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { hrefOf } from '../../app/resources.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { stateColor, stateLabel } from '../../components/resource/workflowState.ts';
import { TableHead } from '../../components/TableHead.tsx';

type Organization = RecordOf<'organizations'> & Model;
type Invoice = RecordOf<'reseller-invoices'> & Model;

/** What the server counts of each organization (add_data=usage): active users, what it owes in cents. */
type Usage = Record<string, { active_users: number; balance: number }>;

/**
 * /reseller: the reseller's organizations with their package, users used of its maximum, the end
 * of their subscription and what they owe (counted by the server with the list: one request
 * however many organizations); then the invoices due, the oldest first.
 */
export default function ResellerHome() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { can } = useMe();
  const orgs = useList<Organization>('organizations', { include: 'package,subscription', sort: 'name', page: { number: 1, size: 100 }, extra: { add_data: 'usage' } }, { global: false });
  const due = useList<Invoice>(
    'reseller-invoices',
    { filter: { state: 'validated', payment_status: ['unpaid', 'partially_paid'] }, include: 'recipient', sort: 'expiration_time', page: { number: 1, size: 100 } },
    { global: false, enabled: can('view any reseller invoices') },
  );
  const organizations = orgs.data?.data ?? [];
  const usage = (orgs.data?.meta as { usage?: Usage } | undefined)?.usage ?? {};
  const invoices = due.data?.data ?? [];
  const invoiceHref = hrefOf('reseller-invoices');
  return (
    <Stack gap="lg" data-testid="reseller-home">
      <Title order={2}>{t('reseller:home.title')}</Title>
      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          {t('reseller:home.organizations')}
        </Title>
        {orgs.isLoading ? (
          <Skeleton h={120} />
        ) : organizations.length === 0 ? (
          <Text c="dimmed">{t('reseller:home.no_organizations')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="reseller-organizations">
              <TableHead columns={[t('reseller:home.organization'), t('reseller:home.package'), t('reseller:home.users'), t('reseller:home.subscription_end'), { title: t('reseller:home.balance'), ta: 'right' }]} />
              <Table.Tbody>
                {organizations.map((o) => {
                  const sub = o.subscription;
                  const max = o.package?.maximum_users;
                  const used = usage[o.id]?.active_users;
                  return (
                    <Table.Tr key={o.id} data-testid={`reseller-organization-${o.id}`}>
                      <Table.Td>{o.name}</Table.Td>
                      <Table.Td>{o.package?.name ?? <Text c="dimmed" span>{t('reseller:home.no_package')}</Text>}</Table.Td>
                      <Table.Td>
                        <Text span fw={max != null && used != null && used >= max ? 700 : undefined} c={max != null && used != null && used >= max ? 'red.9' : undefined}>
                          {used ?? '…'}
                          {max != null ? ` / ${max}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {sub ? (
                          <Group gap="xs">
                            <Text span>{formatDate(sub.end_time, locale)}</Text>
                            <Badge size="sm" variant="light" color={stateColor(subscriptionWorkflow, sub.state)}>
                              {stateLabel(subscriptionWorkflow, sub.state)}
                            </Badge>
                          </Group>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(usage[o.id]?.balance ?? 0, locale)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {can('view any reseller invoices') && (
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            {t('reseller:home.invoices_due')}
          </Title>
          {invoices.length === 0 ? (
            <Text c="dimmed">{t('reseller:home.nothing_due')}</Text>
          ) : (
            <Table striped data-testid="reseller-invoices-due">
              <Table.Tbody>
                {invoices.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      <Anchor component={Link} to={invoiceHref(i.id)}>
                        {i.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{(i.recipient as Model | null)?.name as string}</Table.Td>
                    <Table.Td>{formatDate(i.expiration_time, locale)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(i.balance, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}
    </Stack>
  );
}
