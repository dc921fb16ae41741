import { CHECK_OPTIONS, CONDITION_OPERATORS, WIDGET_OPTIONS, type ConditionOperator } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { optionsKind } from './options.ts';
import { allFields, type FormTree } from './tree.ts';

// The condition builder: a field shows when other fields of the form have some values. The user
// picks a field, an operator and a value (among the target's options when it has some). Pure,
// unit-tested (conditions.test.ts).

export interface Condition {
  field: string;
  operator: ConditionOperator;
  value: string;
}

const conditionsOf = (f: Model): Condition[] => (Array.isArray(f.conditions) ? (f.conditions as Condition[]) : []);

/**
 * Whether `fieldId` showing on `targetId`'s value would close a loop: the target already depends,
 * through its own conditions (or theirs), on `fieldId`.
 */
export function wouldCycle(fields: readonly Model[], fieldId: string, targetId: string): boolean {
  if (fieldId === targetId) return true;
  const byId = new Map(fields.map((f) => [f.id, f]));
  const seen = new Set<string>();
  const stack = [targetId];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === fieldId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const f = byId.get(id);
    if (f && f.conditional_field !== false) for (const c of conditionsOf(f)) stack.push(String(c.field));
  }
  return false;
}

/** The fields a field's conditions may read, in the form's order, named with their place ("Moteur › Fluides › Huile"). */
export function conditionTargets(tree: FormTree, fieldId: string, conditions: readonly Condition[] = []): { value: string; label: string }[] {
  const fields = allFields(tree);
  // The field's own pending conditions count too: a loop through them is refused as well.
  const withPending = fields.map((f) => (f.id === fieldId ? { ...f, conditional_field: true, conditions } : f));
  return tree.sections.flatMap((s) =>
    s.subSections.flatMap((u) =>
      u.fields
        .filter((f) => f.id !== fieldId && !wouldCycle(withPending, fieldId, f.id))
        .map((f) => ({ value: f.id, label: [s.record.name, u.record.name, f.name].map((x) => String(x ?? '')).join(' › ') })),
    ),
  );
}

/** A condition value to pick: the option as stored, with its label key or its own name. */
export interface ValueChoice {
  value: string;
  /** An i18n key (`raw` false) or the option's own name. */
  label: string;
  raw: boolean;
}

/**
 * The values a condition on `target` can compare with: a checkbox's yes and no, a select's options,
 * a widget's four states; null for a number or a text (typed by the user).
 */
export function valueChoices(target: Model | undefined): ValueChoice[] | null {
  if (!target) return null;
  const type = String(target.field_type ?? '');
  const options = Array.isArray(target.points_threshold) ? (target.points_threshold as { option: string }[]) : [];
  switch (optionsKind(type)) {
    case 'check':
      return CHECK_OPTIONS.map((o) => ({ value: o, label: `inspectionForms:options.${o}`, raw: false }));
    case 'choices':
      return options.filter((o) => o.option).map((o) => ({ value: o.option, label: o.option, raw: true }));
    case 'states':
      return WIDGET_OPTIONS.map((o) => ({ value: o, label: `inspectionForms:states.${o}`, raw: false }));
    default:
      return null;
  }
}

/** The operators that make sense on a target: greater and less than compare numbers only. */
export function operatorsFor(target: Model | undefined): ConditionOperator[] {
  const kind = optionsKind(String(target?.field_type ?? ''));
  return kind === 'ranges' ? [...CONDITION_OPERATORS] : CONDITION_OPERATORS.filter((o) => o === 'equals' || o === 'different');
}

/** A condition after its target changed: an operator the new target takes, and no value from the old one. */
export function retarget(condition: Condition, target: Model | undefined): Condition {
  const ops = operatorsFor(target);
  return { field: target?.id ?? '', operator: ops.includes(condition.operator) ? condition.operator : 'equals', value: '' };
}

/** A problem of a condition before saving: the key of its message (`inspectionForms:conditions.*`). */
export function conditionProblem(c: Condition, fields: readonly Model[], fieldId: string): string | null {
  const target = fields.find((f) => f.id === c.field);
  if (!c.field || !target) return 'conditions.field_required';
  if (wouldCycle(fields.map((f) => (f.id === fieldId ? { ...f, conditions: [] } : f)), fieldId, c.field)) return 'conditions.cycle';
  if (String(c.value ?? '').trim() === '') return 'conditions.value_required';
  const choices = valueChoices(target);
  if (choices && !choices.some((o) => o.value.toLowerCase() === c.value.toLowerCase())) return 'conditions.value_unknown';
  if (!choices && (c.operator === 'superior' || c.operator === 'inferior') && !Number.isFinite(Number(c.value))) return 'conditions.value_number';
  return null;
}
