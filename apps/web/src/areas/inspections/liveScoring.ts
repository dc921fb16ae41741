import {
  compileInspectionForm,
  propagateAnswer,
  rescoreInspection,
  scoreInspection,
  type CompiledInspectionForm,
  type FieldScore,
  type InspectionScore,
  type SectionScore,
  type SubSectionScore,
} from '@atelier/domain';
import { allFields, UNTOUCHED, type Answer, type AnswerValue, type InspectionFormModel, type SampleVehicle } from './model.ts';

/**
 * The answers of a form being filled and their scores, recomputed in the browser by the shared
 * engine (no server round trip). Pure, so the rules of the screen are unit-tested without React;
 * `useLiveScoring` holds it in a reducer.
 */
export interface LiveState {
  compiled: CompiledInspectionForm;
  answers: Record<string, Answer>;
  /** The fields whose answer was copied by propagation, with the field it came from. */
  copiedFrom: Record<string, string>;
  vehicle: SampleVehicle;
  score: InspectionScore;
}

export type AnswerChange = Partial<Pick<Answer, 'value' | 'action' | 'not_applicable'>>;

/** A form to fill, from scratch or from the answers already given (an inspection reopened). */
export function startLive(form: InspectionFormModel, vehicle: SampleVehicle, answers: Record<string, Answer> = {}): LiveState {
  const compiled = compileInspectionForm(form);
  return { compiled, answers, copiedFrom: {}, vehicle, score: scoreInspection(compiled, answers, vehicle) };
}

/** A field's answer (untouched when never answered). */
export function answerOf(state: Pick<LiveState, 'answers'>, fieldId: string): Answer {
  return Object.hasOwn(state.answers, fieldId) ? state.answers[fieldId] : UNTOUCHED;
}

/**
 * Answers a field: its value, action or N/A. The field becomes touched; a tire, drum or pad
 * widget first of its type in its sub-section passes its value and action to the others there.
 */
export function answer(state: LiveState, fieldId: string, change: AnswerChange): LiveState {
  if (!state.compiled.fieldIndex.has(fieldId)) return state;
  const { answers: next, changed } = propagateAnswer(state.compiled, state.answers, fieldId, change);
  const answers = { ...state.answers };
  const copiedFrom = { ...state.copiedFrom };
  for (const id of changed) {
    const a = next[id];
    // The engine keeps the members it was given (the comment too) and adds `touched`.
    answers[id] = {
      ...UNTOUCHED,
      ...a,
      value: (a?.value ?? null) as AnswerValue,
      action: a?.action ?? null,
      touched: a?.touched === true,
      not_applicable: a?.not_applicable === true,
    };
    if (id === fieldId) delete copiedFrom[id];
    else copiedFrom[id] = fieldId;
  }
  const score = rescoreInspection(state.compiled, state.score, answers, state.vehicle, changed);
  return { ...state, answers, copiedFrom, score };
}

/** A comment changes no score and does not answer the field. */
export function comment(state: LiveState, fieldId: string, text: string): LiveState {
  if (!state.compiled.fieldIndex.has(fieldId)) return state;
  return { ...state, answers: { ...state.answers, [fieldId]: { ...answerOf(state, fieldId), comment: text } } };
}

/** Another sample vehicle: the points multipliers that match it change the vehicle score, nothing else. */
export function withVehicle(state: LiveState, vehicle: SampleVehicle): LiveState {
  return { ...state, vehicle, score: rescoreInspection(state.compiled, state.score, state.answers, vehicle, []) };
}

/** Fields answered (touched or not applicable) out of the fields shown. */
export function progressOf(state: LiveState, form: InspectionFormModel): { touched: number; visible: number } {
  let touched = 0;
  let visible = 0;
  for (const f of allFields(form)) {
    if (!fieldScoreOf(state.score, f.id)?.visible) continue;
    visible++;
    const a = answerOf(state, f.id);
    if (a.touched || a.not_applicable) touched++;
  }
  return { touched, visible };
}

// The engine's result is keyed by ids: read it through own properties only.
const own = <T>(record: Record<string, T> | undefined, id: string): T | undefined =>
  record && Object.hasOwn(record, id) ? record[id] : undefined;

export const fieldScoreOf = (score: InspectionScore, id: string): FieldScore | undefined => own(score.fields, id);
export const sectionScoreOf = (score: InspectionScore, id: string): SectionScore | undefined => own(score.sectionsScores, id);
export const subSectionScoreOf = (score: InspectionScore, sectionId: string, id: string): SubSectionScore | undefined =>
  own(sectionScoreOf(score, sectionId)?.subSections, id);
