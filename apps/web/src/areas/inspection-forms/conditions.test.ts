import { describe, expect, it } from 'vitest';
import type { FieldType, RecordOf } from '@atelier/domain';
import { conditionProblem, conditionTargets, operatorsFor, retarget, valueChoices, type Condition } from './conditions.ts';
import { fieldRecord, sectionRecord } from './testRecords.ts';
import { buildTree } from './tree.ts';

const f = (id: string, field_type: FieldType, extra: Partial<RecordOf<'inspection-form-section-fields'>> = {}) => fieldRecord(id, { name: id.toUpperCase(), field_type, ...extra });
const check = f('check', 'CHECK', { points_threshold: [{ option: 'yes', points: 1 }] });
const select = f('select', 'SELECT_SINGLE', { points_threshold: [{ option: 'Propre', points: 2 }, { option: 'Sale', points: 0 }], conditional_field: true, conditions: [{ field: 'check', operator: 'equals', value: 'yes' }] });
const num = f('num', 'NUMBER', { points_threshold: [{ option: '0-10', points: 1 }] });
const fields = [check, select, num];
const tree = buildTree({
  sections: [sectionRecord('S', { name: 'Moteur', subSections: [sectionRecord('U', { name: 'Fluides', fields: fields.map((x, i) => ({ ...x, order_number: i })) })] })],
});

describe('condition builder', () => {
  it('offers the other fields of the form, named with their place, except those that would loop', () => {
    expect(conditionTargets(tree, 'num').map((o) => o.label)).toEqual(['Moteur › Fluides › CHECK', 'Moteur › Fluides › SELECT']);
    // SELECT shows on CHECK: CHECK may not show on SELECT.
    expect(conditionTargets(tree, 'check').map((o) => o.value)).toEqual(['num']);
    expect(conditionTargets(tree, 'select').map((o) => o.value)).toEqual(['check', 'num']);
  });

  it('refuses a loop through other fields', () => {
    // NUM shows on SELECT, which shows on CHECK: CHECK may show on neither.
    const pending: Condition[] = [{ field: 'select', operator: 'equals', value: 'Propre' }];
    const withNum = buildTree({ sections: [sectionRecord('S', { subSections: [sectionRecord('U', { fields: [check, select, { ...num, conditional_field: true, conditions: pending }] })] })] });
    expect(conditionTargets(withNum, 'check').map((o) => o.value)).toEqual([]);
  });

  it("offers the target's values: yes and no, its options, the four states; none for a number", () => {
    expect(valueChoices(check)?.map((c) => c.value)).toEqual(['yes', 'no']);
    expect(valueChoices(select)?.map((c) => [c.value, c.raw])).toEqual([['Propre', true], ['Sale', true]]);
    expect(valueChoices(f('w', 'TIRE_STATE_WIDGET'))?.map((c) => c.value)).toEqual(['good', 'to_replace', 'bad', 'not_applicable']);
    expect(valueChoices(num)).toBeNull();
  });

  it('offers greater and less than for numbers only, and resets the value when the target changes', () => {
    expect(operatorsFor(num)).toEqual(['equals', 'different', 'superior', 'inferior']);
    expect(operatorsFor(check)).toEqual(['equals', 'different']);
    expect(retarget({ field: 'num', operator: 'superior', value: '5' }, check)).toEqual({ field: 'check', operator: 'equals', value: '' });
    expect(retarget({ field: 'check', operator: 'different', value: 'yes' }, num)).toEqual({ field: 'num', operator: 'different', value: '' });
  });

  it('says what is wrong with a condition before saving', () => {
    // The form rules first, as the server says them.
    expect(conditionProblem({ field: '', operator: 'equals', value: '' }, fields, 'num')).toEqual({ key: 'inspection-forms:rules.condition_field_unknown' });
    expect(conditionProblem({ field: 'num', operator: 'equals', value: '1' }, fields, 'num')).toEqual({ key: 'inspection-forms:rules.condition_field_self' });
    expect(conditionProblem({ field: 'select', operator: 'equals', value: 'yes' }, fields, 'check')).toEqual({ key: 'inspection-forms:rules.condition_cycle' });
    expect(conditionProblem({ field: 'num', operator: 'superior', value: 'beaucoup' }, fields, 'check')).toEqual({ key: 'inspection-forms:rules.condition_value_number' });
    // Then what the builder needs: a value, one of the target's options.
    expect(conditionProblem({ field: 'check', operator: 'equals', value: '' }, fields, 'num')).toEqual({ key: 'inspection-forms:conditions.value_required' });
    expect(conditionProblem({ field: 'select', operator: 'equals', value: 'Brisé' }, fields, 'num')).toEqual({ key: 'inspection-forms:conditions.value_unknown' });
    expect(conditionProblem({ field: 'select', operator: 'equals', value: 'propre' }, fields, 'num')).toBeNull();
    expect(conditionProblem({ field: 'num', operator: 'inferior', value: '4.5' }, fields, 'check')).toBeNull();
  });
});
