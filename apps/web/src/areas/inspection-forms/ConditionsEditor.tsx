import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONDITION_OPERATORS, CONDITION_OPERATOR_LABELS, CONDITION_RELATIONS, CONDITION_RELATION_LABELS, type ConditionRelation } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';
import { conditionProblem, conditionTargets, operatorsFor, retarget, valueChoices, type Condition } from './conditions.ts';
import { allFields, type FieldRecord, type FormTree } from './tree.ts';

export interface ConditionsValue {
  conditional: boolean;
  conditions: Condition[];
  relation: ConditionRelation;
}

interface Props {
  tree: FormTree;
  fieldId: string;
  value: ConditionsValue;
  onChange: (v: ConditionsValue) => void;
  /** The server's messages by condition (its pointer /data/attributes/conditions/<n>/...). */
  serverErrors: Record<number, string>;
  readOnly: boolean;
}

/** "Show this field when …": conditions built by picking a field of the form, an operator and a value, joined by and / or. */
export function ConditionsEditor({ tree, fieldId, value, onChange, serverErrors, readOnly }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const fields = allFields(tree);
  const byId = new Map<string, FieldRecord>(fields.map((f) => [f.id, f]));
  const set = (i: number, c: Condition) => onChange({ ...value, conditions: value.conditions.map((x, k) => (k === i ? c : x)) });
  const n = (i: number) => t('inspection-forms:conditions.row', { n: i + 1 });
  // The fields that do not lead back to this one.
  const targets = conditionTargets(tree, fieldId);

  return (
    <Stack gap="xs" data-testid="conditions">
      <Switch label={t('inspection-forms:conditions.enabled')} checked={value.conditional} onChange={(e) => onChange({ ...value, conditional: e.currentTarget.checked, conditions: e.currentTarget.checked && value.conditions.length === 0 ? [{ field: '', operator: 'equals', value: '' }] : value.conditions })} disabled={readOnly} data-testid="conditions-enabled" />
      {value.conditional ? (
        <>
          {value.conditions.length > 1 ? (
            <SegmentedControl
              size="xs"
              value={value.relation}
              onChange={(r) => onChange({ ...value, relation: CONDITION_RELATIONS.find((x) => x === r) ?? value.relation })}
              data={CONDITION_RELATIONS.map((r) => ({ value: r, label: CONDITION_RELATION_LABELS[r][locale] }))}
              disabled={readOnly}
              aria-label={t('fields:inspection-form-section-fields.condition_relation')}
            />
          ) : null}
          {value.conditions.map((c, i) => {
            const target = byId.get(c.field);
            const choices = valueChoices(target);
            const problem = conditionProblem(c, fields, fieldId);
            const error = serverErrors[i] ?? (problem && c.field ? t(problem.key, problem.params) : undefined);
            return (
              <Paper key={i} withBorder p="xs" radius="md" data-testid="condition">
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <Select
                    label={t('inspection-forms:conditions.field')}
                    aria-label={`${t('inspection-forms:conditions.field')} (${n(i)})`}
                    size="sm"
                    searchable
                    data={targets}
                    value={c.field || null}
                    onChange={(id) => set(i, retarget(c, id ? byId.get(id) : undefined))}
                    readOnly={readOnly}
                    style={{ flex: '2 1 220px' }}
                    nothingFoundMessage={t('inspection-forms:conditions.no_target')}
                    data-testid="condition-field"
                  />
                  <Select
                    label={t('inspection-forms:conditions.operator')}
                    aria-label={`${t('inspection-forms:conditions.operator')} (${n(i)})`}
                    size="sm"
                    data={operatorsFor(target).map((o) => ({ value: o, label: CONDITION_OPERATOR_LABELS[o][locale] }))}
                    value={c.operator}
                    onChange={(o) => {
                      const operator = CONDITION_OPERATORS.find((x) => x === o);
                      if (operator) set(i, { ...c, operator });
                    }}
                    allowDeselect={false}
                    readOnly={readOnly}
                    style={{ flex: '1 1 140px' }}
                    data-testid="condition-operator"
                  />
                  {choices ? (
                    <Select
                      label={t('inspection-forms:conditions.value')}
                      aria-label={`${t('inspection-forms:conditions.value')} (${n(i)})`}
                      size="sm"
                      data={choices.map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))}
                      value={choices.find((o) => o.value.toLowerCase() === c.value.toLowerCase())?.value ?? null}
                      onChange={(v) => set(i, { ...c, value: v ?? '' })}
                      readOnly={readOnly}
                      style={{ flex: '1 1 140px' }}
                      data-testid="condition-value"
                    />
                  ) : (
                    <TextInput
                      label={t('inspection-forms:conditions.value')}
                      aria-label={`${t('inspection-forms:conditions.value')} (${n(i)})`}
                      size="sm"
                      value={c.value}
                      onChange={(e) => set(i, { ...c, value: e.currentTarget.value })}
                      readOnly={readOnly}
                      style={{ flex: '1 1 140px' }}
                      data-testid="condition-value"
                    />
                  )}
                  {readOnly ? null : (
                    <ActionIcon variant="subtle" color="red.8" mt={28} onClick={() => onChange({ ...value, conditions: value.conditions.filter((_, k) => k !== i) })} aria-label={t('inspection-forms:conditions.remove', { name: n(i) })}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
                {error ? (
                  <Text c="red.9" size="sm" mt={4} role="alert">
                    {error}
                  </Text>
                ) : null}
              </Paper>
            );
          })}
          {readOnly ? null : (
            <Group>
              <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange({ ...value, conditions: [...value.conditions, { field: '', operator: 'equals', value: '' }] })} data-testid="condition-add">
                {t('inspection-forms:conditions.add')}
              </Button>
            </Group>
          )}
        </>
      ) : null}
    </Stack>
  );
}
