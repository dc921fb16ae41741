import { type RecordOf, inspectionWorkflow } from '@atelier/domain';
import { stateLabel } from '../../components/resource/workflowState.ts';
import { UNTOUCHED, type Answer, type AnswerValue, type SampleVehicle } from './model.ts';
import type { FieldChange } from './saveQueue.ts';
import { hrefOf, listPath } from '../../app/resources.ts';

/** A state in the user's language (the domain's labels); a state this screen does not know as sent. */
export const inspectionStateLabel = (state: string): string => stateLabel(inspectionWorkflow, state);

export const INSPECTIONS_PATH = listPath('inspections');
export const inspectionHref = hrefOf('inspections');

type FieldRecord = RecordOf<'inspection-fields'>;

/** What the screen reads of an inspection-fields record: its answer, and the form field it answers. */
export type AnswerRecord = Pick<FieldRecord, 'id' | 'value' | 'action' | 'comment' | 'not_applicable' | 'touched'> & {
  inspectionFormSectionField?: Pick<RecordOf<'inspection-form-section-fields'>, 'id'> | null;
};

/** One inspection-fields record as an answer of the screen. */
export function answerOfRecord(r: AnswerRecord): Answer {
  return {
    // A free-form JSON attribute: its shape follows the field's type (model.ts AnswerValue).
    value: (r.value ?? null) as AnswerValue,
    action: r.action ?? null,
    comment: r.comment ?? '',
    not_applicable: r.not_applicable,
    touched: r.touched,
  };
}

/**
 * The inspection's fields as the screen reads them: each answer by its form field's id, and the
 * record each answer is sent to. Changes not yet sent (kept on the device) are laid over the
 * server's answers, so a reload shows what the inspector last entered.
 */
export function answersOfInspection(records: readonly AnswerRecord[], pending: ReadonlyMap<string, FieldChange> = new Map()) {
  const answers: Record<string, Answer> = {};
  const recordIds = new Map<string, string>();
  for (const r of records) {
    const field = r.inspectionFormSectionField;
    if (!field?.id) continue;
    recordIds.set(field.id, r.id);
    answers[field.id] = answerOfRecord(r);
  }
  for (const [fieldId, change] of pending) {
    if (!Object.hasOwn(answers, fieldId)) continue;
    const before = answers[fieldId];
    const answered = 'value' in change || 'action' in change || 'not_applicable' in change;
    answers[fieldId] = { ...UNTOUCHED, ...before, ...change, touched: before.touched || answered };
  }
  return { answers, recordIds };
}

/** What the scoring reads of an inspection: the odometer read then, and its vehicle. */
type ScoredInspection = Pick<RecordOf<'inspections'>, 'odometer'> & {
  vehicle?: Pick<RecordOf<'vehicles'>, 'make' | 'model' | 'model_year' | 'odometer' | 'style'> | null;
};

/** What the points multipliers compare: the vehicle, with the odometer read at the inspection (as the server scores it). */
export function vehicleOfInspection(inspection: ScoredInspection): SampleVehicle {
  const v = inspection.vehicle;
  return {
    make: v?.make ?? '',
    model: v?.model ?? '',
    model_year: v?.model_year ?? null,
    odometer: inspection.odometer ?? v?.odometer ?? null,
    style: v?.style ?? '',
  };
}
