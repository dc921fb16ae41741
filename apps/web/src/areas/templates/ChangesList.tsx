import { Badge, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { firstLocale, nameIn, type KeptChange, type TemplateChange } from '@atelier/domain';

// What changed between two versions of a template, in words: « Champ Plaquettes modifié
// (coefficient) », « Ligne Rodage ajoutée », and for an offer, the changes the organization's own edits keep out, and why.

const KIND = new Map([
  ['added', 'templates:kind.added'],
  ['removed', 'templates:kind.removed'],
  ['changed', 'templates:kind.changed'],
]);
const LEVEL = new Map([
  ['section', 'templates:level.section'],
  ['sub-section', 'templates:level.sub-section'],
  ['field', 'templates:level.field'],
  ['multipliers', 'templates:level.multipliers'],
  ['notes', 'templates:level.notes'],
  ['reminders', 'templates:level.reminders'],
  ['job', 'templates:level.job'],
  ['item', 'templates:level.item'],
  ['trigger', 'templates:level.trigger'],
]);
const PROPERTY = new Map([
  ['parent', 'templates:property.parent'],
  ['name', 'templates:property.name'],
  ['name_en', 'templates:property.name_en'],
  ['field_type', 'templates:property.field_type'],
  ['points_threshold', 'templates:property.points_threshold'],
  ['order_number', 'templates:property.order_number'],
  ['coefficient', 'templates:property.coefficient'],
  ['factor', 'templates:property.factor'],
  ['required', 'templates:property.required'],
  ['enable_na', 'templates:property.enable_na'],
  ['safety_critical', 'templates:property.safety_critical'],
  ['conditions', 'templates:property.conditions'],
  ['conditional_field', 'templates:property.conditions'],
  ['condition_relation', 'templates:property.conditions'],
  ['can_upload_image', 'templates:property.can_upload_image'],
  ['can_add_comment', 'templates:property.can_add_comment'],
  ['icon', 'templates:property.icon'],
  ['code', 'templates:property.code'],
  ['notes', 'templates:property.notes'],
  ['part', 'templates:property.part'],
  ['part_number', 'templates:property.part_number'],
  ['quantity', 'templates:property.quantity'],
  ['unit_price', 'templates:property.unit_price'],
  ['manual_labour', 'templates:property.manual_labour'],
  ['time', 'templates:property.time'],
  ['hourly_rate', 'templates:property.hourly_rate'],
]);
const REASON = new Map([
  ['changed_here', 'templates:reason.changed_here'],
  ['removed_here', 'templates:reason.removed_here'],
  ['parent_removed_here', 'templates:reason.parent_removed_here'],
  ['used_here', 'templates:reason.used_here'],
]);
const COLOR = new Map([
  ['added', 'teal'],
  ['removed', 'red'],
  ['changed', 'blue'],
]);

function ChangeLine({ change }: { change: TemplateChange | KeptChange }) {
  const { t, i18n } = useTranslation();
  const name = change.name ? nameIn(change, firstLocale(i18n.language)) : '';
  const properties = [...new Set(change.properties.map((p) => PROPERTY.get(p)).filter((k): k is string => !!k))].map((k) => t(k));
  const what = `${t(LEVEL.get(change.level)!)}${name ? ` ${t('templates:named', { name })}` : ''}${properties.length ? ` (${properties.join(', ')})` : ''}`;
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Badge size="sm" variant="light" color={COLOR.get(change.kind)} style={{ flexShrink: 0 }}>
        {t(KIND.get(change.kind)!)}
      </Badge>
      <Text size="sm">{'reason' in change ? t('templates:pair', { label: what, value: t(REASON.get(change.reason)!) }) : what}</Text>
    </Group>
  );
}

/** The changes, one a line; `empty` when there are none. */
export function ChangesList({ changes, empty, testId }: { changes: readonly (TemplateChange | KeptChange)[]; empty: string; testId?: string }) {
  if (!changes.length)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {empty}
      </Text>
    );
  return (
    <List spacing={4} listStyleType="none" data-testid={testId}>
      {changes.map((c) => (
        <List.Item key={`${c.kind}-${c.key}`}>
          <ChangeLine change={c} />
        </List.Item>
      ))}
    </List>
  );
}
