import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { Model } from '../../api/jsonapi.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { RelationSelect } from './RelationSelect.tsx';
import { DecimalInput } from '../DecimalInput.tsx';
import { fieldDecimals, rangeProblem, type FieldDef } from './formModel.ts';
import { newLine, type LineValues, type LinesConfig } from './lines.ts';

interface Props {
  config: LinesConfig;
  /** The lines, as the form holds them, and the form's setter of the whole list. */
  value: LineValues[];
  onChange: (lines: LineValues[]) => void;
  label: string;
  /** The form's errors of the list: per line and field (client checks and the server's nested pointers). */
  errors?: FieldErrors<FieldValues>[] | { message?: string };
}

/** A row's key for React and the drag and drop: the server's id, or one made for a new line. */
const keyOf = (line: LineValues, i: number): string => String(line.key ?? line.id ?? `new-${i}`);
let made = 0;

/**
 * Lines of a child collection inside the parent's form (a supplier's products): add, remove,
 * reorder (drag the handle, or from the keyboard: Space on the handle, arrows, Space), each cell
 * checked by its field's rules (a number out of its declared bounds as it is typed) and showing the
 * server's error of that line and field.
 */
export function LineEditor({ config, value, onChange, label, errors }: Props) {
  const { t } = useTranslation();
  const errText = useErrorText();
  const lines = value ?? [];
  const keys = lines.map(keyOf);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: UniqueIdentifier) => t(config.line, { n: keys.indexOf(String(id)) + 1 });
  // What a screen reader hears while a line moves, in the user's language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('common:lines.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('common:lines.over', { name: nameOf(active.id), position: keys.indexOf(String(over.id)) + 1 }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('common:lines.dropped', { name: nameOf(active.id), position: keys.indexOf(String(over.id)) + 1 }) : undefined),
    onDragCancel: ({ active }) => t('common:lines.cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(arrayMove(lines, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))));
  };
  const set = (i: number, field: string, v: unknown) => onChange(lines.map((l, k) => (k === i ? { ...l, [field]: v } : l)));
  const listError = errors && !Array.isArray(errors) ? errText(errors.message) : undefined;
  const cellError = (i: number, field: string) => {
    const e = Array.isArray(errors) ? (errors[i]?.[field] as { message?: string } | undefined) : undefined;
    return errText(e?.message);
  };

  return (
    // A fieldset is as wide as its content unless told otherwise: min-width 0 lets the table scroll in it.
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }} data-testid={`lines-${config.type}`}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {label}
      </Text>
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(config.empty)}
        </Text>
      ) : (
        /* The context writes its screen reader texts beside the table, where a div may go. */
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('common:lines.instructions') } }}>
          {/* Focusable: a keyboard scrolls a wide, read-only list sideways. */}
          <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': label } }}>
            <Table verticalSpacing={4} horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {config.orderable ? <Table.Th w={36} /> : null}
                  {config.fields.map((f) => (
                    <Table.Th key={f.name} ta={f.kind === 'money' || f.kind === 'number' ? 'right' : undefined}>
                      {t(f.label)}
                      {f.required ? <Text span c="red.9" aria-hidden> *</Text> : null}
                    </Table.Th>
                  ))}
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <SortableContext items={keys} strategy={verticalListSortingStrategy}>
                  {lines.map((line, i) => (
                    <LineRow key={keys[i]} id={keys[i]} orderable={Boolean(config.orderable)} name={t(config.line, { n: i + 1 })} onRemove={config.fixed ? undefined : () => onChange(lines.filter((_, k) => k !== i))}>
                      {config.fields.map((f) => (
                        <Table.Td key={f.name} style={{ verticalAlign: 'top' }} ta={f.readOnly && (f.kind === 'money' || f.kind === 'number') ? 'right' : undefined}>
                          {f.readOnly ? (
                            <Text size="sm" pt={6} data-line-field={f.name}>
                              {f.view ? f.view(line as never) : shownValue(f, f.kind === 'money' ? inCents(line[f.name]) : line[f.name], t)}
                            </Text>
                          ) : (
                            <Cell
                              field={f}
                              value={line[f.name]}
                              onChange={(v) => set(i, f.name, v)}
                              // A number out of its bounds is said as it is typed, before any save.
                              error={errText(rangeProblem(f, line[f.name]) ?? undefined) ?? cellError(i, f.name)}
                              label={`${t(f.label)} (${t(config.line, { n: i + 1 })})`}
                            />
                          )}
                        </Table.Td>
                      ))}
                    </LineRow>
                  ))}
                </SortableContext>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </DndContext>
      )}
      {listError ? (
        <Text c="red.9" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      {config.fixed ? null : <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...lines, { ...newLine(config), key: `new-${++made}` }])} data-testid={`lines-add-${config.type}`}>
          {t(config.add)}
        </Button>
      </Group>}
    </Stack>
  );
}

function LineRow({ id, orderable, name, onRemove, children }: { id: string; orderable: boolean; name: string; onRemove?: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !orderable });
  return (
    <Table.Tr ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, background: isDragging ? 'var(--mantine-color-body)' : undefined }} data-line={id}>
      {orderable ? (
        <Table.Td style={{ verticalAlign: 'top' }}>
          <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray.7" mt={4} aria-label={t('common:lines.move', { name })} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} data-testid="line-handle">
            <IconGripVertical size={16} />
          </ActionIcon>
        </Table.Td>
      ) : null}
      {children}
      <Table.Td style={{ verticalAlign: 'top' }}>
        {onRemove ? (
          <ActionIcon variant="subtle" color="red.8" mt={4} onClick={onRemove} aria-label={t('common:lines.remove', { name })} data-testid="line-remove">
            <IconTrash size={16} />
          </ActionIcon>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** One cell's input, by its field's kind; its label is for assistive technology (the column says it). */
function Cell({ field, value, onChange, error, label }: { field: FieldDef; value: unknown; onChange: (v: unknown) => void; error?: string; label: string }) {
  const { t } = useTranslation();
  const common = { 'aria-label': label, error, required: field.required, size: 'sm' as const, 'data-line-field': field.name };
  switch (field.kind) {
    case 'number':
    case 'money':
      return (
        <DecimalInput
          {...common}
          value={value as number | ''}
          onChange={onChange}
          decimals={fieldDecimals(field)}
          money={field.kind === 'money'}
          // The bounds are shown as errors (rangeProblem), never applied: clamping would change what was typed unseen.
          styles={{ input: { textAlign: 'right' } }}
        />
      );
    case 'switch':
      return <Checkbox aria-label={label} checked={Boolean(value)} onChange={(e) => onChange(e.currentTarget.checked)} mt={8} size="md" data-line-field={field.name} />;
    case 'textarea':
      return <Textarea {...common} value={(value as string) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={1} miw={180} />;
    case 'relation':
      return (
        <div data-line-field={field.name}>
          <RelationSelect relation={field.relation!} label={label} hideLabel value={(value as string | string[] | null) ?? null} onChange={onChange} error={error} required={field.required} name={field.name} />
        </div>
      );
    case 'select':
      return (
        <Select
          {...common}
          value={(value as string) || null}
          onChange={(v) => onChange(v ?? '')}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))}
          clearable={!field.required}
        />
      );
    default:
      return <TextInput {...common} value={(value as string) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** The form holds money in dollars; a record, in cents. */
const inCents = (dollars: unknown) => (dollars === '' || dollars === null || dollars === undefined ? dollars : Math.round(Number(dollars) * 100));

/** A line's value as text, as a record holds it (money in cents). */
function shownValue(f: FieldDef, v: unknown, t: (k: string) => string): string {
  if (v === null || v === undefined || v === '') return '';
  if (f.kind === 'money') return formatMoney(Number(v), currentLocale());
  if (f.kind === 'number') return formatNumber(Number(v), currentLocale());
  if (f.kind === 'switch') return t(v ? 'common:boolean.true' : 'common:boolean.false');
  if (f.kind === 'select') {
    const o = f.options?.find((x) => x.value === v);
    return o ? (o.raw ? o.label : t(o.label)) : String(v);
  }
  return String(v);
}

/** The lines in view mode: a table of their values. */
export function LinesView({ config, lines }: { config: LinesConfig; lines: Model[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <Text c="dimmed">{t(config.empty)}</Text>;
  const shown = (f: FieldDef, v: unknown) => shownValue(f, v, t);
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table data-testid={`lines-view-${config.type}`}>
        <Table.Thead>
          <Table.Tr>
            {config.fields.map((f) => (
              <Table.Th key={f.name} ta={f.kind === 'money' || f.kind === 'number' ? 'right' : undefined}>
                {t(f.label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id}>
              {config.fields.map((f) => (
                <Table.Td key={f.name} ta={f.kind === 'money' || f.kind === 'number' ? 'right' : undefined}>
                  {f.view ? f.view(l) : shown(f, l[f.name])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
