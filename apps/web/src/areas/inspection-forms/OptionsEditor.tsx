import { ActionIcon, Button, Group, NativeSelect, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_OPTIONS, WIDGET_OPTION_LABELS } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';
import { defaultMarks, emptyRow, optionProblems, type Mark, type OptionsModel, type Points } from './options.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';

interface Props {
  fieldType: string;
  model: OptionsModel;
  onChange: (m: OptionsModel) => void;
  /** The server's messages by row (its pointer /data/attributes/points_threshold/<row>/...). */
  serverErrors: Record<number, string>;
  readOnly: boolean;
}

function PointsInput({ label, value, onChange, error, readOnly }: { label: string; value: Points; onChange: (v: Points) => void; error?: string; readOnly: boolean }) {
  return (
    <DecimalInput
      aria-label={label}
      size="sm"
      value={value}
      onChange={onChange}
      allowNegative={false}
      error={error}
      readOnly={readOnly}
      w={110}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}

const MARK_VALUES = { default: null, true: true, false: false } as const;
type MarkValue = keyof typeof MARK_VALUES;

/**
 * Whether picking an option is a finding: the default rule (saying what it gives for this option),
 * always, or never. A native select on a line under its option (the side panel is too narrow for
 * another column), named by the option for screen readers.
 */
function MarkSelect({ option, value, byDefault, onChange, readOnly }: { option: string; value: Mark; byDefault: boolean; onChange: (m: Mark) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const word = t('inspection-forms:options.mark');
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" aria-hidden>
        {word}
      </Text>
      <NativeSelect
        aria-label={`${word} (${option})`}
        size="sm"
        value={String(value ?? 'default')}
        onChange={(e) => onChange(MARK_VALUES[e.currentTarget.value as MarkValue])}
        disabled={readOnly}
        w={250}
        data={[
          { value: 'default', label: t(byDefault ? 'inspection-forms:options.mark_default_finding' : 'inspection-forms:options.mark_default_none') },
          { value: 'true', label: t('inspection-forms:options.mark_always') },
          { value: 'false', label: t('inspection-forms:options.mark_never') },
        ]}
        data-testid="option-mark"
      />
    </Group>
  );
}

/** A table's line holding the mark of the option on the line above. */
function MarkRow({ columns, ...select }: Parameters<typeof MarkSelect>[0] & { columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} pt={0}>
        <MarkSelect {...select} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The options of a field and their points, by type: yes / no for a checkbox, a list of choices, the
 * "min-max" ranges of a number or slider (their overlaps shown as typed), the four states of a widget.
 */
export function OptionsEditor({ fieldType, model, onChange, serverErrors, readOnly }: Props) {
  const { t } = useTranslation();
  const problems = optionProblems(fieldType, model);
  const rowError = (row: number) => {
    const p = problems.find((x) => x.row === row);
    return p ? t(p.key, p.params) : serverErrors[row];
  };
  // A problem of the whole list (no option yet, say).
  const listProblems = problems.filter((p) => p.row === null);
  const listError =
    listProblems.length > 0 ? (
      <Text c="red.9" size="sm" role="alert" data-testid="options-problem">
        {listProblems.map((p) => t(p.key, p.params)).join(' ')}
      </Text>
    ) : null;
  const pts = t('inspection-forms:options.points');
  // What an unmarked option gives, by row (the rows of toThreshold).
  const byDefault = defaultMarks(fieldType, model);
  const help = (
    <Text size="xs" c="dimmed" data-testid="option-mark-help">
      {t('inspection-forms:options.mark_help')}
    </Text>
  );

  if (model.kind === 'none') return <Text size="sm" c="dimmed">{t('inspection-forms:options.none')}</Text>;

  if (model.kind === 'check')
    return (
      <Stack gap="xs" data-testid="options-check">
        <Group gap="sm" align="flex-start">
          <Text size="sm" w={80} mt={6}>{t('inspection-forms:options.yes')}</Text>
          <PointsInput label={`${pts} (${t('inspection-forms:options.yes')})`} value={model.yes} onChange={(yes) => onChange({ ...model, yes })} error={rowError(0)} readOnly={readOnly} />
        </Group>
        <MarkSelect option={t('inspection-forms:options.yes')} value={model.marks.yes} byDefault={byDefault[0]} onChange={(yes) => onChange({ ...model, marks: { ...model.marks, yes } })} readOnly={readOnly} />
        <Switch label={t('inspection-forms:options.with_no')} checked={model.withNo} onChange={(e) => onChange({ ...model, withNo: e.currentTarget.checked, no: e.currentTarget.checked ? (model.no === '' ? 0 : model.no) : '' })} disabled={readOnly} />
        {model.withNo ? (
          <>
            <Group gap="sm" align="flex-start">
              <Text size="sm" w={80} mt={6}>{t('inspection-forms:options.no')}</Text>
              <PointsInput label={`${pts} (${t('inspection-forms:options.no')})`} value={model.no} onChange={(no) => onChange({ ...model, no })} error={rowError(1)} readOnly={readOnly} />
            </Group>
            <MarkSelect option={t('inspection-forms:options.no')} value={model.marks.no} byDefault={byDefault[1]} onChange={(no) => onChange({ ...model, marks: { ...model.marks, no } })} readOnly={readOnly} />
          </>
        ) : null}
        {help}
      </Stack>
    );

  if (model.kind === 'states')
    return (
      <Stack gap="xs">
        <Table withRowBorders={false} verticalSpacing={4} data-testid="options-states">
          <Table.Tbody>
            {WIDGET_OPTIONS.map((o, row) => {
              const name = WIDGET_OPTION_LABELS[o][currentLocale()];
              return (
                <Fragment key={o}>
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <PointsInput label={`${pts} (${name})`} value={model.points[o]} onChange={(v) => onChange({ ...model, points: { ...model.points, [o]: v } })} error={rowError(row)} readOnly={readOnly} />
                    </Table.Td>
                  </Table.Tr>
                  <MarkRow columns={2} option={name} value={model.marks[o]} byDefault={byDefault[row]} onChange={(m) => onChange({ ...model, marks: { ...model.marks, [o]: m } })} readOnly={readOnly} />
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
        {help}
      </Stack>
    );

  const n = (i: number) => t('inspection-forms:options.row', { n: i + 1 });
  const remove = (i: number) => onChange(withRows(model, (rows) => rows.filter((_, k) => k !== i)));
  const setRow = (i: number, patch: object) => onChange(withRows(model, (rows) => rows.map((x, k) => (k === i ? { ...x, ...patch } : x))));
  /** A row: its own cells, then its points, its remove button and, below it, its finding mark (the same for choices and ranges). */
  const optionRow = (i: number, r: { points: Points; failing: Mark }, set: (patch: { points?: Points; failing?: Mark }) => void, cells: ReactNode) => (
    <Fragment key={i}>
      <Table.Tr style={{ verticalAlign: 'top' }}>
        {cells}
        <Table.Td>
          <PointsInput label={`${pts} (${n(i)})`} value={r.points} onChange={(points) => set({ points })} readOnly={readOnly} />
        </Table.Td>
        <Table.Td>{readOnly ? null : <RemoveRow label={t('inspection-forms:options.remove', { name: n(i) })} onRemove={() => remove(i)} />}</Table.Td>
      </Table.Tr>
      <MarkRow columns={4} option={n(i)} value={r.failing} byDefault={byDefault[i]} onChange={(failing) => set({ failing })} readOnly={readOnly} />
    </Fragment>
  );
  return (
    <Stack gap="xs" data-testid={`options-${model.kind}`}>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {model.kind === 'choices' ? (
              <>
                <Table.Th>{t('inspection-forms:options.option')}</Table.Th>
                <Table.Th>{t('inspection-forms:options.option_en')}</Table.Th>
              </>
            ) : (
              <>
                <Table.Th>{t('inspection-forms:options.min')}</Table.Th>
                <Table.Th>{t('inspection-forms:options.max')}</Table.Th>
              </>
            )}
            <Table.Th>{pts}</Table.Th>
            <Table.Th w={40}>
              <span className="visually-hidden">{t('common:actions.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {model.kind === 'choices'
            ? model.rows.map((r, i) => {
                const err = rowError(i);
                const set = (patch: Partial<typeof r>) => setRow(i, patch);
                return optionRow(
                  i,
                  r,
                  set,
                  <>
                    <Table.Td>
                      <TextInput aria-label={`${t('inspection-forms:options.option')} (${n(i)})`} size="sm" value={r.option} onChange={(e) => set({ option: e.currentTarget.value })} error={err} readOnly={readOnly} data-testid="option-name" />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`${t('inspection-forms:options.option_en')} (${n(i)})`} size="sm" value={r.option_en} onChange={(e) => set({ option_en: e.currentTarget.value })} readOnly={readOnly} data-testid="option-name-en" />
                    </Table.Td>
                  </>,
                );
              })
            : model.rows.map((r, i) => {
                const err = rowError(i);
                const set = (patch: Partial<typeof r>) => setRow(i, patch);
                const bound = (which: 'min' | 'max') => (
                  <DecimalInput
                    aria-label={`${t(`inspection-forms:options.${which}`)} (${n(i)})`}
                    size="sm"
                    value={r[which]}
                    onChange={(v) => set({ [which]: v })}
                    error={which === 'min' ? err : Boolean(err)}
                    readOnly={readOnly}
                    w={100}
                  />
                );
                return optionRow(
                  i,
                  r,
                  set,
                  <>
                    <Table.Td>{bound('min')}</Table.Td>
                    <Table.Td>{bound('max')}</Table.Td>
                  </>,
                );
              })}
        </Table.Tbody>
      </Table>
      {listError}
      {help}
      {readOnly ? null : (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => (model.kind === 'choices' ? onChange({ ...model, rows: [...model.rows, emptyRow.choices()] }) : onChange({ ...model, rows: [...model.rows, emptyRow.ranges()] }))}
            data-testid="option-add"
          >
            {t(model.kind === 'choices' ? 'inspection-forms:options.add_choice' : 'inspection-forms:options.add_range')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The bin of an option row. */
function RemoveRow({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red.8" onClick={onRemove} aria-label={label} mt={4}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

type RowsModel = Extract<OptionsModel, { rows: unknown }>;
/** The model with its rows changed, keeping its kind (choices or ranges). */
const withRows = (model: RowsModel, change: <R extends object>(rows: R[]) => R[]): RowsModel =>
  model.kind === 'choices' ? { ...model, rows: change(model.rows) } : { ...model, rows: change(model.rows) };
