import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, Select, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS, PROVINCES } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';
import { feeRows, matrixRows, type FeeRowText, type MatrixRowText } from './partPricingForm.ts';
import { TableHead } from '../../components/TableHead.tsx';

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

/**
 * The rows of a setting as a table: a column a value, × to remove a row, a button to add one. The
 * setting's value is JSON text: `read` gives its rows, a change is written back as JSON.
 */
function RowsTable<R>({
  name,
  label,
  description,
  error,
  readOnly,
  value,
  read,
  columns,
  onChange: write,
  blank,
}: RowsInputProps & { read: (value: string) => R[]; columns: { title: string; cell: (row: R, k: number, edit: (patch: Partial<R>) => void) => ReactNode }[]; blank: R }) {
  const { t } = useTranslation();
  const rows = read(value);
  const onChange = (next: R[]) => write(JSON.stringify(next));
  const edit = (k: number) => (patch: Partial<R>) => onChange(rows.map((r, i) => (i === k ? { ...r, ...patch } : r)));
  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid={`option-${name}`}>
      <Stack gap="xs" mt="xs">
        <Table>
          <TableHead columns={[...columns.map((c) => c.title), '']} />
          <Table.Tbody>
            {rows.map((r, k) => (
              <Table.Tr key={k}>
                {columns.map((c) => (
                  <Table.Td key={c.title}>{c.cell(r, k, edit(k))}</Table.Td>
                ))}
                <Table.Td>
                  {readOnly ? null : (
                    <ActionIcon variant="subtle" color="red" onClick={() => onChange(rows.filter((_, i) => i !== k))} aria-label={t('settings:pricing.remove_row', { n: k + 1 })}>
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!readOnly && (
          <Group>
            <Button variant="light" size="xs" onClick={() => onChange([...rows, blank])}>
              {t('settings:pricing.add_row')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** An amount or a percentage typed in a cell. */
function Cell({ label, value, unit, readOnly, onChange }: { label: string; value: string; unit: string; readOnly: boolean; onChange: (v: string) => void }) {
  return <TextInput aria-label={label} value={value} inputMode="decimal" rightSection={unit} readOnly={readOnly} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** The markup matrix: from a cost (dollars), a margin (%) on top. */
export function MarkupMatrixInput(props: RowsInputProps) {
  const { t } = useTranslation();
  const ro = props.readOnly;
  return (
    <RowsTable<MatrixRowText>
      {...props}
      read={matrixRows}
      blank={{ from: '', margin: '' }}
      columns={[
        { title: t('settings:pricing.cost_from'), cell: (r, k, edit) => <Cell label={t('settings:pricing.cost_from_n', { n: k + 1 })} value={r.from} unit="$" readOnly={ro} onChange={(from) => edit({ from })} /> },
        { title: t('settings:pricing.margin'), cell: (r, k, edit) => <Cell label={t('settings:pricing.margin_n', { n: k + 1 })} value={r.margin} unit="%" readOnly={ro} onChange={(margin) => edit({ margin })} /> },
      ]}
    />
  );
}

/** The environmental fees per unit, by province and kind (dollars). */
export function EnvironmentalFeesInput(props: RowsInputProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const ro = props.readOnly;
  return (
    <RowsTable<FeeRowText>
      {...props}
      read={feeRows}
      blank={{ province: '', ...Object.fromEntries(ENVIRONMENTAL_FEE_KINDS.map((kind) => [kind, ''])) } as FeeRowText}
      columns={[
        {
          title: t('settings:pricing.province'),
          cell: (r, k, edit) => (
            <Select aria-label={t('settings:pricing.province_n', { n: k + 1 })} data={[...PROVINCES]} value={r.province || null} allowDeselect={false} disabled={ro} onChange={(v) => edit({ province: v ?? '' })} w={100} />
          ),
        },
        ...ENVIRONMENTAL_FEE_KINDS.map((kind) => ({
          title: ENVIRONMENTAL_FEE_KIND_LABELS[kind][locale],
          cell: (r: FeeRowText, k: number, edit: (patch: Partial<FeeRowText>) => void) => (
            <Cell label={t('settings:pricing.fee_n', { kind: ENVIRONMENTAL_FEE_KIND_LABELS[kind][locale], n: k + 1 })} value={r[kind]} unit="$" readOnly={ro} onChange={(v) => edit({ [kind]: v })} />
          ),
        })),
      ]}
    />
  );
}
