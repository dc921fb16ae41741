import { INVOICE_LINK_DAYS, type Locale, type RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { SendLinkDialog } from '../../components/SendLinkDialog.tsx';
import { sendInvoice } from './invoiceLinkApi.ts';

/** "Envoyer au client" on a validated invoice: the link to its page (see it, download it, pay it online). */
export function SendInvoice({ invoice, onSent }: { invoice: RecordOf<'sales-invoices'> & Model; onSent: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  if (invoice.state !== 'validated' || !can('edit sales invoices')) return null;
  const customer = invoice.recipient as { id?: string; email?: string | null; billing_email?: string | null; phone?: string | null; locale?: Locale | null } | null | undefined;
  return (
    <SendLinkDialog
      button={{ label: t('sales-invoices:send.button'), color: 'teal.9' }}
      ns="sales-invoices"
      prefix="send"
      code={invoice.code ?? ''}
      customer={customer ? { id: customer.id, email: customer.billing_email || customer.email, phone: customer.phone, locale: customer.locale } : null}
      days={INVOICE_LINK_DAYS}
      send={(choice) => sendInvoice(invoice.id, choice)}
      onSent={onSent}
      testId="invoice-send"
    />
  );
}
