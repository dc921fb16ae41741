import type { ReactNode } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { INVOICING_TYPE_LABELS, INVOICING_TYPES, type InvoicingType, type TypeName } from '@atelier/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import { hrefOf } from '../../app/resources.ts';
import { currentLocale, translateError } from '../../i18n/index.ts';

// What an order's own buttons share (purchases and sales; issues 22, 23): a button opening its
// dialog, make a document from the order (generate-delivery, generate-invoice), validate it at once
// if asked, and open it.

/** Makes `made` (a delivery or an invoice type) from the order of type `order`; opens what was made. */
export function useGenerated(order: { type: TypeName; id: string }, action: 'generate-delivery' | 'generate-invoice', made: TypeName) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ body, validate }: { body: object; validate?: boolean }) => {
      const doc = await api.action(`/${order.type}/${encodeURIComponent(order.id)}/${action}`, 'POST', { data: { attributes: body } });
      if (doc && validate) await api.action(`/${made}/${encodeURIComponent(doc.id)}/validate`, 'POST');
      return doc;
    },
    onSuccess: (doc) => {
      void qc.invalidateQueries();
      if (doc) navigate(hrefOf(made)(doc.id));
    },
  });
}

/** Why the server refused (its translated message), in a dialog. */
export function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Text c="red.8" role="alert">
      {error instanceof ApiError ? errorMessage(error.errors, translateError) : t('errors:SOMETHING_WENT_WRONG')}
    </Text>
  );
}

/** An order's button and the dialog it opens; `open` is the caller's (what the dialog reads waits for it). */
export function OrderDialog({
  open,
  setOpen,
  button,
  title,
  testId,
  light,
  wide,
  children,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  button: string;
  title: string;
  testId: string;
  /** Drawn light: not the order's first button. */
  light?: boolean;
  /** A dialog of the order's lines. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="md" variant={light ? 'light' : undefined} onClick={() => setOpen(true)} data-testid={testId}>
        {button}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} size={wide ? 'lg' : undefined} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Stack>{children}</Stack>
      </Modal>
    </>
  );
}

/** A dialog's last row: make the document as a draft to check, or validated at once. */
export function DraftOrValidate({
  run,
  submit,
  disabled,
  words,
  testId,
}: {
  run: ReturnType<typeof useGenerated>;
  submit: (validate: boolean) => void;
  disabled: boolean;
  words: { draft: string; validate: string };
  testId: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={() => submit(false)} disabled={disabled} loading={run.isPending && !run.variables?.validate} data-testid={`${testId}-draft`}>
        {words.draft}
      </Button>
      <Button onClick={() => submit(true)} disabled={disabled} loading={run.isPending && run.variables?.validate} data-testid={`${testId}-validate`}>
        {words.validate}
      </Button>
    </Group>
  );
}

/** How an invoice is made from the order: everything left, what was delivered, or an amount. */
export function InvoicingTypeSelect({ label, value, onChange, testId }: { label: string; value: InvoicingType; onChange: (type: InvoicingType) => void; testId: string }) {
  return (
    <Select
      label={label}
      data={INVOICING_TYPES.map((v) => ({ value: v, label: INVOICING_TYPE_LABELS[v][currentLocale()] }))}
      value={value}
      onChange={(v) => v && onChange(v as InvoicingType)}
      allowDeselect={false}
      data-testid={testId}
    />
  );
}
