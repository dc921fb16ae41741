import { FIELD_ACTIONS, INSPECTION_STATE_LABELS, type FieldAction, type InspectionState } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { currentLocale } from '../../i18n/index.ts';
import { UNTOUCHED, type Answer, type AnswerValue, type SampleVehicle } from './model.ts';
import type { FieldChange } from './saveQueue.ts';

/** The colour of each state's badge in the list and on the inspection (always with its label); light badges the theme keeps at 4.5:1. */
export const INSPECTION_STATE_COLORS: Record<string, string> = {
  draft: 'gray',
  pending: 'yellow',
  assigned: 'blue',
  in_progress: 'indigo',
  completed: 'teal',
  approved: 'violet',
  repairing: 'grape',
  canceled: 'red',
};

/** A state in the user's language (the domain's labels); a state this screen does not know as sent. */
export function inspectionStateLabel(state: string): string {
  return Object.hasOwn(INSPECTION_STATE_LABELS, state) ? INSPECTION_STATE_LABELS[state as InspectionState][currentLocale()] : state;
}

export const INSPECTIONS_PATH = '/inspecpro/inspections';
export const inspectionHref = (id: string) => `${INSPECTIONS_PATH}/${encodeURIComponent(id)}`;

const isAction = (v: unknown): v is FieldAction => (FIELD_ACTIONS as readonly unknown[]).includes(v);

/** One inspection-fields record as an answer of the screen. */
export function answerOfRecord(r: Model): Answer {
  return {
    value: (r.value ?? null) as AnswerValue,
    action: isAction(r.action) ? r.action : null,
    comment: typeof r.comment === 'string' ? r.comment : '',
    not_applicable: r.not_applicable === true,
    touched: r.touched === true,
  };
}

/**
 * The inspection's fields as the screen reads them: each answer by its form field's id, and the
 * record each answer is sent to. Changes not yet sent (kept on the device) are laid over the
 * server's answers, so a reload shows what the inspector last entered.
 */
export function answersOfInspection(records: readonly Model[], pending: ReadonlyMap<string, FieldChange> = new Map()) {
  const answers: Record<string, Answer> = {};
  const recordIds = new Map<string, string>();
  for (const r of records) {
    const field = r.inspectionFormSectionField as Model | null | undefined;
    if (!field?.id) continue;
    recordIds.set(field.id, r.id);
    answers[field.id] = answerOfRecord(r);
  }
  for (const [fieldId, change] of pending) {
    if (!Object.hasOwn(answers, fieldId)) continue;
    const before = answers[fieldId];
    const answered = 'value' in change || 'action' in change || 'not_applicable' in change;
    answers[fieldId] = { ...UNTOUCHED, ...before, ...change, touched: before.touched || answered } as Answer;
  }
  return { answers, recordIds };
}

/** What the points multipliers compare: the vehicle, with the odometer read at the inspection (as the server scores it). */
export function vehicleOfInspection(inspection: Model): SampleVehicle {
  const v = (inspection.vehicle ?? null) as Model | null;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return {
    make: typeof v?.make === 'string' ? v.make : '',
    model: typeof v?.model === 'string' ? v.model : '',
    model_year: num(v?.model_year),
    odometer: num(inspection.odometer) ?? num(v?.odometer),
    style: typeof v?.style === 'string' ? v.style : '',
  };
}
