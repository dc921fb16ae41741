import { Button } from '@mantine/core';
import type { RecordOf } from '@atelier/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { hrefOf } from '../../app/resources.ts';
import { DocumentActions } from '../../components/resource/DocumentPage.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';

type Subscription = RecordOf<'subscriptions'> & Model;

/** The invoice of the subscription's current period: made on the first click, the same one after (the server says which). */
function InvoiceButton({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const organization = subscription.organization?.id;
  const run = useMutation({
    mutationFn: () => api.action(`/organizations/${encodeURIComponent(organization ?? '')}/generate_subscription_invoice`, 'POST'),
    onSuccess: (invoice) => {
      void qc.invalidateQueries();
      if (invoice) void navigate(hrefOf('reseller-invoices')(invoice.id));
    },
  });
  if (!organization || !can('create reseller invoices')) return null;
  return (
    <Button size="md" variant="light" loading={run.isPending} onClick={() => run.mutate()} data-testid="subscription-invoice">
      {t('subscriptions:invoice')}
    </Button>
  );
}

/** /reseller/subscriptions: the organizations' subscriptions, their period and state; renew one, bill its period. */
export default function SubscriptionsPage() {
  return (
    <SimpleResourcePage
      type="subscriptions"
      columns={[
        'organization',
        'package',
        { key: 'state', render: (m) => <WorkflowStateBadge type="subscriptions" state={m.state} size="sm" /> },
        'end_time',
        { key: 'auto_renew', visibleFrom: 'md' },
      ]}
      listInclude="organization,package"
      defaultSort="end_time"
      fields={['organization', 'package', 'state', 'start_time', 'end_time', 'auto_renew', { name: 'notes', wide: true }, 'renewed_at', 'created_at']}
      include="organization,package"
      filters={['state', 'auto_renew']}
      defaults={{ auto_renew: true }}
      titleOf={(m) => String((m.organization as Model | null)?.name ?? '')}
      actions={(m) => (
        <>
          <DocumentActions type="subscriptions" record={m} />
          <InvoiceButton subscription={m} />
        </>
      )}
    />
  );
}
