import { Alert } from '@mantine/core';
import { subscriptionState, type RecordOf } from '@atelier/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { deserialize } from '../../api/documents.ts';
import type { JsonApiDocument, Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';

type Organization = RecordOf<'organizations'> & Model;
const INCLUDE = 'organization.subscription,organization.package,organization.reseller';

/**
 * Above every page of an organization's users: its subscription has expired, or ends within days
 * without renewing by itself, and whom to contact to renew it (its reseller's name, e-mail and phone). Nothing otherwise.
 */
export function SubscriptionNotice() {
  const { t } = useTranslation();
  const { me } = useMe();
  const organizationId = me.organization?.id;
  const q = useQuery({
    queryKey: ['me', 'subscription', organizationId],
    enabled: Boolean(organizationId),
    staleTime: 10 * 60_000,
    meta: { silent: true },
    queryFn: async () => {
      const user = deserialize(await request<JsonApiDocument>('/me', { params: { include: INCLUDE } })) as Model & { organization?: Organization | null };
      return user.organization ?? null;
    },
  });
  const org = q.data;
  const sub = org?.subscription;
  if (!org || !sub?.end_time) return null;
  const state = subscriptionState(new Date(sub.end_time), new Date());
  // One that renews by itself is not a worry until it has expired (its renewal failed).
  if (state === 'active' || (state === 'renewable' && sub.auto_renew)) return null;
  const reseller = org.reseller;
  const contact = [reseller?.name, reseller?.email, reseller?.phone].filter(Boolean).join(' · ') || '—';
  const params = { organization: org.name, package: org.package?.name ?? '', date: formatDate(sub.end_time, currentLocale()), reseller: contact };
  const expired = state === 'expired';
  return (
    <Alert color={expired ? 'red' : 'yellow'} title={t(expired ? 'reseller:expired.title' : 'reseller:expired.renewable_title')} mb="md" data-testid="subscription-notice" data-state={state}>
      {t(expired ? 'reseller:expired.body' : 'reseller:expired.renewable', params)}
    </Alert>
  );
}
