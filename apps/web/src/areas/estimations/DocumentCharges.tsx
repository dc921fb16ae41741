import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { notify } from '../../app/notify.tsx';
import { DecimalInput, type DecimalValue } from '../../components/DecimalInput.tsx';
import { chargesForm, chargesAttributes, type ChargesForm } from './estimationModel.ts';

type Estimation = RecordOf<'estimations'>;

/**
 * An estimate's shop supplies and document discount (issue 27): the supplies' percentage and cap
 * (the settings' when it was made) for those who edit the estimate; the document discount, a
 * percentage or an amount, for those with 'apply discounts estimations'. Saved on the estimate;
 * the server refuses past the role's maximum or the document (its message shown).
 */
export function DocumentCharges({ estimation, editable, canDiscount }: { estimation: Estimation; editable: boolean; canDiscount: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form, setForm] = useState<ChargesForm>(() => chargesForm(estimation));
  const version = String(estimation.updated_at ?? '');
  useEffect(() => setForm(chargesForm(estimation)), [version]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = useMutation({
    meta: { form: true },
    mutationFn: () => api.update<Estimation>({ type: 'estimations', id: estimation.id, attributes: chargesAttributes(form, { supplies: editable, discount: canDiscount && editable }) }),
    onSuccess: () => {
      notify({ color: 'teal', message: t('common:form.saved') });
      void qc.invalidateQueries({ queryKey: ['estimations'] });
    },
  });
  const set = (name: keyof ChargesForm) => (v: DecimalValue) => setForm((old) => ({ ...old, [name]: v }));
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (name: string) => error?.fieldErrors[name];
  const discountOpen = editable && canDiscount;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="document-charges">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('estimations:charges.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <DecimalInput label={t('estimations:charges.supplies_percent')} value={form.supplies_percent} onChange={set('supplies_percent')} allowNegative={false} rightSection="%" readOnly={!editable} error={fieldError('shop_supplies_percent')} data-testid="supplies-percent" />
          <DecimalInput label={t('estimations:charges.supplies_cap')} description={t('estimations:charges.supplies_cap_help')} value={form.supplies_cap} onChange={set('supplies_cap')} decimals={2} allowNegative={false} money readOnly={!editable} error={fieldError('shop_supplies_cap')} data-testid="supplies-cap" />
          <DecimalInput label={t('estimations:charges.discount_percent')} value={form.discount_percent} onChange={set('discount_percent')} allowNegative={false} rightSection="%" readOnly={!discountOpen} error={fieldError('document_discount_percent')} data-testid="document-discount-percent" />
          <DecimalInput label={t('estimations:charges.discount_amount')} value={form.discount_amount} onChange={set('discount_amount')} decimals={2} allowNegative={false} money readOnly={!discountOpen} error={fieldError('document_discount_amount')} data-testid="document-discount-amount" />
        </SimpleGrid>
        {editable && !canDiscount ? (
          <Text size="xs" c="dimmed">
            {t('estimations:charges.no_discount_right')}
          </Text>
        ) : null}
        {error && !Object.keys(error.fieldErrors).length ? <Alert color="red">{error.message}</Alert> : null}
        {editable ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => save.mutate()} loading={save.isPending} data-testid="document-charges-save">
              {t('estimations:charges.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
