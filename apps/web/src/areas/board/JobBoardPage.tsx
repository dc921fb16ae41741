import { useMemo, useState, type ReactNode } from 'react';
import { DndContext, KeyboardSensor, closestCenter, pointerWithin, type CollisionDetection, PointerSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { ActionIcon, Alert, Anchor, Avatar, Badge, Box, Button, Group, Menu, Modal, Paper, ScrollArea, SegmentedControl, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDots, IconGripVertical } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { ApiError, errorMessage, type Model } from '../../api/jsonapi.ts';
import { initials } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { notify } from '../../app/notify.tsx';
import { hrefOf, typeText } from '../../app/resources.ts';
import { PromisedTime } from '../../components/PromisedTime.tsx';
import { byFullName, customerLabel, vehicleOption } from '../../components/resource/names.ts';
import { currentLocale, translateError } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { BOARD_TYPES, assignBody, canAssign, cardIsLate, columnsOf, dropAction, isTechnicians, peopleOf, promisedOf, replacedBy, type BoardType } from './boardModel.ts';
import { DialogFooter } from '../../components/DialogFooter.tsx';

/** The board reads itself again on this beat (a wall screen nobody touches stays current). */
const REFRESH_MS = 30_000;
/** At most this many cards of a type: the day's work of a dealership, not its history. */
const CARDS = 200;

/** Where the pointer is decides (a card is larger than a technician's name); the keyboard, without a pointer, takes the nearest. */
const underPointer: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

/** What the user asked for and the board must confirm before it runs: a confirmed action, or an assignment that takes the work from someone. */
type Pending = { card: Model; kind: 'action'; action: string } | { card: Model; kind: 'assign'; user: Model; replaced: Model[] };

/**
 * /inspecpro/board: today's work of one type (repairs by default) as columns by state, the
 * technicians beside them. Drag a card to a column to run the workflow's action that leads there, or
 * onto a technician to give it to them; each card's menu offers the same without dragging (a tablet,
 * a keyboard). The server applies the workflow's rules; a refusal is said, and the board reads again.
 */
export default function JobBoardPage() {
  const { t } = useTranslation();
  const { can } = useMe();
  const types = BOARD_TYPES.filter((b) => can(b.permission));
  const [typeName, setTypeName] = useState(types[0]?.type ?? 'repairs');
  const board = types.find((b) => b.type === typeName) ?? types[0];
  if (!board) return <Alert color="yellow">{t('board:nothing')}</Alert>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('board:title')}
        </Title>
        {types.length > 1 ? (
          <SegmentedControl
            value={board.type}
            onChange={(v) => setTypeName(v as typeof typeName)}
            data={types.map((b) => ({ value: b.type, label: t(typeText(b.type, 'title')) }))}
            aria-label={t('board:type')}
            data-testid="board-type"
          />
        ) : null}
      </Group>
      <Board key={board.type} board={board} />
    </Stack>
  );
}

function Board({ board }: { board: BoardType }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const queryClient = useQueryClient();
  const [technician, setTechnician] = useState<string | null>(null);
  const [lateOnly, setLateOnly] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const cards = useList(
    board.type,
    { page: { size: CARDS }, sort: board.promised ?? 'created_at', include: board.include, filter: { state: [...board.columns] } },
    { refetchInterval: REFRESH_MS, meta: { silent: true } },
  );
  const users = useList('users', { page: { size: 100 }, sort: 'firstname', filter: { active: true }, fields: { users: 'firstname,lastname,email,profile_image' } }, { meta: { silent: true } });
  const technicians = users.data?.data ?? [];
  const shown = (cards.data?.data ?? []).filter((c) => (!technician || isTechnicians(c, technician)) && (!lateOnly || cardIsLate(board, c)));
  const columns = useMemo(() => columnsOf(board, shown), [board, shown]);
  const late = (cards.data?.data ?? []).filter((c) => cardIsLate(board, c)).length;

  const run = useMutation({
    meta: { silent: true },
    mutationFn: async (p: Pending) => {
      const action = p.kind === 'assign' ? 'assign' : p.action;
      const path = `/${board.type}/${encodeURIComponent(p.card.id)}/${board.workflow.route(action)}`;
      return api.action(path, 'POST', p.kind === 'assign' ? assignBody(board, p.card, p.user.id) : { data: { type: board.type, id: p.card.id } });
    },
    onSuccess: (_r, p) => {
      const code = String(p.card.code ?? '');
      notify({ color: 'teal', message: p.kind === 'assign' ? t('board:assigned', { code, name: byFullName(p.user) }) : t('board:done', { code, action: board.workflow.spec(p.action).label[locale] }) });
    },
    onError: (e) => notify({ color: 'red', message: e instanceof ApiError ? errorMessage(e.errors, translateError) : t('errors:SOMETHING_WENT_WRONG') }),
    onSettled: () => {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: [board.type] });
    },
  });

  /** Runs at once, or asks first when the workflow confirms the action or the assignment takes the work from someone. */
  const ask = (p: Pending) => {
    if ((p.kind === 'action' && board.workflow.spec(p.action).confirm) || (p.kind === 'assign' && p.replaced.length > 0)) setPending(p);
    else run.mutate(p);
  };
  const assign = (card: Model, user: Model) => ask({ card, kind: 'assign', user, replaced: replacedBy(card, user.id) });

  const sensors = useSensors(
    // A small move starts a drag, so a tap still opens the card's link or menu.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );
  const byId = new Map((cards.data?.data ?? []).map((c) => [c.id, c]));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = byId.get(String(active.id));
    if (!card || !over) return;
    const [kind, target] = String(over.id).split(':', 2) as ['state' | 'user', string];
    if (kind === 'user') {
      const user = technicians.find((u) => u.id === target);
      if (!user) return;
      if (!canAssign(card)) return notify({ color: 'yellow', message: t('board:cannot_assign', { code: String(card.code ?? '') }) });
      return assign(card, user);
    }
    if (target === card.state) return;
    const action = dropAction(board, card, target);
    if (!action) return notify({ color: 'yellow', message: t('board:cannot_move', { code: String(card.code ?? ''), state: board.workflow.stateLabels[target]?.[locale] ?? target }) });
    ask({ card, kind: 'action', action });
  };

  const technicianOptions = technicians.map((u) => ({ value: u.id, label: byFullName(u) }));
  return (
    <DndContext sensors={sensors} collisionDetection={underPointer} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: t('board:drag_help') } }}>
      <Group gap="md" wrap="wrap" align="flex-end">
        <Select label={t('board:technician')} placeholder={t('board:everyone')} data={technicianOptions} value={technician} onChange={setTechnician} clearable searchable w={240} data-testid="board-technician" />
        <Switch label={t('board:late_only')} checked={lateOnly} onChange={(e) => setLateOnly(e.currentTarget.checked)} data-testid="board-late-only" />
        {late > 0 ? (
          <Badge color="red" variant="light" size="lg" data-testid="board-late">
            {t('board:late', { count: late })}
          </Badge>
        ) : null}
        <Text size="sm" c="dimmed" ml="auto" aria-live="polite">
          {cards.dataUpdatedAt ? t('board:updated', { time: formatDateTime(cards.dataUpdatedAt, locale) }) : ''}
        </Text>
      </Group>
      <Technicians users={technicians} />
      {cards.isError ? <Alert color="red">{t('errors:SOMETHING_WENT_WRONG')}</Alert> : null}
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="board-columns">
          {board.columns.map((state) => (
            <Column key={state} board={board} state={state} count={columns.get(state)?.length ?? 0} loading={cards.isPending}>
              {(columns.get(state) ?? []).map((card) => (
                <Card key={card.id} board={board} card={card} technicians={technicians} onAction={(action) => ask({ card, kind: 'action', action })} onAssign={(user) => assign(card, user)} />
              ))}
            </Column>
          ))}
        </Group>
      </ScrollArea>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('board:confirm_title')} centered>
        {pending ? (
          <Stack>
            <Text>
              {pending.kind === 'assign'
                ? t('board:confirm_reassign', { code: String(pending.card.code ?? ''), name: byFullName(pending.user), others: pending.replaced.map(byFullName).join(', ') })
                : t('board:confirm_action', { code: String(pending.card.code ?? ''), action: board.workflow.spec(pending.action).label[locale] })}
            </Text>
            <DialogFooter onCancel={() => setPending(null)}>
              <Button color={pending.kind === 'action' ? board.workflow.spec(pending.action).color : undefined} loading={run.isPending} onClick={() => run.mutate(pending)} data-testid="board-confirm">
                {t('common:actions.confirm')}
              </Button>
            </DialogFooter>
          </Stack>
        ) : null}
      </Modal>
    </DndContext>
  );
}

/** The technicians, each a place to drop a card on to give it to them. */
function Technicians({ users }: { users: Model[] }) {
  const { t } = useTranslation();
  if (users.length === 0) return null;
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="sm" fw={600} mb={6}>
        {t('board:technicians')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {users.map((u) => (
          <Technician key={u.id} user={u} />
        ))}
      </Group>
    </Paper>
  );
}

function Technician({ user }: { user: Model }) {
  const { isOver, setNodeRef } = useDroppable({ id: `user:${user.id}` });
  const name = byFullName(user);
  return (
    <Group ref={setNodeRef} gap={6} px="xs" py={4} bd={`1px ${isOver ? 'solid var(--mantine-color-blue-6)' : 'dashed var(--mantine-color-gray-4)'}`} bg={isOver ? 'blue.0' : undefined} style={{ borderRadius: 999 }} data-testid="board-technician-target" data-user={user.id}>
      <Avatar size="sm" radius="xl" color="blue.8" variant="filled" src={(user.profile_image as string | null) || null} alt="">
        {initials({ firstname: String(user.firstname ?? ''), lastname: String(user.lastname ?? ''), email: String(user.email ?? '') })}
      </Avatar>
      <Text size="sm">{name}</Text>
    </Group>
  );
}

function Column({ board, state, count, loading, children }: { board: BoardType; state: string; count: number; loading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { isOver, setNodeRef } = useDroppable({ id: `state:${state}` });
  const label = board.workflow.stateLabels[state]?.[currentLocale()] ?? state;
  return (
    <Paper ref={setNodeRef} withBorder radius="md" p="xs" w={250} miw={230} bg={isOver ? 'blue.0' : 'gray.0'} style={{ flexShrink: 0 }} data-testid="board-column" data-state={state} aria-label={label}>
      <Group justify="space-between" mb="xs">
        <Badge color={board.workflow.stateColors[state]} variant="light">
          {label}
        </Badge>
        <Text size="sm" c="dimmed" data-count>
          {count}
        </Text>
      </Group>
      <Stack gap="xs" mih={120}>
        {children}
        {!loading && count === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('board:empty')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Card({ board, card, technicians, onAction, onAssign }: { board: BoardType; card: Model; technicians: Model[]; onAction: (action: string) => void; onAssign: (user: Model) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card.id });
  const { assignees, holder } = peopleOf(card);
  const late = cardIsLate(board, card);
  const code = String(card.code ?? '');
  // The actions the server offers this user now, but the assignment (a technician is chosen below).
  const actions = ((card.available_actions as string[] | undefined) ?? []).filter((a) => a !== 'assign' && board.workflow.actions.includes(a));
  const vehicle = card.vehicle as Model | null | undefined;
  const customer = card.customer as Model | null | undefined;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      shadow={isDragging ? 'md' : 'xs'}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, zIndex: isDragging ? 10 : undefined, borderLeft: late ? '4px solid var(--mantine-color-red-7)' : undefined }}
      data-testid="board-card"
      data-code={code}
      data-late={late || undefined}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('board:drag', { code })} style={{ cursor: 'grab', touchAction: 'none' }} {...listeners} {...attributes} data-testid="board-card-handle">
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={hrefOf(board.type)(card.id)} fw={700} size="sm">
            {code || t('board:no_code')}
          </Anchor>
          {vehicle ? (
            <Text size="sm" truncate>
              {vehicleOption(vehicle)}
            </Text>
          ) : null}
          {customer ? (
            <Text size="xs" c="dimmed" truncate>
              {customerLabel(customer)}
            </Text>
          ) : null}
          {promisedOf(board, card) ? (
            <Text size="xs">
              {t('board:promised')} <PromisedTime at={promisedOf(board, card)} state={String(card.state)} workflow={board.workflow} withTime />
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" truncate data-testid="board-card-people">
            {holder ? t('board:held_by', { name: byFullName(holder) }) : assignees.length > 0 ? t('board:assigned_to', { names: assignees.map(byFullName).join(', ') }) : t('board:unassigned')}
          </Text>
        </Box>
        {actions.length > 0 || canAssign(card) ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('board:card_actions', { code })} data-testid="board-card-menu">
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.map((a) => (
                <Menu.Item key={a} color={board.workflow.spec(a).color} onClick={() => onAction(a)} data-testid={`board-action-${a}`}>
                  {board.workflow.spec(a).label[locale]}
                </Menu.Item>
              ))}
              {canAssign(card) && technicians.length > 0 ? (
                <>
                  <Menu.Label>{t('board:assign_to')}</Menu.Label>
                  {technicians.map((u) => (
                    <Menu.Item key={u.id} onClick={() => onAssign(u)} data-testid="board-assign-to" data-user={u.id}>
                      {byFullName(u)}
                    </Menu.Item>
                  ))}
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Paper>
  );
}
