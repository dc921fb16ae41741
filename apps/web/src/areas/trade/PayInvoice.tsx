import { Button } from '@mantine/core';
import type { Permission, TypeName } from '@atelier/domain';
import { Link } from 'react-router';
import { listPath } from '../../app/resources.ts';
import { useMe } from '../../app/AppData.tsx';

/** Pay: the payments' form of `payments`, for this validated invoice, its balance as the amount. */
export function PayInvoice({ invoice, payments, permission, label }: { invoice: { id: string; state?: string | null; balance?: number | null }; payments: TypeName; permission: Permission; label: string }) {
  const { can } = useMe();
  if (!can(permission) || invoice.state !== 'validated' || !(Number(invoice.balance) > 0)) return null;
  const to = `${listPath(payments)}?action=add&invoice=${encodeURIComponent(invoice.id)}&amount=${Number(invoice.balance)}`;
  return (
    <Button size="md" variant="light" component={Link} to={to} data-testid="invoice-pay">
      {label}
    </Button>
  );
}
