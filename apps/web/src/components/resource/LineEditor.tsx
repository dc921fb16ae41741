import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
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
import { lineParts, newLine, type LineValues, type LinesConfig } from './lines.ts';

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

/** The open details with `key`'s opened, or closed if it was open. */
const toggled = (open: ReadonlySet<string>, key: string): ReadonlySet<string> => {
  const next = new Set(open);
  if (!next.delete(key)) next.add(key);
  return next;
};

const numeric = (f: FieldDef) => f.kind === 'money' || f.kind === 'number';
/**
 * A row's column widths (a fixed table layout): numbers and choices take what their values need,
 * the text fields share the rest, so the row fits the page at 1024 px as at 1440 px.
 */
const WIDTHS: Partial<Record<FieldDef['kind'], number>> = { number: 92, money: 116, switch: 56, select: 128, relation: 160 };

/**
 * Lines of a child collection inside the parent's form (a supplier's products, an estimate's items):
 * add, remove, reorder (drag the handle, or from the keyboard: Space on the handle, arrows, Space),
 * each cell checked by its field's rules (a number out of its declared bounds as it is typed) and
 * showing the server's error of that line and field. A config with a `row` shows those fields in
 * the line's row and the others in its detail, opened under the row (opened by itself on an error).
 */
export function LineEditor({ config, value, onChange, label, errors }: Props) {
  const { t } = useTranslation();
  const errText = useErrorText();
  const lines = value ?? [];
  const keys = lines.map(keyOf);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
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
  const { detail } = lineParts(config);
  const add = () => {
    const key = `new-${++made}`;
    onChange([...lines, { ...newLine(config), key }]);
    // A new line's detail is open: what it needs may be there.
    if (detail.length) setOpened((o) => new Set(o).add(key));
  };

  const cell = (line: LineValues, i: number, f: FieldDef, name: string) =>
    f.readOnly ? (
      <Text size="sm" pt={6} data-line-field={f.name}>
        {f.view ? f.view(line as never) : shownValue(f, f.kind === 'money' ? inCents(line[f.name]) : line[f.name], t, line.related) || NONE}
      </Text>
    ) : (
      <Cell
        field={f}
        value={line[f.name]}
        known={line.related?.[f.name]}
        onChange={(v) => set(i, f.name, v)}
        // A number out of its bounds is said as it is typed, before any save.
        error={errText(rangeProblem(f, line[f.name]) ?? undefined) ?? cellError(i, f.name)}
        label={`${t(f.label)} (${name})`}
      />
    );

  return (
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
          <LinesTable
            config={config}
            label={label}
            testId={`lines-table-${config.type}`}
            editing
            orderable={Boolean(config.orderable)}
            removable={!config.fixed}
            lines={lines.map((line, i) => ({
              key: keys[i],
              name: t(config.line, { n: i + 1 }),
              cell: (f) => cell(line, i, f, t(config.line, { n: i + 1 })),
              // A line whose detail holds an error shows it.
              open: opened.has(keys[i]) || detail.some((f) => Boolean(cellError(i, f.name) ?? rangeProblem(f, line[f.name]))),
              onRemove: () => onChange(lines.filter((_, k) => k !== i)),
            }))}
            onToggle={(key) =>
              setOpened((o) => toggled(o, key))
            }
          />
        </DndContext>
      )}
      {listError ? (
        <Text c="red.9" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      {config.fixed ? null : (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add} data-testid={`lines-add-${config.type}`}>
            {t(config.add)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface TableLine {
  key: string;
  /** The line's name for assistive technology ("Élément 2"). */
  name: string;
  cell: (f: FieldDef) => ReactNode;
  open: boolean;
  onRemove?: () => void;
}

/**
 * The lines' table, edited or read: the row's fields in columns, the detail's under the row when
 * opened, as labelled values in a grid. Without a `row` in the config it is the plain table of old
 * (every field a column), which may scroll sideways when narrow.
 */
/** `editing`: the lines' inputs are in the cells (the required ones are marked); else their values. */
function LinesTable({ config, label, testId, lines, editing, orderable, removable, onToggle }: { config: LinesConfig; label: string; testId: string; lines: TableLine[]; editing: boolean; orderable: boolean; removable: boolean; onToggle: (key: string) => void }) {
  const { t } = useTranslation();
  const { row, detail } = lineParts(config);
  const fits = Boolean(config.row);
  const columns = row.length + (orderable ? 1 : 0) + (detail.length ? 1 : 0) + (removable ? 1 : 0);
  const table = (
    <Table verticalSpacing={4} horizontalSpacing="xs" layout={fits ? 'fixed' : undefined} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {orderable ? <Table.Th w={36} /> : null}
          {row.map((f) => (
            <Table.Th key={f.name} ta={numeric(f) ? 'right' : undefined} w={fits ? (f.width ?? WIDTHS[f.kind]) : undefined}>
              {t(f.label)}
              {editing && f.required && !f.readOnly ? <Text span c="red.9" aria-hidden> *</Text> : null}
            </Table.Th>
          ))}
          {detail.length ? (
            <Table.Th w={40}>
              <VisuallyHidden>{t('common:lines.details')}</VisuallyHidden>
            </Table.Th>
          ) : null}
          {removable ? <Table.Th w={40} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <SortableContext items={lines.map((l) => l.key)} strategy={verticalListSortingStrategy}>
          {lines.map((line) => (
            <LineRow key={line.key} id={line.key} orderable={orderable} name={line.name} onRemove={removable ? line.onRemove : undefined} removable={removable}
              toggle={detail.length ? { open: line.open, onToggle: () => onToggle(line.key) } : undefined}
              detail={detail.length && line.open ? (
                <Table.Tr data-line-detail={line.key}>
                  <Table.Td colSpan={columns} style={{ background: 'var(--mantine-color-gray-0)' }} id={`line-detail-${line.key}`}>
                    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs" py={4}>
                      {detail.map((f) => (
                        <div key={f.name}>
                          <Text size="xs" c="dimmed" fw={500} aria-hidden>
                            {t(f.label)}
                          </Text>
                          {line.cell(f)}
                        </div>
                      ))}
                    </SimpleGrid>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            >
              {row.map((f) => (
                <Table.Td key={f.name} style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }} ta={numeric(f) ? 'right' : undefined}>
                  {line.cell(f)}
                </Table.Td>
              ))}
            </LineRow>
          ))}
        </SortableContext>
      </Table.Tbody>
    </Table>
  );
  // A table whose every field is a column may be wider than the page: it scrolls, and a keyboard scrolls it too.
  return fits ? table : <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': label } }}>{table}</Table.ScrollContainer>;
}

function LineRow({ id, orderable, name, onRemove, removable, toggle, detail, children }: { id: string; orderable: boolean; name: string; onRemove?: () => void; removable: boolean; toggle?: { open: boolean; onToggle: () => void }; detail: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !orderable });
  return (
    <>
      <Table.Tr ref={setNodeRef} data-testid="line-row" style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, background: isDragging ? 'var(--mantine-color-body)' : undefined }} data-line={id}>
        {orderable ? (
          <Table.Td style={{ verticalAlign: 'top' }}>
            <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray.7" mt={4} aria-label={t('common:lines.move', { name })} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} data-testid="line-handle">
              <IconGripVertical size={16} />
            </ActionIcon>
          </Table.Td>
        ) : null}
        {children}
        {toggle ? (
          <Table.Td style={{ verticalAlign: 'top' }}>
            <ActionIcon variant="subtle" color="gray.8" mt={4} onClick={toggle.onToggle} aria-expanded={toggle.open} aria-controls={toggle.open ? `line-detail-${id}` : undefined} aria-label={t('common:lines.detail', { name })} data-testid="line-toggle">
              {toggle.open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            </ActionIcon>
          </Table.Td>
        ) : null}
        {removable ? (
          <Table.Td style={{ verticalAlign: 'top' }}>
            {onRemove ? (
              <ActionIcon variant="subtle" color="red.8" mt={4} onClick={onRemove} aria-label={t('common:lines.remove', { name })} data-testid="line-remove">
                <IconTrash size={16} />
              </ActionIcon>
            ) : null}
          </Table.Td>
        ) : null}
      </Table.Tr>
      {detail}
    </>
  );
}

/** One cell's input, by its field's kind; its label is for assistive technology (the column says it). */
function Cell({ field, value, known, onChange, error, label }: { field: FieldDef; value: unknown; known?: unknown; onChange: (v: unknown) => void; error?: string; label: string }) {
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
      return <Textarea {...common} value={(value as string) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={1} />;
    case 'relation':
      return (
        <div data-line-field={field.name}>
          <RelationSelect relation={field.relation!} label={label} hideLabel value={(value as string | string[] | null) ?? null} onChange={onChange} error={error} required={field.required} name={field.name} known={modelsOf(known)} />
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

/** What an empty value reads as: a dash, not a blank under its label. */
const NONE = '—';

/** The form holds money in dollars; a record, in cents. */
const inCents = (dollars: unknown) => (dollars === '' || dollars === null || dollars === undefined ? dollars : Math.round(Number(dollars) * 100));

/** The related records a line was read with (one, several or none), as a list. */
const modelsOf = (v: unknown): Model[] => (Array.isArray(v) ? (v as Model[]) : v && typeof v === 'object' ? [v as Model] : []);

/**
 * A line's value as text, as a record holds it (money in cents), in the user's locale ("2,5" in
 * French); a related record by its name (the record itself, or the one the line was read with),
 * never its id.
 */
function shownValue(f: FieldDef, v: unknown, t: (k: string) => string, related?: Readonly<Record<string, unknown>>): string {
  if (v === null || v === undefined || v === '') return '';
  if (f.kind === 'money') return formatMoney(Number(v), currentLocale());
  if (f.kind === 'number') return formatNumber(Number(v), currentLocale());
  if (f.kind === 'switch') return t(v ? 'common:boolean.true' : 'common:boolean.false');
  if (f.kind === 'relation') {
    const ids = new Set((Array.isArray(v) ? v : [v]).map((x) => (x && typeof x === 'object' ? (x as Model).id : String(x))));
    const known = [...modelsOf(v), ...modelsOf(related && Object.hasOwn(related, f.name) ? related[f.name] : undefined)];
    return [...new Map(known.filter((m) => ids.has(m.id)).map((m) => [m.id, f.relation?.labelOf(m) ?? ''])).values()].join(', ');
  }
  if (f.kind === 'select') {
    const o = f.options?.find((x) => x.value === v);
    return o ? (o.raw ? o.label : t(o.label)) : String(v);
  }
  return String(v);
}

/** The lines in view mode: their values, the row's and the detail's as the editor places them. */
export function LinesView({ config, lines, label }: { config: LinesConfig; lines: Model[]; label: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  if (lines.length === 0) return <Text c="dimmed">{t(config.empty)}</Text>;
  return (
    <LinesTable
      config={config}
      label={label}
      testId={`lines-view-${config.type}`}
      editing={false}
      orderable={false}
      removable={false}
      lines={lines.map((l, i) => ({
        key: l.id,
        name: t(config.line, { n: i + 1 }),
        cell: (f) => <div data-line-field={f.name}>{f.view ? f.view(l) : shownValue(f, l[f.name], t) || NONE}</div>,
        open: opened.has(l.id),
      }))}
      onToggle={(key) =>
        setOpened((o) => toggled(o, key))
      }
    />
  );
}
