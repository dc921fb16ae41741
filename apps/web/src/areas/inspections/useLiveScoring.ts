import { useCallback, useMemo, useReducer } from 'react';
import { answer, comment, progressOf, startLive, withVehicle, type AnswerChange, type LiveState } from './liveScoring.ts';
import type { Answer, InspectionFormModel, SampleVehicle } from './model.ts';

type Action =
  | { kind: 'answer'; fieldId: string; change: AnswerChange }
  | { kind: 'comment'; fieldId: string; text: string }
  | { kind: 'vehicle'; vehicle: SampleVehicle }
  | { kind: 'reset'; form: InspectionFormModel; vehicle: SampleVehicle };

function reduce(state: LiveState, action: Action): LiveState {
  switch (action.kind) {
    case 'answer':
      return answer(state, action.fieldId, action.change);
    case 'comment':
      return comment(state, action.fieldId, action.text);
    case 'vehicle':
      return withVehicle(state, action.vehicle);
    case 'reset':
      return startLive(action.form, action.vehicle);
  }
}

/**
 * A form filled locally: answers, propagation and every score recomputed on each change by the
 * shared engine. The caller keys the component by form, so a new form starts afresh.
 */
export function useLiveScoring(form: InspectionFormModel, vehicle: SampleVehicle, initial?: Record<string, Answer>) {
  const [state, dispatch] = useReducer(reduce, null, () => startLive(form, vehicle, initial));
  // A new sample vehicle rescored during render, as React advises for state derived from props.
  if (state.vehicle !== vehicle) dispatch({ kind: 'vehicle', vehicle });
  const setAnswer = useCallback((fieldId: string, change: AnswerChange) => dispatch({ kind: 'answer', fieldId, change }), []);
  const setComment = useCallback((fieldId: string, text: string) => dispatch({ kind: 'comment', fieldId, text }), []);
  const reset = useCallback(() => dispatch({ kind: 'reset', form, vehicle }), [form, vehicle]);
  const progress = useMemo(() => progressOf(state, form), [state, form]);
  return { state, score: state.score, progress, setAnswer, setComment, reset };
}

export type LiveScoring = ReturnType<typeof useLiveScoring>;
