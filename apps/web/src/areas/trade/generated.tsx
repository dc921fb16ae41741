import { Text } from '@mantine/core';
import type { TypeName } from '@atelier/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import { hrefOf } from '../../app/resources.ts';
import { translateError } from '../../i18n/index.ts';

// What an order's own buttons share (purchases and sales; issues 22, 23): make a document from the
// order (generate-delivery, generate-invoice), validate it at once if asked, and open it.

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
