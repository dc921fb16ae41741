import { estimationWorkflow, inspectionWorkflow, isLate, moveAction, repairWorkflow, requestWorkflow, type Label, type Permission, type TypeName } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';

// The job board (issue 27 "The shop's day"): the day's work of one type as columns by state. What a
// drop does is the workflow's (domain moveAction): the server checks the same rules again.

/** What the board reads of a type's workflow. */
export interface BoardWorkflow {
  states: readonly string[];
  stateLabels: Readonly<Record<string, Label>>;
  stateColors: Readonly<Record<string, string>>;
  openStates: readonly string[];
  actions: readonly string[];
  transition(state: string, action: string): string | null;
  next(state: string): readonly string[];
  route(action: string): string;
  spec(action: string): { label: Label; confirm?: boolean; color?: string };
}

export interface BoardType {
  type: TypeName;
  workflow: BoardWorkflow;
  permission: Permission;
  /** The states a card moves through on the board, in the order work goes. */
  columns: readonly string[];
  include: string;
  /** The attribute holding the time promised to the customer, if the type has one. */
  promised?: 'promised_at' | 'due_at';
  /** How a technician is given the work: several assignees, or one (a request). */
  assignees: 'assignedToUsers' | 'assignedTo';
}

const W = (w: unknown) => w as BoardWorkflow;

export const BOARD_TYPES: readonly BoardType[] = [
  { type: 'repairs', workflow: W(repairWorkflow), permission: 'view any repairs', columns: ['pending', 'approved', 'assigned', 'in_progress', 'reviewed', 'completed'], include: 'vehicle,customer,holder,assignedToUsers', promised: 'promised_at', assignees: 'assignedToUsers' },
  { type: 'inspections', workflow: W(inspectionWorkflow), permission: 'view any inspections', columns: ['pending', 'assigned', 'in_progress', 'completed'], include: 'vehicle,customer,holder,assignedToUsers', assignees: 'assignedToUsers' },
  { type: 'estimations', workflow: W(estimationWorkflow), permission: 'view any estimations', columns: ['pending', 'assigned', 'in_progress', 'reviewed', 'completed'], include: 'vehicle,customer,assignedToUsers', assignees: 'assignedToUsers' },
  { type: 'requests', workflow: W(requestWorkflow), permission: 'view any requests', columns: ['draft', 'assigned', 'approved'], include: 'vehicle,customer,assignedTo', promised: 'due_at', assignees: 'assignedTo' },
];

/** The users a card is given to (its assignees), and who works on it now (its holder). */
export function peopleOf(card: Model): { assignees: Model[]; holder: Model | null } {
  const many = card.assignedToUsers as Model[] | undefined;
  const one = card.assignedTo as Model | null | undefined;
  return { assignees: many ?? (one ? [one] : []), holder: (card.holder as Model | null | undefined) ?? null };
}

/** A card is a technician's when it is given to them or they hold it (the board's filter). */
export const isTechnicians = (card: Model, userId: string) => {
  const { assignees, holder } = peopleOf(card);
  return holder?.id === userId || assignees.some((u) => u.id === userId);
};

export function promisedOf(board: BoardType, card: Model): string | null {
  return board.promised ? ((card[board.promised] as string | null | undefined) ?? null) : null;
}

export const cardIsLate = (board: BoardType, card: Model, now = new Date()) => isLate(promisedOf(board, card), String(card.state), board.workflow, now);

/**
 * The cards of each column: the late ones first, then by promised time (none last), then oldest
 * first, so what is due goes first.
 */
export function columnsOf(board: BoardType, cards: readonly Model[], now = new Date()): Map<string, Model[]> {
  const columns = new Map<string, Model[]>(board.columns.map((s) => [s, []]));
  const time = (c: Model) => Date.parse(promisedOf(board, c) ?? '') || Number.POSITIVE_INFINITY;
  for (const card of cards) columns.get(String(card.state))?.push(card);
  for (const list of columns.values())
    list.sort((a, b) => Number(cardIsLate(board, b, now)) - Number(cardIsLate(board, a, now)) || time(a) - time(b) || String(a.created_at).localeCompare(String(b.created_at)));
  return columns;
}

/** The action a drop on a column runs for this card, or null (the column does not take it). */
export function dropAction(board: BoardType, card: Model, column: string): string | null {
  const available = (card.available_actions as string[] | undefined) ?? [];
  return moveAction(board.workflow as never, String(card.state), column, available, 'assign');
}

/** Whether the user may give this card to someone (its assign action is available to them). */
export const canAssign = (card: Model) => ((card.available_actions as string[] | undefined) ?? []).includes('assign');

/** The document an assignment sends: the technician replaces the card's assignees. */
export function assignBody(board: BoardType, card: Model, userId: string) {
  const user = { type: 'users', id: userId };
  return { data: { type: board.type, id: card.id, relationships: { [board.assignees]: { data: board.assignees === 'assignedTo' ? user : [user] } } } };
}

/** The assignees an assignment to `userId` would take the card from (asked first: confirm what clears). */
export function replacedBy(card: Model, userId: string): Model[] {
  return peopleOf(card).assignees.filter((u) => u.id !== userId);
}
