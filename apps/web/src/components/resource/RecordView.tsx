import type { ReactNode } from 'react';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { LinesView } from './LineEditor.tsx';
import { sectionsOf, type FieldDef } from './formModel.ts';

/** A day (YYYY-MM-DD) in words, in the user's language ("3 mars 1985"). */
export function formatDay(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return String(value ?? '');
  return new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** The heading of a group of fields, across the grid. */
export function SectionTitle({ label }: { label: string }) {
  return (
    <Title order={3} size="h6" c="dimmed" tt="uppercase" fw={600} mt="xs" style={{ gridColumn: '1 / -1', letterSpacing: 0.4, borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 4 }} data-testid="form-section">
      {label}
    </Title>
  );
}

function ViewValue<R extends Model>({ field, record }: { field: FieldDef<R>; record: R }): ReactNode {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (field.view) return <>{field.view(record)}</>;
  const v = record[field.name];
  if (v === null || v === undefined || v === '') return <Text c="dimmed">{t('common:form.none')}</Text>;
  switch (field.kind) {
    case 'switch':
      return <Badge color={v ? 'teal' : 'gray'} variant="light">{t(v ? 'common:boolean.true' : 'common:boolean.false')}</Badge>;
    case 'relation': {
      const list = (Array.isArray(v) ? v : [v]) as Model[];
      if (list.length === 0) return <Text c="dimmed">{t('common:form.none')}</Text>;
      return (
        <Group gap={6}>
          {list.map((m) => (
            <Badge key={m.id} variant="light" tt="none">
              {field.relation?.labelOf(m) ?? m.id}
            </Badge>
          ))}
        </Group>
      );
    }
    case 'select': {
      const o = field.options?.find((x) => x.value === String(v));
      return <Text>{o ? (o.raw ? o.label : t(o.label)) : String(v)}</Text>;
    }
    case 'money':
      return <Text>{formatMoney(Number(v), locale)}</Text>;
    case 'lines':
      return <LinesView config={field.lines!} lines={v as Model[]} label={t(field.label)} />;
    case 'datetime':
      return <Text>{formatDateTime(String(v), locale)}</Text>;
    case 'date':
      return <Text>{formatDay(v, locale)}</Text>;
    default:
      // pre-line: a text's own lines (an address, a note) stay lines.
      return <Text style={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>{String(v)}</Text>;
  }
}

/** A record in view mode: its fields under their section headings, a label above each value. */
export function RecordFields<R extends Model>({ fields, record }: { fields: FieldDef<R>[]; record: R }) {
  const { t } = useTranslation();
  return (
    <>
      {sectionsOf(fields.filter((f) => f.kind !== 'password' && (!f.visible || f.visible(record)))).map((group, i) => (
        <Stack key={group.title ?? i} gap="xs">
          {group.title ? <SectionTitle label={t(group.title)} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
            {group.fields.map((f) => (
              <div key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
                <Text component="dt" size="sm" c="dimmed" fw={500}>
                  {t(f.label)}
                </Text>
                <Text component="dd" m={0} data-field-view={f.name}>
                  <ViewValue field={f} record={record} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </>
  );
}
