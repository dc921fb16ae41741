import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { IconGitBranch, IconCopy, IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE_LABELS, type FieldType, type RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { currentLocale } from '../../i18n/index.ts';
import { attributeMessage, messageOf } from './common.ts';
import { FIELDS, SECTIONS, saveOrder } from './formApi.ts';
import { toModel, toThreshold } from './options.ts';
import { accepts, dndId, mapField, mapSection, mapSub, moveInTree, parseDndId, removeNode, replaceNode, type DndKind, type FieldRecord, type FormTree, type NodeKind, type SectionRecord } from './tree.ts';

/** The node the side panel edits. */
export interface Selection {
  kind: NodeKind;
  id: string;
}

interface Props {
  formId: string;
  tree: FormTree;
  /** The editor's tree setter (optimistic changes, undone when the server refuses). */
  setTree: (fn: (t: FormTree) => FormTree) => void;
  readOnly: boolean;
  selected: Selection | null;
  onSelect: (s: Selection | null) => void;
}

let made = 0;
const tempId = () => `new-${++made}`;
const nameOf = (m: SectionRecord | FieldRecord) => m.name ?? '';

/** Items of the kind being moved, and the bodies of empty lists (so that an empty sub-section takes a field). */
const droppable = (activeKind: NodeKind, data: { kind?: DndKind; empty?: boolean } | undefined) =>
  Boolean(data?.kind && accepts(activeKind, data.kind) && (data.kind === activeKind || data.empty));

/** The pointer's target: an item under it, else a list's body under it, else the closest item. */
const collision: CollisionDetection = (args) => {
  const kind = args.active.data.current?.kind as NodeKind;
  const within = pointerWithin({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.data.current?.kind && accepts(kind, c.data.current.kind)) });
  const items = within.filter((c) => parseDndId(c.id)?.kind === kind);
  if (items.length) return items;
  if (within.length) return within;
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => droppable(kind, c.data.current)) });
};

/** The arrows move among the items of the same kind only (a field never lands on a section). */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { droppableContainers } = args.context;
  const kind = args.context.active?.data.current?.kind as NodeKind | undefined;
  if (!kind) return undefined;
  const enabled = droppableContainers.getEnabled().filter((c) => droppable(kind, c.data.current));
  // What sortableKeyboardCoordinates reads of the map: the enabled containers, and one by id.
  const filtered = { getEnabled: () => enabled, get: (id: UniqueIdentifier) => droppableContainers.get(id) } as unknown as typeof droppableContainers;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered } });
};

/**
 * The tree of a form: sections → sub-sections → fields, reordered by dragging the handles (or from
 * the keyboard: Space on a handle, the arrows, Space), a field into another sub-section and a
 * sub-section into another section included, the whole order saved in one call; each item added,
 * renamed or deleted in place, shown at once and undone with the server's message if it refuses.
 */
export function StructureEditor({ formId, tree, setTree, readOnly, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }));
  const [deleting, setDeleting] = useState<{ kind: NodeKind; id: string; name: string } | null>(null);
  const current = useRef(tree);
  current.current = tree;

  const label = (id: string | number) => {
    const ref = parseDndId(id);
    if (!ref) return '';
    const all = current.current.sections;
    const m =
      ref.kind === 'section' || ref.kind === 'section-body'
        ? all.find((s) => s.id === ref.id)?.record
        : ref.kind === 'sub' || ref.kind === 'sub-body'
          ? all.flatMap((s) => s.subSections).find((u) => u.id === ref.id)?.record
          : all.flatMap((s) => s.subSections.flatMap((u) => u.fields)).find((f) => f.id === ref.id);
    return m ? nameOf(m) : '';
  };
  // What a screen reader hears while an item moves, in the user's language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('inspection-forms:dnd.picked', { name: label(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('inspection-forms:dnd.over', { name: label(active.id), target: label(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('inspection-forms:dnd.dropped', { name: label(active.id), target: label(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('inspection-forms:dnd.cancelled', { name: label(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const a = parseDndId(active.id);
    const o = over ? parseDndId(over.id) : null;
    if (!a || !o) return;
    const before = current.current;
    const next = moveInTree(before, a, o);
    if (!next) return;
    setTree(() => next);
    saveOrder(formId, next).catch((e: unknown) => {
      setTree(() => before);
      notify({ color: 'red', title: t('inspection-forms:structure.order_refused'), message: messageOf(e) });
    });
  };

  /** Creates a section or sub-section (parent given): shown at once, then given the server's id. */
  const addSection = async (name: string, parent: string | null) => {
    const id = tempId();
    const record: SectionRecord = { id, type: SECTIONS, name, factor: '1', icon: null };
    setTree((tr) =>
      parent
        ? mapSection(tr, parent, (s) => ({ ...s, subSections: [...s.subSections, { id, record, fields: [] }] }))
        : { sections: [...tr.sections, { id, record, subSections: [] }] },
    );
    try {
      const saved = await api.create<RecordOf<'inspection-form-sections'>>({
        type: SECTIONS,
        attributes: { name },
        relationships: { inspectionForm: { type: 'inspection-forms', value: formId }, ...(parent ? { parent: { type: SECTIONS, value: parent } } : {}) },
      });
      setTree((tr) => replaceNode(tr, id, { kind: parent ? 'sub' : 'section', record: saved }));
      onSelect({ kind: parent ? 'sub' : 'section', id: saved.id });
      return null;
    } catch (e) {
      setTree((tr) => removeNode(tr, parent ? 'sub' : 'section', id));
      return attributeMessage(e, 'name');
    }
  };

  /** Creates a field (a checkbox until its type is chosen in the panel), opened in the panel once saved. */
  const addField = async (name: string, sub: string) => {
    const id = tempId();
    const points_threshold = toThreshold(toModel('CHECK', []));
    setTree((tr) => mapSub(tr, sub, (u) => ({ ...u, fields: [...u.fields, { id, type: FIELDS, name, field_type: 'CHECK' }] })));
    try {
      const saved = await api.create<RecordOf<'inspection-form-section-fields'>>({ type: FIELDS, attributes: { name, field_type: 'CHECK', points_threshold, conditions: [], condition_relation: 'and' }, relationships: { section: { type: SECTIONS, value: sub } } });
      setTree((tr) => replaceNode(tr, id, { kind: 'field', record: saved }));
      onSelect({ kind: 'field', id: saved.id });
      return null;
    } catch (e) {
      setTree((tr) => removeNode(tr, 'field', id));
      return attributeMessage(e, 'name');
    }
  };

  const rename = async (kind: NodeKind, id: string, name: string, old: string) => {
    const set = (n: string) => (tr: FormTree) =>
      kind === 'field' ? mapField(tr, id, (f) => ({ ...f, name: n })) : kind === 'sub' ? mapSub(tr, id, (u) => ({ ...u, record: { ...u.record, name: n } })) : mapSection(tr, id, (s) => ({ ...s, record: { ...s.record, name: n } }));
    setTree(set(name));
    try {
      await api.update({ type: kind === 'field' ? FIELDS : SECTIONS, id, attributes: { name } });
      return null;
    } catch (e) {
      setTree(set(old));
      return attributeMessage(e, 'name');
    }
  };

  const remove = async () => {
    if (!deleting) return;
    const { kind, id } = deleting;
    const before = current.current;
    setDeleting(null);
    setTree((tr) => removeNode(tr, kind, id));
    if (selected?.id === id) onSelect(null);
    try {
      await api.remove(kind === 'field' ? FIELDS : SECTIONS, id);
      notify({ color: 'teal', message: t('common:form.deleted') });
    } catch (e) {
      setTree(() => before);
      notify({ color: 'red', title: t('inspection-forms:structure.delete_refused'), message: messageOf(e) });
    }
  };

  const typeLabel = (type: FieldType | undefined) => (type ? FIELD_TYPE_LABELS[type][currentLocale()] : '');
  const common = { readOnly, selected, onSelect, onRename: rename, onDelete: (kind: NodeKind, id: string, name: string) => setDeleting({ kind, id, name }) };

  return (
    <Stack gap="sm" data-testid="form-structure">
      {tree.sections.length === 0 ? <Text c="dimmed">{t('inspection-forms:structure.empty')}</Text> : null}
      <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('inspection-forms:dnd.instructions') } }}>
        <SortableContext items={tree.sections.map((s) => dndId({ kind: 'section', id: s.id }))} strategy={verticalListSortingStrategy}>
          {tree.sections.map((s) => (
            <Node key={s.id} kind="section" id={s.id} name={nameOf(s.record)} badges={<FactorBadge factor={s.record.factor} />} {...common}>
              <Body kind="section-body" id={s.id} empty={s.subSections.length === 0}>
                <SortableContext items={s.subSections.map((u) => dndId({ kind: 'sub', id: u.id }))} strategy={verticalListSortingStrategy}>
                  {s.subSections.map((u) => (
                    <Node key={u.id} kind="sub" id={u.id} name={nameOf(u.record)} badges={<FactorBadge factor={u.record.factor} />} {...common}>
                      <Body kind="sub-body" id={u.id} empty={u.fields.length === 0}>
                        {u.fields.length === 0 ? (
                          <Text size="sm" c="dimmed" px="xs">
                            {t('inspection-forms:structure.no_fields')}
                          </Text>
                        ) : null}
                        <SortableContext items={u.fields.map((f) => dndId({ kind: 'field', id: f.id }))} strategy={verticalListSortingStrategy}>
                          {u.fields.map((f) => (
                            <Node
                              key={f.id}
                              kind="field"
                              id={f.id}
                              name={nameOf(f)}
                              badges={
                                <>
                                  <Badge variant="light" color="gray" tt="none" size="sm">
                                    {typeLabel(f.field_type)}
                                  </Badge>
                                  {f.conditional_field && f.conditions?.length ? (
                                    <Tooltip label={t('inspection-forms:structure.conditional')}>
                                      <IconGitBranch size={16} aria-label={t('inspection-forms:structure.conditional')} color="var(--mantine-color-grape-8)" />
                                    </Tooltip>
                                  ) : null}
                                  {f.is_copy ? (
                                    <Tooltip label={t('inspection-forms:structure.copy')}>
                                      <IconCopy size={16} aria-label={t('inspection-forms:structure.copy')} color="var(--mantine-color-blue-8)" />
                                    </Tooltip>
                                  ) : null}
                                </>
                              }
                              {...common}
                            />
                          ))}
                        </SortableContext>
                        {readOnly ? null : <InlineAdd label={t('inspection-forms:structure.add_field')} inputLabel={t('inspection-forms:structure.new_field_name', { parent: nameOf(u.record) })} testId={`add-field-${u.id}`} onAdd={(n) => addField(n, u.id)} />}
                      </Body>
                    </Node>
                  ))}
                </SortableContext>
                {readOnly ? null : <InlineAdd label={t('inspection-forms:structure.add_sub')} inputLabel={t('inspection-forms:structure.new_sub_name', { parent: nameOf(s.record) })} testId={`add-sub-${s.id}`} onAdd={(n) => addSection(n, s.id)} />}
              </Body>
            </Node>
          ))}
        </SortableContext>
      </DndContext>
      {readOnly ? null : <InlineAdd label={t('inspection-forms:structure.add_section')} inputLabel={t('inspection-forms:structure.new_section_name')} testId="add-section" onAdd={(n) => addSection(n, null)} />}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('common:form.delete_title')} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Text fw={600} data-testid="node-delete-question">
          {deleting ? t(`inspection-forms:structure.delete_${deleting.kind}`, { name: deleting.name }) : ''}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red.8" onClick={() => void remove()} data-testid="node-delete-confirm">
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function FactorBadge({ factor }: { factor: string | undefined }) {
  const { t } = useTranslation();
  const n = Number(factor ?? 1);
  if (!Number.isFinite(n) || n === 1) return null;
  return (
    <Badge variant="outline" color="gray" tt="none" size="sm">
      {t('inspection-forms:structure.factor', { factor: n.toLocaleString(currentLocale()) })}
    </Badge>
  );
}

/** A list's body: where an item lands when its list is empty (or dropped past its last item). */
function Body({ kind, id, empty, children }: { kind: 'section-body' | 'sub-body'; id: string; empty: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: dndId({ kind, id }), data: { kind, empty } });
  return (
    <Stack ref={setNodeRef} gap={6} pl={{ base: 'xs', sm: 'md' }} py={4} style={{ borderRadius: 6, outline: isOver ? '2px dashed var(--mantine-color-blue-6)' : undefined }}>
      {children}
    </Stack>
  );
}

interface NodeProps {
  kind: NodeKind;
  id: string;
  name: string;
  badges?: ReactNode;
  children?: ReactNode;
  readOnly: boolean;
  selected: Selection | null;
  onSelect: (s: Selection) => void;
  onRename: (kind: NodeKind, id: string, name: string, old: string) => Promise<string | null>;
  onDelete: (kind: NodeKind, id: string, name: string) => void;
}

/** A section, sub-section or field: its handle, its name (opens it in the panel), rename and delete. */
function Node({ kind, id, name, badges, children, readOnly, selected, onSelect, onRename, onDelete }: NodeProps) {
  const { t } = useTranslation();
  const pending = id.startsWith('new-');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, isOver } = useSortable({ id: dndId({ kind, id }), data: { kind }, disabled: readOnly || pending });
  const [editing, setEditing] = useState(false);
  const isSelected = selected?.kind === kind && selected.id === id;
  const what = t(`inspection-forms:structure.kind_${kind}`);
  const header = (
    <Group gap={6} wrap="nowrap" justify="space-between" data-testid={`node-${kind}`} data-name={name}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {readOnly ? null : (
          <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray.7" aria-label={t('inspection-forms:dnd.move', { what, name })} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} data-testid="node-handle">
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        {editing ? (
          <RenameInput label={t('inspection-forms:structure.rename_label', { what, name })} initial={name} onCancel={() => setEditing(false)} onSave={async (n) => {
            const problem = n === name ? null : await onRename(kind, id, n, name);
            if (!problem) setEditing(false);
            return problem;
          }} />
        ) : (
          <UnstyledButton onClick={() => onSelect({ kind, id })} aria-pressed={isSelected} data-testid="node-open" style={{ minWidth: 0 }}>
            <Text fw={kind === 'field' ? 500 : 700} size={kind === 'section' ? 'md' : 'sm'} truncate c={isSelected ? 'blue.8' : undefined} td={isSelected ? 'underline' : undefined}>
              {name}
            </Text>
          </UnstyledButton>
        )}
        {badges}
      </Group>
      {readOnly || editing ? null : (
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray.7" onClick={() => setEditing(true)} aria-label={t('inspection-forms:structure.rename', { what, name })} disabled={pending} data-testid="node-rename">
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red.8" onClick={() => onDelete(kind, id, name)} aria-label={t('inspection-forms:structure.delete', { what, name })} disabled={pending} data-testid="node-delete">
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
  const style = { transform: CSS.Translate.toString(transform), transition, position: 'relative' as const, zIndex: isDragging ? 5 : undefined, opacity: pending ? 0.6 : 1 };
  const highlight = isOver && !isDragging ? 'var(--mantine-color-blue-6)' : isSelected ? 'var(--mantine-color-blue-4)' : undefined;
  return (
    <Paper ref={setNodeRef} style={{ ...style, borderColor: highlight }} withBorder={kind !== 'field' || isSelected || Boolean(highlight)} p={kind === 'field' ? 4 : 'xs'} radius="md" bg={kind === 'section' ? undefined : kind === 'sub' ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-body)'} data-node={kind} data-id={id}>
      {header}
      {children}
    </Paper>
  );
}

function RenameInput({ label, initial, onSave, onCancel }: { label: string; initial: string; onSave: (name: string) => Promise<string | null>; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const n = value.trim();
    if (!n) return onCancel();
    setError(await onSave(n));
  };
  return (
    <NameInput label={label} value={value} error={error} onChange={setValue} onSave={() => void save()} onCancel={onCancel} onBlur={() => void save()} testId="node-rename-input" />
  );
}

/** A name typed in place (a node renamed, one added): Enter saves (without submitting a surrounding form), Escape gives up. */
function NameInput({
  label,
  placeholder,
  value,
  error,
  onChange,
  onSave,
  onCancel,
  onBlur,
  testId,
}: {
  label: string;
  placeholder?: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onBlur?: () => void;
  testId: string;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      size="xs"
      value={value}
      error={error}
      autoFocus
      style={{ flex: 1 }}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onSave();
        }
        if (e.key === 'Escape') onCancel();
      }}
      onBlur={onBlur}
      data-testid={testId}
    />
  );
}

/** "Add a …": a button that becomes a name input; Enter saves (the server's message stays under it if refused), Escape closes. */
function InlineAdd({ label, inputLabel, testId, onAdd }: { label: string; inputLabel: string; testId: string; onAdd: (name: string) => Promise<string | null> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const n = value.trim();
    if (!n) return setError(t('validation:required'));
    setOpen(false);
    const problem = await onAdd(n);
    if (problem) {
      setError(problem);
      setOpen(true);
    } else setValue('');
  };
  if (!open)
    return (
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => { setOpen(true); setError(null); }} data-testid={testId}>
          {label}
        </Button>
      </Group>
    );
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NameInput label={inputLabel} placeholder={inputLabel} value={value} error={error} onChange={setValue} onSave={() => void submit()} onCancel={() => setOpen(false)} testId={`${testId}-input`} />
      <Button size="xs" onClick={() => void submit()} data-testid={`${testId}-save`}>
        {t('common:actions.add')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setOpen(false)}>
        {t('common:actions.cancel')}
      </Button>
    </Group>
  );
}
