import { useState } from 'react';
import { Button, Group, SegmentedControl } from '@mantine/core';
import type { InvoicingType, RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { DecimalInput, type DecimalValue } from '../../components/DecimalInput.tsx';
import { DraftOrValidate, InvoicingTypeSelect, OrderDialog, Refusal, useGenerated } from '../trade/generated.tsx';
import { leftOf, OrderQuantities, type QuantityLine } from '../trade/OrderQuantities.tsx';

// A sales order's own buttons (issue 23): deliver its parts (a delivery of the quantities handed
// over, as a draft or validated at once: the parts leave the warehouse) and invoice it (everything
// left less the deposits, the products delivered, or a deposit). Both open the document they made.

type Order = RecordOf<'sales-orders'> & Model;
type Line = RecordOf<'sales-order-items'> & Model;

/** Deliver: each product line's quantity handed over (what is left, by default). */
export function DeliverOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<Record<string, DecimalValue>>({});
  const run = useGenerated({ type: 'sales-orders', id: order.id }, 'generate-delivery', 'sales-deliveries');
  const lines = ((order.items ?? []) as Line[]).filter((l) => l.product && leftOf(l) > 0);
  if (order.state !== 'validated' || !order.sourceWarehouse || !lines.length) return null;
  const countOf = (l: QuantityLine): DecimalValue => (Object.hasOwn(counts, l.id) ? counts[l.id] : leftOf(l));
  const items = lines.filter((l) => Number(countOf(l) || 0) > 0).map((l) => ({ id: l.id, quantity: String(countOf(l)) }));
  return (
    <OrderDialog open={open} setOpen={setOpen} button={t('sales-orders:deliver.button')} title={t('sales-orders:deliver.title', { code: order.code ?? '' })} wide testId="order-deliver">
      <OrderQuantities
        lines={lines}
        countOf={countOf}
        onCount={(l, v) => setCounts((c) => ({ ...c, [l.id]: v }))}
        headers={{ item: t('fields:sales-order-items.description'), ordered: t('sales-orders:deliver.ordered'), done: t('fields:sales-order-items.quantity_delivered'), now: t('sales-orders:deliver.now') }}
        inputLabel={(n, l) => t('sales-orders:deliver.now_n', { n, item: l.description ?? '' })}
        testId="deliver"
      />
      <Refusal error={run.error} />
      <DraftOrValidate run={run} submit={(validate) => run.mutate({ body: { items }, validate })} disabled={!items.length} words={{ draft: t('sales-orders:deliver.draft'), validate: t('sales-orders:deliver.validate') }} testId="deliver" />
    </OrderDialog>
  );
}

/** Invoice: everything left (less the deposits), the products delivered, or a deposit of an amount or a percentage. */
export function InvoiceOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<InvoicingType>(order.invoice_type === 'deposit' && order.invoicing_status === 'pending' ? 'amount' : (order.invoicing_type ?? 'complete'));
  const [by, setBy] = useState<'amount' | 'percentage'>('percentage');
  const [value, setValue] = useState<DecimalValue>('');
  const run = useGenerated({ type: 'sales-orders', id: order.id }, 'generate-invoice', 'sales-invoices');
  if (order.state !== 'validated' || order.invoicing_status === 'invoiced') return null;
  const given = Number(value);
  const deposit = type === 'amount' ? (by === 'amount' ? { amount: Math.round(given * 100) } : { percentage: given }) : {};
  const ready = type !== 'amount' || (given > 0 && (by === 'amount' || given <= 100));
  return (
    <OrderDialog open={open} setOpen={setOpen} button={t('sales-orders:invoice.button')} title={t('sales-orders:invoice.title', { code: order.code ?? '' })} light testId="order-invoice">
      <InvoicingTypeSelect label={t('fields:sales-orders.invoicing_type')} value={type} onChange={setType} testId="invoice-type" />
      {type === 'amount' ? (
        <>
          <SegmentedControl
            aria-label={t('sales-orders:invoice.deposit')}
            value={by}
            onChange={(v) => setBy(v as 'amount' | 'percentage')}
            data={[
              { value: 'percentage', label: t('sales-orders:invoice.by_percentage') },
              { value: 'amount', label: t('sales-orders:invoice.by_amount') },
            ]}
          />
          {by === 'amount' ? (
            <DecimalInput label={t('sales-orders:invoice.amount')} money decimals={2} allowNegative={false} value={value} onChange={setValue} required data-testid="invoice-amount" />
          ) : (
            <DecimalInput label={t('sales-orders:invoice.percentage')} decimals={2} allowNegative={false} value={value} onChange={setValue} required data-testid="invoice-percentage" />
          )}
        </>
      ) : null}
      <Refusal error={run.error} />
      <Group justify="flex-end">
        <Button onClick={() => run.mutate({ body: { invoicingType: type, ...deposit } })} loading={run.isPending} disabled={!ready} data-testid="invoice-create">
          {t('sales-orders:invoice.create')}
        </Button>
      </Group>
    </OrderDialog>
  );
}
