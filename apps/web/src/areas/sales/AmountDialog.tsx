import { Button, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { cellDollarsToCents } from '@atelier/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { hrefOf } from '../../app/resources.ts';
import { formatMoney } from '../../lib/format.ts';
import { Refusal } from '../trade/generated.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

// A button opening a dialog that asks an amount (in dollars, "," or "." as the decimal mark) or,
// where offered, a percentage, confirms it and runs a record's action (a payment's refund, an
// estimate's deposit invoice); what the action made is opened.

export interface AmountDialogProps {
  /** POST path of the action. */
  path: string;
  /** The type of what the action answers, opened once made. */
  made: 'sales-invoices' | 'sales-payments';
  /** i18n keys: the button and dialog title, the amount's label, the sentence confirming, the confirm button. */
  texts: { button: string; amount: string; confirm: string; submit: string; percentage?: string };
  /** The amount prefilled (cents). */
  initial?: number | null;
  /** Also offer a percentage (of what the server knows). */
  percentage?: boolean;
  testId: string;
  /** Open what was made (default) or stay. */
  open?: boolean;
}

export function AmountDialog({ path, made, texts, initial, percentage, testId, open: openMade = true }: AmountDialogProps) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<'amount' | 'percentage'>('amount');
  const [text, setText] = useState('');
  const cents = cellDollarsToCents(text);
  const share = Number(text.replace(',', '.'));
  const valid = mode === 'amount' ? cents !== null && cents > 0 : share > 0 && share <= 100;
  const run = useMutation({
    meta: { silent: true },
    mutationFn: () => api.action(path, 'POST', { data: { attributes: mode === 'amount' ? { amount: cents } : { percentage: share } } }),
    onSuccess: (doc: Model | null | undefined) => {
      void qc.invalidateQueries();
      setOpened(false);
      if (doc && openMade) navigate(hrefOf(made)(doc.id));
    },
  });
  const show = () => {
    setText(initial ? formatMoney(initial, i18n.language).replace(/[^\d.,]/g, '') : '');
    setMode('amount');
    run.reset();
    setOpened(true);
  };
  return (
    <>
      <Button size="md" variant="light" onClick={show} data-testid={testId}>
        {t(texts.button)}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t(texts.button)} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Stack>
          {percentage && texts.percentage ? (
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'amount' | 'percentage')}
              data={[
                { value: 'amount', label: t(texts.amount) },
                { value: 'percentage', label: t(texts.percentage) },
              ]}
            />
          ) : null}
          <TextInput
            label={t(mode === 'amount' ? texts.amount : texts.percentage!)}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            inputMode="decimal"
            rightSection={mode === 'amount' ? '$' : '%'}
            data-autofocus
            data-testid={`${testId}-amount`}
          />
          <Text size="sm">{t(texts.confirm)}</Text>
          <Refusal error={run.error} />
          <DialogFooter onCancel={() => setOpened(false)}>
            <Button onClick={() => run.mutate()} loading={run.isPending} disabled={!valid} data-testid={`${testId}-confirm`}>
              {t(texts.submit)}
            </Button>
          </DialogFooter>
        </Stack>
      </Modal>
    </>
  );
}
