import { inspectionWorkflow, type InspectionAction, type Permission, type InspectionState, type RecordOf } from '@atelier/domain';

/**
 * The buttons of the inspection's header, in this order; the section actions sit on their section,
 * complete on the final step, share and unshare in the share dialog (ShareDialog.tsx).
 */
const HEADER: readonly InspectionAction[] = ['start', 'take_over', 'assign', 'approve', 'redo', 'cancel'];

export interface InspectionActionsInput {
  state: InspectionState;
  /** The server's available_actions (what the state offers), when loaded. */
  available?: readonly string[] | null;
  permissions: ReadonlySet<Permission>;
  meId: string;
  holderId: string | null;
}

/** What the rules read of an inspection: its state, what it offers, who holds it. */
type RuledInspection = Pick<RecordOf<'inspections'>, 'state' | 'available_actions'> & { holder?: Pick<RecordOf<'users'>, 'id'> | null };

/** The rules' input for an inspection read from the API and the signed-in user. */
export const actionsInputOf = (inspection: RuledInspection, meId: string, permissions: ReadonlySet<Permission>): InspectionActionsInput => ({
  state: inspection.state,
  available: inspection.available_actions,
  permissions,
  meId,
  holderId: inspection.holder?.id ?? null,
});

/** What the user may do now: the state offers it, a role grants it, and work in progress is the holder's (domain rule). */
export function userActions({ state, available, permissions, meId, holderId }: InspectionActionsInput): InspectionAction[] {
  const allowed = inspectionWorkflow.available({ state, holderId }, { id: meId, permissions });
  return available ? allowed.filter((a) => available.includes(a)) : allowed;
}

export function headerActions(input: InspectionActionsInput): InspectionAction[] {
  const mine = userActions(input);
  return HEADER.filter((a) => mine.includes(a));
}

/** The form is answered while in progress, by the user holding it, with the right to edit inspections (the server's rule on inspection-fields). */
export function canAnswer({ state, permissions, meId, holderId }: InspectionActionsInput): boolean {
  return state === 'in_progress' && holderId === meId && permissions.has('edit inspections');
}
