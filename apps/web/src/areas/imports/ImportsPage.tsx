import { isBusyImport } from '@atelier/domain';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { STATUS_LABEL, StatusBadge, useModels, type ImportRecord } from './common.tsx';

/** /admin/imports: the imports of the organization, newest first. */
export default function ImportsPage() {
  const { t } = useTranslation();
  const models = useModels();
  const label = (name: string) => models.data?.find((m) => m.id === name)?.label ?? name;
  return (
    <ResourceList<ImportRecord>
      type="imports"
      defaultSort="-created_at"
      permissions={{}}
      refetchWhile={(rows) => rows.some((r) => isBusyImport(r.status))}
      filters={[
        {
          name: 'status',
          label: 'imports:fields.status',
          options: Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label })),
        },
      ]}
      headerExtra={
        <Button component={Link} to="/admin/imports/new" data-testid="import-new">
          {t('imports:new')}
        </Button>
      }
      columns={[
        { key: 'name', label: 'imports:fields.name', sort: true, linkTo: (r) => `/admin/imports/${r.id}` },
        { key: 'model', label: 'imports:fields.model', sort: true, render: (r) => label(r.model) },
        { key: 'line_count', label: 'imports:fields.line_count', sort: true, render: (r) => formatNumber(r.line_count, currentLocale()) },
        {
          key: 'status',
          label: 'imports:fields.status',
          sort: true,
          render: (r) => (
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={r.status} />
              {isBusyImport(r.status) && r.line_count ? (
                <Text size="sm" c="dimmed" data-testid="import-list-progress">
                  {formatPercent(r.progress / r.line_count, currentLocale())}
                </Text>
              ) : null}
            </Group>
          ),
        },
        { key: 'created_at', label: 'imports:fields.created_at', sort: true, render: (r) => formatDateTime(r.created_at, currentLocale()) },
      ]}
    />
  );
}
