import type { PermissionSubject, RecordOf } from '@atelier/domain';
import type { ReactNode } from 'react';
import type { Model } from '../../api/jsonapi.ts';
import { useSearchParams } from 'react-router';
import type { ColumnEntry, FieldEntry } from '../../components/resource/declared.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

type PaymentType = 'purchases-payments' | 'sales-payments';

/**
 * The payments of a side's invoices (purchases, sales), each against its invoice (never more than
 * its balance). From an invoice's Pay button (?invoice=&amount=, in cents) the new payment is of
 * that invoice, for its balance. `extra`: the side's own attributes (sales: where it was taken).
 */
export function PaymentsPage<T extends PaymentType>({
  type,
  subject,
  method,
  extra = [],
  actions,
}: {
  type: T;
  subject: PermissionSubject;
  method: string;
  extra?: string[];
  /** The side's own buttons on a payment (sales: refund). */
  actions?: (payment: RecordOf<T> & Model) => ReactNode;
}) {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  const balance = Number(params.get('amount'));
  return (
    <SimpleResourcePage<T>
      type={type}
      subject={subject as never}
      columns={['invoice', 'amount', 'paid_on', 'method', ...extra.map((key) => ({ key, visibleFrom: 'lg' as const })), { key: 'reference', visibleFrom: 'md' }, { key: 'created_at', visibleFrom: 'lg' }] as ColumnEntry<T>[]}
      listInclude="invoice"
      defaultSort="-paid_on"
      fields={['invoice', 'amount', 'paid_on', 'method', ...extra, 'reference', { name: 'notes', wide: true }, 'allowedLocations', 'creator', 'created_at'] as FieldEntry<T>[]}
      include="invoice,allowedLocations,creator"
      filters={['method'] as never}
      defaults={{
        method,
        paid_on: new Date().toISOString().slice(0, 10),
        ...(invoice ? { invoice } : {}),
        ...(Number.isInteger(balance) && balance > 0 ? { amount: balance } : {}),
      }}
      titleOf={(p) => String((p as { reference?: string | null }).reference ?? '')}
      actions={actions}
    />
  );
}
