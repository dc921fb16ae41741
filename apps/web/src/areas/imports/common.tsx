import type { RecordOf } from '@atelier/domain';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import { currentLocale, translateError } from '../../i18n/index.ts';

// What the import screens share: the record, the models one may import, the status badge.

export type ImportRecord = RecordOf<'imports'>;

interface ImportModel {
  id: string;
  label: string;
  /** relation: the type a relationship field's cell names (customers, suppliers), else null. */
  fields: { name: string; label: string; required: boolean; relation: string | null }[];
}

export const STATUS_LABEL = {
  uploaded: 'imports:status.uploaded',
  validating: 'imports:status.validating',
  dry_run: 'imports:status.dry_run',
  running: 'imports:status.running',
  done: 'imports:status.done',
  failed: 'imports:status.failed',
} as const;
const STATUS_COLOR = { uploaded: 'gray', validating: 'yellow', dry_run: 'blue', running: 'yellow', done: 'teal', failed: 'red' } as const;
export const messageOf = (e: unknown) => (e instanceof ApiError ? errorMessage(e.errors, translateError) : String((e as Error)?.message ?? e));

export function StatusBadge({ status }: { status: ImportRecord['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid="import-status">
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}

export function useModels() {
  return useQuery({
    queryKey: ['import-models', currentLocale()],
    queryFn: async () => {
      const doc = await request<{ data: { id: string; attributes: Omit<ImportModel, 'id'> }[] }>('/imports/models', { global: false });
      return doc.data.map((d) => ({ id: d.id, ...d.attributes }));
    },
  });
}
