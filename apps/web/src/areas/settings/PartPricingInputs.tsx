import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, Select, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS, PROVINCES } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';
import { feeRows, matrixRows, type FeeRowText, type MatrixRowText } from './partPricingForm.ts';

// The parts pricing settings (issue 27): the markup matrix and the environmental fees by province,
// rows added and removed, amounts in dollars with "," or "." (partPricingForm.ts reads them).

interface RowsInputProps {
  name: string;
  label: string;
  description: string;
  value: string;
  error?: string;
  readOnly: boolean;
  onChange: (value: string) => void;
}

function RowsFrame({ name, label, description, error, readOnly, onAdd, children }: Omit<RowsInputProps, 'value' | 'onChange'> & { onAdd: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid={`option-${name}`}>
      <Stack gap="xs" mt="xs">
        {children}
        {!readOnly && (
          <Group>
            <Button variant="light" size="xs" onClick={onAdd}>
              {t('settings:pricing.add_row')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

function RemoveRow({ onClick, readOnly, n }: { onClick: () => void; readOnly: boolean; n: number }) {
  const { t } = useTranslation();
  if (readOnly) return null;
  return (
    <ActionIcon variant="subtle" color="red" onClick={onClick} aria-label={t('settings:pricing.remove_row', { n })}>
      ×
    </ActionIcon>
  );
}

/** The markup matrix: from a cost (dollars), a margin (%) on top. */
export function MarkupMatrixInput(props: RowsInputProps) {
  const { t } = useTranslation();
  const rows = matrixRows(props.value);
  const set = (next: MatrixRowText[]) => props.onChange(JSON.stringify(next));
  const edit = (k: number, patch: Partial<MatrixRowText>) => set(rows.map((r, i) => (i === k ? { ...r, ...patch } : r)));
  return (
    <RowsFrame {...props} onAdd={() => set([...rows, { from: '', margin: '' }])}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings:pricing.cost_from')}</Table.Th>
            <Table.Th>{t('settings:pricing.margin')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, k) => (
            <Table.Tr key={k}>
              <Table.Td>
                <TextInput aria-label={t('settings:pricing.cost_from_n', { n: k + 1 })} value={r.from} inputMode="decimal" rightSection="$" readOnly={props.readOnly} onChange={(e) => edit(k, { from: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label={t('settings:pricing.margin_n', { n: k + 1 })} value={r.margin} inputMode="decimal" rightSection="%" readOnly={props.readOnly} onChange={(e) => edit(k, { margin: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <RemoveRow n={k + 1} readOnly={props.readOnly} onClick={() => set(rows.filter((_, i) => i !== k))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RowsFrame>
  );
}

/** The environmental fees per unit, by province and kind (dollars). */
export function EnvironmentalFeesInput(props: RowsInputProps) {
  const { t } = useTranslation();
  const rows = feeRows(props.value);
  const set = (next: FeeRowText[]) => props.onChange(JSON.stringify(next));
  const edit = (k: number, patch: Partial<FeeRowText>) => set(rows.map((r, i) => (i === k ? { ...r, ...patch } : r)));
  const blank = { province: '', ...Object.fromEntries(ENVIRONMENTAL_FEE_KINDS.map((kind) => [kind, ''])) } as FeeRowText;
  const locale = currentLocale();
  return (
    <RowsFrame {...props} onAdd={() => set([...rows, blank])}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings:pricing.province')}</Table.Th>
            {ENVIRONMENTAL_FEE_KINDS.map((kind) => (
              <Table.Th key={kind}>{ENVIRONMENTAL_FEE_KIND_LABELS[kind][locale]}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, k) => (
            <Table.Tr key={k}>
              <Table.Td>
                <Select aria-label={t('settings:pricing.province_n', { n: k + 1 })} data={[...PROVINCES]} value={r.province || null} allowDeselect={false} disabled={props.readOnly} onChange={(v) => edit(k, { province: v ?? '' })} w={100} />
              </Table.Td>
              {ENVIRONMENTAL_FEE_KINDS.map((kind) => (
                <Table.Td key={kind}>
                  <TextInput
                    aria-label={t('settings:pricing.fee_n', { kind: ENVIRONMENTAL_FEE_KIND_LABELS[kind][locale], n: k + 1 })}
                    value={r[kind]}
                    inputMode="decimal"
                    rightSection="$"
                    readOnly={props.readOnly}
                    onChange={(e) => edit(k, { [kind]: e.currentTarget.value })}
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <RemoveRow n={k + 1} readOnly={props.readOnly} onClick={() => set(rows.filter((_, i) => i !== k))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RowsFrame>
  );
}
