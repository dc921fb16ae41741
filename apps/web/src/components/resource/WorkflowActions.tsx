import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ApiError, errorMessage, type Model } from '../../api/jsonapi.ts';
import { translateError } from '../../i18n/index.ts';
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
  labelOf: (action: A) => string;
  /** The path under /{type}/{id}/ (take-over/components ...). */
  routeOf: (action: A) => string;
  /** Actions a dialog confirms, with its question ("Annuler l'estimation E-… ? "). */
  confirmOf: (action: A) => string | null;
  /** The action that names assignees (its dialog asks for them; they go in its document). */
  assignAction?: A;
  /** A confirmation's colour: red for what cannot be undone. */
  colorOf?: (action: A) => string | undefined;
  /** The action drawn filled: what the user most likely does next. */
  primary?: A;
  /** The document an action sends, when it carries more than the record's identity (a take-over names the holder seen). */
  bodyOf?: (action: A) => object | undefined;
  /** The notice once done (default: "Fait : <action>."). */
  doneOf?: (action: A) => string;
  onDone: (action: A, result: Model | null) => void;
  testId: string;
}

/**
 * The workflow buttons of a record's header (estimations, repairs): each a POST on the record;
 * destructive ones confirmed; a refusal (409 with the server's translated message, 403) is shown
 * here, beside the buttons, and the screen reads the record again.
 */
export function WorkflowActions<A extends string>({ type, record, actions, labelOf, routeOf, confirmOf, assignAction, colorOf, primary, bodyOf, doneOf, onDone, testId }: WorkflowActionsProps<A>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<A | null>(null);
  const [users, setUsers] = useState<string[]>([]);
  const run = useMutation({
    // Shown beside the buttons rather than in the dialog of errors.
    meta: { silent: true },
    mutationFn: (action: A) => {
      const path = `/${type}/${encodeURIComponent(record.id)}/${routeOf(action)}`;
      const body =
        action === assignAction
          ? { data: { type, id: record.id, relationships: { assignedToUsers: { data: users.map((id) => ({ type: 'users', id })) } } } }
          : (bodyOf?.(action) ?? { data: { type, id: record.id } });
      return api.action(path, 'POST', body);
    },
    onSuccess: (result, action) => {
      setOpen(null);
      setUsers([]);
      notifications.show({ color: 'teal', message: doneOf ? doneOf(action) : t('common:workflow.done', { action: labelOf(action) }) });
      onDone(action, result);
    },
    onError: (_e, action) => {
      setOpen(null);
      onDone(action, null);
    },
  });
  const refusal = run.error instanceof ApiError ? errorMessage(run.error.errors, translateError) : run.error ? t('errors:SOMETHING_WENT_WRONG') : null;
  if (actions.length === 0 && !refusal) return null;
  const ask = (a: A) => (a === assignAction || confirmOf(a) ? setOpen(a) : run.mutate(a));
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="xs">
        {actions.map((a) => (
          <Button
            key={a}
            size="md"
            variant={a === primary ? 'filled' : colorOf?.(a)?.startsWith('red') ? 'subtle' : 'light'}
            color={colorOf?.(a)}
            loading={run.isPending && run.variables === a}
            onClick={() => {
              run.reset();
              ask(a);
            }}
            data-testid={`${testId}-${a}`}
          >
            {labelOf(a)}
          </Button>
        ))}
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
