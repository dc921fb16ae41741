import { CHECK_OPTIONS, CONDITION_OPERATORS, WIDGET_OPTIONS, conditionCycles, fieldProblems, type ConditionOperator, type FormField } from '@atelier/domain';
import { optionsKind, ruleKey } from './options.ts';
import { allFields, type FieldRecord, type FormTree } from './tree.ts';

// The condition builder: a field shows when other fields of the form have some values. The user
// picks a field, an operator and a value (among the target's options when it has some). Pure,
// unit-tested (conditions.test.ts).

export interface Condition {
  field: string;
  operator: ConditionOperator;
  value: string;
}

/** The form's fields as the form rules read them, with `fieldId` showing on `conditions` only. */
const withConditions = (fields: readonly FieldRecord[], fieldId: string, conditions: readonly Condition[]): FormField[] =>
  fields.map((f) =>
    f.id === fieldId
      ? { id: f.id, field_type: f.field_type ?? '', conditional_field: true, conditions }
      : { id: f.id, field_type: f.field_type ?? '', conditional_field: f.conditional_field !== false, conditions: f.conditions ?? [] },
  );

/** Whether `fieldId` showing on these conditions would close a loop (the rule `condition_cycle`). */
const loops = (fields: readonly FieldRecord[], fieldId: string, conditions: readonly Condition[]) => conditionCycles(withConditions(fields, fieldId, conditions)).has(fieldId);

/** The fields a field's conditions may read, in the form's order, named with their place ("Moteur › Fluides › Huile"). */
export function conditionTargets(tree: FormTree, fieldId: string): { value: string; label: string }[] {
  const fields = allFields(tree);
  return tree.sections.flatMap((s) =>
    s.subSections.flatMap((u) =>
      u.fields
        .filter((f) => f.id !== fieldId && !loops(fields, fieldId, [{ field: f.id, operator: 'equals', value: '' }]))
        .map((f) => ({ value: f.id, label: [s.record.name, u.record.name, f.name].map((x) => x ?? '').join(' › ') })),
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
export function valueChoices(target: FieldRecord | undefined): ValueChoice[] | null {
  if (!target) return null;
  const options = target.points_threshold ?? [];
  switch (optionsKind(target.field_type ?? '')) {
    case 'check':
      return CHECK_OPTIONS.map((o) => ({ value: o, label: `inspection-forms:options.${o}`, raw: false }));
    case 'choices':
      return options.filter((o) => o.option).map((o) => ({ value: o.option, label: o.option, raw: true }));
    case 'states':
      return WIDGET_OPTIONS.map((o) => ({ value: o, label: `inspection-forms:states.${o}`, raw: false }));
    default:
      return null;
  }
}

/** The operators that make sense on a target: greater and less than compare numbers only. */
export function operatorsFor(target: FieldRecord | undefined): ConditionOperator[] {
  const kind = optionsKind(target?.field_type ?? '');
  return kind === 'ranges' ? [...CONDITION_OPERATORS] : CONDITION_OPERATORS.filter((o) => o === 'equals' || o === 'different');
}

/** A condition after its target changed: an operator the new target takes, and no value from the old one. */
export function retarget(condition: Condition, target: FieldRecord | undefined): Condition {
  const ops = operatorsFor(target);
  return { field: target?.id ?? '', operator: ops.includes(condition.operator) ? condition.operator : 'equals', value: '' };
}

/** A problem of a condition before saving: its message key and values. */
export interface ConditionProblem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * What is wrong with a condition of `fieldId` before saving: the form rules first (the server's own
 * check), then what the builder needs: a value picked, among the target's options when it has some.
 */
export function conditionProblem(c: Condition, fields: readonly FieldRecord[], fieldId: string): ConditionProblem | null {
  const field: FormField = { id: fieldId, field_type: '', conditional_field: true, conditions: [c] };
  const rule = fieldProblems(field, new Set(fields.map((f) => f.id))).find((p) => p.pointer.startsWith('/conditions/'));
  if (rule) return { key: ruleKey(rule.code), ...(rule.params ? { params: rule.params } : {}) };
  if (loops(fields, fieldId, [c])) return { key: ruleKey('condition_cycle') };
  if (String(c.value ?? '').trim() === '') return { key: 'inspection-forms:conditions.value_required' };
  const choices = valueChoices(fields.find((f) => f.id === c.field));
  if (choices && !choices.some((o) => o.value.toLowerCase() === c.value.toLowerCase())) return { key: 'inspection-forms:conditions.value_unknown' };
  return null;
}
