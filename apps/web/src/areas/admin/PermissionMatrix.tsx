import { useMemo } from 'react';
import { Alert, Badge, Checkbox, Group, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { PermissionRecord } from '../../api/types.ts';
import { buildMatrix, MATRIX_VERBS, rowNames } from './permissionMatrix.ts';

export function usePermissionCatalogue() {
  return useQuery({ queryKey: ['permissions', 'all'], queryFn: () => api.listAll<PermissionRecord>('permissions', { sort: 'name' }, { global: false }), staleTime: Infinity });
}

/**
 * The permission matrix of a role: one table per area, a line per resource, the standard verbs
 * as columns and the other actions of the resource at the end. Value: permission ids.
 */
export function PermissionMatrix({ value, onChange, readOnly, error }: { value: string[]; onChange?: (ids: string[]) => void; readOnly?: boolean; error?: string }) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  const byName = useMemo(() => new Map((catalogue.data ?? []).map((p) => [p.name, p.id])), [catalogue.data]);
  const groups = useMemo(() => buildMatrix(new Set(byName.keys())), [byName]);
  const chosen = new Set(value);
  if (catalogue.isPending) return <Loader size="sm" />;
  const idOf = (name: string) => byName.get(name) as string;
  const set = (names: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const n of names) {
      if (on) next.add(idOf(n));
      else next.delete(idOf(n));
    }
    onChange?.([...next]);
  };
  const held = (name: string) => chosen.has(idOf(name));
  const mark = (name: string, label: string) =>
    held(name) ? (
      <IconCheck size={18} color="var(--mantine-color-teal-8)" aria-label={label} role="img" data-permission={name} data-held="true" />
    ) : (
      <IconMinus size={14} color="var(--mantine-color-gray-5)" aria-hidden data-permission={name} />
    );
  const chip = (name: string, label: string) =>
    held(name) ? (
      <Badge key={name} variant="light" color="teal" tt="none" data-permission={name}>
        {label}
      </Badge>
    ) : null;
  const box = (name: string | undefined, label: string) =>
    name && readOnly ? (
      mark(name, label)
    ) : name ? (
      <Checkbox
        aria-label={label}
        checked={chosen.has(idOf(name))}
        onChange={(e) => set([name], e.currentTarget.checked)}
        disabled={readOnly}
        data-permission={name}
      />
    ) : null;
  /** A row's permissions outside the matrix's verbs: held chips when read only, else labelled checkboxes (an app's, the other verbs'). */
  const others = (other: readonly { name: string; verb: string }[], labelOf: (verb: string) => string, size?: 'xs') =>
    readOnly
      ? other.map((o) => chip(o.name, labelOf(o.verb)))
      : other.map((o) => (
          <Checkbox key={o.name} size={size} label={labelOf(o.verb)} checked={held(o.name)} onChange={(e) => set([o.name], e.currentTarget.checked)} data-permission={o.name} />
        ));

  return (
    <Stack gap="lg" data-testid="permission-matrix">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('roles:matrix')}
        </Title>
        <Badge variant="light" tt="none">
          {t('roles:count', { count: value.length })}
        </Badge>
      </Group>
      {!readOnly ? <Text size="sm" c="dimmed">{t('roles:matrix_hint')}</Text> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      {groups.map((g) => (
        <div key={g.area}>
          <Title order={4} size="h5" mb={4}>
            {t(`admin:areas.${g.area}`)}
          </Title>
          <ScrollArea type="auto">
            <Table withTableBorder withColumnBorders striped miw={720} fz="sm" layout="fixed">
              {g.area !== 'apps' ? (
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={240}>{t('roles:subject')}</Table.Th>
                    {MATRIX_VERBS.map((v) => (
                      <Table.Th key={v} ta="center" w={84}>
                        {t(`admin:verbs.${v}`)}
                      </Table.Th>
                    ))}
                    <Table.Th>{t('roles:other')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
              ) : null}
              <Table.Tbody>
                {g.rows.map((row) => {
                  const subject = t(`permissions:subjects.${row.subject}`);
                  if (g.area === 'apps') {
                    return (
                      <Table.Tr key={row.subject}>
                        <Table.Td>
                          <Group gap="lg">
                            {others(row.other, (verb) => t(`permissions:apps.${verb}`))}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  }
                  const names = rowNames(row);
                  const all = names.every((n) => chosen.has(idOf(n)));
                  const some = names.some((n) => chosen.has(idOf(n)));
                  return (
                    <Table.Tr key={row.subject}>
                      <Table.Td>
                        {readOnly ? <Text size="sm" fw={500}>{subject}</Text> : <Checkbox
                          label={subject}
                          checked={all}
                          indeterminate={some && !all}
                          onChange={(e) => set(names, e.currentTarget.checked)}
                          disabled={readOnly}
                          aria-label={t('roles:toggle_row', { subject })}
                          fw={500}
                        />}
                      </Table.Td>
                      {MATRIX_VERBS.map((v) => (
                        <Table.Td key={v} ta="center">
                          <Group justify="center">{box(row.standard[v], `${subject} · ${t(`admin:verbs.${v}`)}`)}</Group>
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Group gap="sm">
                          {others(row.other, (verb) => t(`permissions:verbs.${verb}`), 'xs')}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </div>
      ))}
    </Stack>
  );
}
