import { APPROVAL_DAYS, estimationWorkflow, type RecordOf } from '@atelier/domain';
import { SendLinkDialog } from '../../components/SendLinkDialog.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { customerLocale, sendToCustomer } from './approvalApi.ts';

/**
 * "Envoyer au client" (send-client-approve): a new version of the estimate, and the customer's
 * link to the page where they accept or decline each job and sign (SendLinkDialog).
 */
export function SendToCustomer({ estimation, onSent }: {
  estimation: Pick<RecordOf<'estimations'>, 'id' | 'code'> & { customer?: (Pick<RecordOf<'customers'>, 'email' | 'locale'> & { id?: string; phone?: string | null }) | null };
  onSent: () => void;
}) {
  const customer = estimation.customer ?? null;
  return (
    <SendLinkDialog
      button={{ label: estimationWorkflow.actionLabels.send_client_approve[currentLocale()] }}
      ns="estimations"
      prefix="send"
      code={estimation.code ?? ''}
      customer={customer ? { id: customer.id, email: customer.email, phone: customer.phone, locale: customerLocale(customer) } : null}
      days={APPROVAL_DAYS}
      send={(choice) => sendToCustomer(estimation.id, choice)}
      onSent={onSent}
      testId="send-client"
    />
  );
}
