import { useState } from 'react';
import type { Label } from '@atelier/domain';
import { Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { notify } from '../../app/notify.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { type Model } from '../../api/jsonapi.ts';
import { refusalOf } from '../../api/refusal.ts';
import { currentLocale } from '../../i18n/index.ts';
import { relationOf } from './recordNames.tsx';
import { RelationSelect } from './RelationSelect.tsx';

const assignees = { ...relationOf('users', true), filter: { active: true } };

/**
 * A take-over's document: it names the holder the user saw, so that of two take-overs at once
 * exactly one wins and the other is told who holds the work now (409).
 */
export const takeOverBody = (type: string, id: string, holder: { id: string } | null | undefined) => ({
  data: { type, id, ...(holder ? { relationships: { holder: { data: { type: 'users', id: holder.id } } } } : {}) },
});

export interface WorkflowActionsProps<A extends string> {
  type: string;
  record: Model;
  /** The actions to offer, in order (the server's available_actions, as the screen filters them). */
  actions: readonly A[];
  /** The type's workflow (the domain's): each action's route, label, colour and whether a dialog confirms it. */
  workflow: { route(action: A): string; spec(action: A): { label: Label; confirm?: boolean; color?: string } };
  /** A button's text (default: the workflow's label in the user's language). */
  labelOf?: (action: A) => string;
  /** The question of the dialog, for the actions the workflow confirms ("Annuler l'estimation E-… ? "). */
  confirmOf: (action: A) => string;
  /** The action that names assignees (its dialog asks for them; they go in its document). */
  assignAction?: A;
  /**
   * What the user most likely does next, most likely first (the state's table decides): the first
   * offered is drawn filled, the next ones beside it; the rest wait in "More actions".
   */
  next?: readonly A[];
  /** The screen draws the likely next action itself, beside these (sending to the customer): none here is filled. */
  nextBeside?: boolean;
  /** The document an action sends, when it carries more than the record's identity (default: a take-over names the holder seen). */
  bodyOf?: (action: A) => object | undefined;
  /** The notice once done (default: "Fait : <action>."). */
  doneOf?: (action: A) => string;
  onDone: (action: A, result: Model | null) => void;
  testId: string;
}

/** The buttons a header shows before the rest go in the menu: a busy user sees what to do next. */
const SHOWN = 3;

/**
 * How a header lays out its actions: all as buttons when they are few; else the likely next ones
 * (at most SHOWN, the first filled) and the others in a menu, destructive ones last.
 */
export function arrangeActions<A extends string>(actions: readonly A[], next: readonly A[], destructive: (a: A) => boolean): { primary: A | null; shown: A[]; more: A[] } {
  const likely = next.filter((a) => actions.includes(a));
  const rest = actions.filter((a) => !likely.includes(a));
  const ordered = [...likely, ...rest.filter((a) => !destructive(a)), ...rest.filter(destructive)];
  const primary = likely[0] ?? null;
  if (actions.length <= SHOWN) return { primary, shown: ordered, more: [] };
  const shown = likely.length > 0 ? likely.slice(0, SHOWN) : ordered.filter((a) => !destructive(a)).slice(0, 1);
  return { primary, shown, more: ordered.filter((a) => !shown.includes(a)) };
}

/**
 * The workflow buttons of a record's header (estimations, repairs): each a POST on the record;
 * destructive ones confirmed; a refusal (409 with the server's translated message, 403) is shown
 * here, beside the buttons, and the screen reads the record again.
 */
export function WorkflowActions<A extends string>({ type, record, actions, workflow, assignAction, next = [], nextBeside = false, doneOf, onDone, testId, ...own }: WorkflowActionsProps<A>) {
  const { t } = useTranslation();
  const labelOf = own.labelOf ?? ((a: A) => workflow.spec(a).label[currentLocale()]);
  const confirmOf = (a: A) => (workflow.spec(a).confirm ? own.confirmOf(a) : null);
  // A confirmation's colour: red for what cannot be undone.
  const colorOf = (a: A) => workflow.spec(a).color;
  const holder = (record.holder ?? null) as { id: string } | null;
  const bodyOf = own.bodyOf ?? ((a: A) => (a === 'take_over' ? takeOverBody(type, record.id, holder) : undefined));
  const [open, setOpen] = useState<A | null>(null);
  const [users, setUsers] = useState<string[]>([]);
  const run = useMutation({
    // Shown beside the buttons rather than in the dialog of errors.
    meta: { silent: true },
    mutationFn: (action: A) => {
      const path = `/${type}/${encodeURIComponent(record.id)}/${workflow.route(action)}`;
      const body =
        action === assignAction
          ? { data: { type, id: record.id, relationships: { assignedToUsers: { data: users.map((id) => ({ type: 'users', id })) } } } }
          : (bodyOf(action) ?? { data: { type, id: record.id } });
      return api.action(path, 'POST', body);
    },
    onSuccess: (result, action) => {
      setOpen(null);
      setUsers([]);
      notify({ color: 'teal', message: doneOf ? doneOf(action) : t('common:workflow.done', { action: labelOf(action) }) });
      onDone(action, result);
    },
    onError: (_e, action) => {
      setOpen(null);
      onDone(action, null);
    },
  });
  const refusal = refusalOf(run.error, t('errors:SOMETHING_WENT_WRONG'));
  if (actions.length === 0 && !refusal) return null;
  const ask = (a: A) => {
    run.reset();
    return a === assignAction || confirmOf(a) ? setOpen(a) : run.mutate(a);
  };
  const red = (a: A) => Boolean(colorOf(a)?.startsWith('red'));
  const { primary, shown, more } = arrangeActions(actions, next, red);
  const firstRed = more.findIndex(red);
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="xs">
        {shown.map((a) => (
          <Button
            key={a}
            size="md"
            variant={a === primary && !nextBeside ? 'filled' : red(a) ? 'subtle' : 'light'}
            color={colorOf(a)}
            loading={run.isPending && run.variables === a}
            onClick={() => ask(a)}
            data-testid={`${testId}-${a}`}
          >
            {labelOf(a)}
          </Button>
        ))}
        {more.length > 0 ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="md" variant="default" rightSection={<IconChevronDown size={16} aria-hidden />} loading={run.isPending && more.some((a) => a === run.variables)} data-testid={`${testId}-more`}>
                {t('common:workflow.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid={`${testId}-menu`}>
              {more.map((a, i) => [
                // The destructive ones apart, at the bottom.
                i === firstRed && i > 0 ? <Menu.Divider key={`${a}-divider`} /> : null,
                <Menu.Item key={a} color={red(a) ? colorOf(a) : undefined} onClick={() => ask(a)} data-testid={`${testId}-${a}`}>
                  {labelOf(a)}
                </Menu.Item>,
              ])}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {refusal ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => run.reset()} closeButtonLabel={t('common:actions.close')} data-testid={`${testId}-refused`}>
          {refusal}
        </Alert>
      ) : null}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? labelOf(open) : ''} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {open && (
          <Stack>
            <Text data-testid={`${testId}-confirm-body`}>{confirmOf(open)}</Text>
            {open === assignAction && (
              <RelationSelect relation={assignees} label={t('common:workflow.assignees')} value={users} onChange={(v) => setUsers(Array.isArray(v) ? v : [])} required name="assignees" />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)} data-autofocus>
                {t('common:workflow.keep')}
              </Button>
              <Button color={colorOf?.(open)} onClick={() => run.mutate(open)} loading={run.isPending} disabled={open === assignAction && users.length === 0} data-testid={`${testId}-confirm`}>
                {labelOf(open)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
