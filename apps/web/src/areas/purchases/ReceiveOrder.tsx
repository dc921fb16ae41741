import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { InvoicingType, RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useList } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { hrefOf } from '../../app/resources.ts';
import { DecimalInput, type DecimalValue } from '../../components/DecimalInput.tsx';
import { DraftOrValidate, InvoicingTypeSelect, OrderDialog, Refusal, useGenerated } from '../trade/generated.tsx';
import { leftOf, OrderQuantities } from '../trade/OrderQuantities.tsx';
import { lineOfCode } from './barcodeScan.ts';
import { CameraScan } from './CameraScan.tsx';

// An order's own buttons (issue 22): receive what came (a receipt of the quantities counted or
// scanned — a barcode scanner types the code and Enter, or the camera reads it —, as a
// draft to check or validated at once: the parts enter the warehouse) and bill it (the supplier's
// invoice drafted from the order). Both open the document they made.

type Order = RecordOf<'purchases-orders'> & Model;
type Line = RecordOf<'purchases-order-items'> & Model;

/** Receive: each line's quantity that came (what is left, by default), the packing slip's number. */
export function ReceiveOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lines = ((order.items ?? []) as Line[]).filter((l) => leftOf(l) > 0);
  const [counts, setCounts] = useState<Record<string, DecimalValue>>({});
  const [slip, setSlip] = useState('');
  // Scanned: the counts start from nothing and each scan of a part's barcode (or SKU) adds one.
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [scan, setScan] = useState<{ ok: boolean; text: string } | null>(null);
  const run = useGenerated({ type: 'purchases-orders', id: order.id }, 'generate-delivery', 'purchases-deliveries');
  const navigate = useNavigate();
  // A draft receipt of the order is completed rather than doubled.
  const drafts = useList<Model>('purchases-deliveries', { filter: { purchasesOrder: order.id, state: 'draft' }, fields: { 'purchases-deliveries': 'code' }, page: { size: 1 } }, { enabled: open, global: false });
  const draft = drafts.data?.data[0];
  if (order.state !== 'validated' || !lines.length) return null;
  const countOf = (l: Line): DecimalValue => (Object.hasOwn(counts, l.id) ? counts[l.id] : scanning ? 0 : leftOf(l));
  // A code typed, read by a scanner or by the camera: one more of the line whose part carries it.
  const scanned = (typed: string) => {
    if (!typed.trim()) return;
    const line = lineOfCode(lines, typed);
    setCode('');
    if (!line) return setScan({ ok: false, text: t('purchases-orders:receive.unknown', { code: typed.trim() }) });
    const base = scanning ? counts : {};
    const next = Number((Object.hasOwn(base, line.id) ? base[line.id] : 0) || 0) + 1;
    setScanning(true);
    setCounts({ ...base, [line.id]: next });
    setScan({ ok: true, text: t('purchases-orders:receive.scanned', { item: line.description ?? '', count: next }) });
  };
  const items = lines.filter((l) => Number(countOf(l) || 0) > 0).map((l) => ({ id: l.id, quantity: String(countOf(l)) }));
  const submit = (validate: boolean) => run.mutate({ body: { items, ...(slip.trim() ? { supplier_reference: slip.trim() } : {}) }, validate });
  return (
    <OrderDialog open={open} setOpen={setOpen} button={t('purchases-orders:receive.button')} title={t('purchases-orders:receive.title', { code: order.code ?? '' })} wide testId="order-receive">
      <OrderQuantities
        lines={lines}
        countOf={(l) => countOf(l as Line)}
        onCount={(l, v) => setCounts((c) => ({ ...c, [l.id]: v }))}
        headers={{ item: t('fields:purchases-order-items.description'), ordered: t('purchases-orders:receive.ordered'), done: t('fields:purchases-order-items.quantity_delivered'), now: t('purchases-orders:receive.came') }}
        inputLabel={(n, l) => t('purchases-orders:receive.came_n', { n, item: l.description ?? '' })}
        testId="receive"
      />
      {draft ? (
        <Alert color="yellow" data-testid="receive-draft-exists">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('purchases-orders:receive.draft_exists', { code: String(draft.code ?? '') })}</Text>
            <Button size="sm" onClick={() => navigate(hrefOf('purchases-deliveries')(draft.id))} data-testid="receive-open-draft">
              {t('purchases-orders:receive.open_draft', { code: String(draft.code ?? '') })}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <CameraScan onCode={scanned} />
      <TextInput
        label={t('purchases-orders:receive.scan')}
        description={t('purchases-orders:receive.scan_help')}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => {
          // A scanner types the code and Enter, as a keyboard does.
          if (e.key === 'Enter') {
            e.preventDefault();
            scanned(code);
          }
        }}
        maxLength={100}
        autoComplete="off"
        data-testid="receive-scan"
      />
      {scan ? (
        <Text size="sm" c={scan.ok ? 'teal.9' : 'red.8'} role="status" data-testid="receive-scanned">
          {scan.text}
        </Text>
      ) : null}
      <TextInput label={t('fields:purchases-deliveries.supplier_reference')} value={slip} onChange={(e) => setSlip(e.currentTarget.value)} maxLength={100} />
      <Refusal error={run.error} />
      <DraftOrValidate run={run} submit={submit} disabled={!items.length || Boolean(draft) || drafts.isPending} words={{ draft: t('purchases-orders:receive.draft'), validate: t('purchases-orders:receive.validate') }} testId="receive" />
    </OrderDialog>
  );
}

/** Bill: everything left, what was received, or an amount (a deposit); the bill opens as a draft to check against the supplier's. */
export function BillOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<InvoicingType>(order.invoicing_type ?? 'complete');
  const [amount, setAmount] = useState<DecimalValue>('');
  const run = useGenerated({ type: 'purchases-orders', id: order.id }, 'generate-invoice', 'purchases-invoices');
  if (order.state !== 'validated' || order.invoicing_status === 'invoiced') return null;
  const body = { invoicingType: type, ...(type === 'amount' && amount !== '' ? { amount: Math.round(Number(amount) * 100) } : {}) };
  return (
    <OrderDialog open={open} setOpen={setOpen} button={t('purchases-orders:bill.button')} title={t('purchases-orders:bill.title', { code: order.code ?? '' })} light testId="order-bill">
      <InvoicingTypeSelect label={t('fields:purchases-orders.invoicing_type')} value={type} onChange={setType} testId="bill-type" />
      {type === 'amount' ? <DecimalInput label={t('purchases-orders:bill.amount')} money decimals={2} allowNegative={false} value={amount} onChange={setAmount} required data-testid="bill-amount" /> : null}
      <Refusal error={run.error} />
      <Group justify="flex-end">
        <Button onClick={() => run.mutate({ body })} loading={run.isPending} disabled={type === 'amount' && !(Number(amount) > 0)} data-testid="bill-create">
          {t('purchases-orders:bill.create')}
        </Button>
      </Group>
    </OrderDialog>
  );
}
