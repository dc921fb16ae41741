import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { crudPermissions, multiplierProblems, noteProblems, type FormMultiplier, type FormNote, type FormProblem, type RecordOf } from '@atelier/domain';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { fieldsOf, type FieldEntry } from '../../components/resource/declared.tsx';
import type { FieldDef, FormMode } from '../../components/resource/formModel.ts';
import type { LineValues, LinesConfig } from '../../components/resource/lines.ts';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { newRecordLocations } from '../vehicles/common.tsx';
import { FORMS } from './formApi.ts';
import { ruleKey } from './options.ts';

const P = crudPermissions('inspection forms');
type Form = RecordOf<'inspection-forms'>;

/** The form's own attributes, as its declaration states them. */
export const attributeEntries = (): FieldEntry<'inspection-forms'>[] => [{ name: 'name', wide: true }, { name: 'description', wide: true }, 'is_active', 'allowedLocations', 'tags', 'version'];

export const multiplierLines: LinesConfig = {
  type: 'inspection-form-multipliers',
  fields: fieldsOf('inspection-form-multipliers', [
    'type',
    'field',
    'operation',
    'value',
    // A decimal typed with the user's separator: read as text, sent as a number (see toNumbers).
    { name: 'multiplier', kind: 'text' },
  ]),
  add: 'inspection-forms:settings.add_multiplier',
  empty: 'inspection-forms:settings.no_multipliers',
  line: 'inspection-forms:settings.multiplier_n',
};
export const noteLines: LinesConfig = {
  type: 'inspection-form-notes',
  fields: fieldsOf('inspection-form-notes', ['minimum_value', 'maximum_value', 'text', 'text_en']),
  add: 'inspection-forms:settings.add_note',
  empty: 'inspection-forms:settings.no_notes',
  line: 'inspection-forms:settings.note_n',
};
export const reminderLines: LinesConfig = {
  type: 'inspection-form-reminders',
  orderable: true,
  fields: fieldsOf('inspection-form-reminders', ['text', 'text_en']),
  add: 'inspection-forms:settings.add_reminder',
  empty: 'inspection-forms:settings.no_reminders',
  line: 'inspection-forms:settings.reminder_n',
};

/** "1,15" or "1.15" as the number the server stores; what is not one goes as typed (the server says why). */
export function decimalOf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() !== '' && Number.isFinite(n) ? n : v;
}

/**
 * Under a list while it is edited: what the form rules say of its lines (the server refuses them too),
 * each named by its line.
 */
export function lineProblems(lines: readonly LineValues[], problems: (lines: readonly LineValues[]) => FormProblem[], line: string, t: TFunction): string[] {
  return problems(lines).map((p) => t('inspection-forms:settings.line_problem', { line: t(line, { n: Number(/^\/(\d+)/.exec(p.pointer)?.[1] ?? 0) + 1 }), message: t(ruleKey(p.code), p.params) }));
}

const notesOf = (lines: readonly LineValues[]) => noteProblems(lines as unknown as FormNote[]);
// The multiplier is typed with the user's decimal separator: read as it will be sent.
const multipliersOf = (lines: readonly LineValues[]) => multiplierProblems(lines.map((l) => ({ ...l, multiplier: decimalOf(l.multiplier) })) as unknown as FormMultiplier[]);

function LinesCheck({ form, name, problems, line }: { form: UseFormReturn<FieldValues>; name: string; problems: (lines: readonly LineValues[]) => FormProblem[]; line: string }) {
  const { t } = useTranslation();
  const messages = lineProblems((form.watch(name) as LineValues[]) ?? [], problems, line, t);
  if (messages.length === 0) return null;
  return (
    <Stack gap={2} role="alert" data-testid={`${name}-problems`}>
      {messages.map((m, i) => (
        <Text key={i} c="red.9" size="sm">
          {m}
        </Text>
      ))}
    </Stack>
  );
}

/** Not attributes: checks shown in edit mode, never sent (read only). */
const notesCheck: FieldDef<Form> = { name: 'notes_check', label: 'inspection-forms:settings.notes_check', kind: 'json', readOnly: true, modes: ['edit'], wide: true, input: ({ form }) => <LinesCheck form={form} name="notes" problems={notesOf} line={noteLines.line} /> };
const multipliersCheck: FieldDef<Form> = {
  name: 'multipliers_check',
  label: 'inspection-forms:settings.multipliers_check',
  kind: 'json',
  readOnly: true,
  modes: ['edit'],
  wide: true,
  input: ({ form }) => <LinesCheck form={form} name="multipliers" problems={multipliersOf} line={multiplierLines.line} />,
};

export type SettingsTab = 'attributes' | 'multipliers' | 'notes' | 'reminders';

interface Props {
  id: string | null;
  tab: SettingsTab;
  readOnly: boolean;
  /** After a new form is created: its id. */
  onCreated?: (id: string) => void;
  onClose: () => void;
  onEdit: () => void;
}

/**
 * The form's attributes, or one of its lists (multipliers, verdict notes, reminders) edited with the
 * line editor as its owned lines: each a RecordForm of the form, saved in the form's document.
 */
export function FormSettings({ id, tab, readOnly, onCreated, onClose, onEdit }: Props) {
  const { me } = useMe();
  const sel = useSelection();
  // A cancelled edit starts again from the saved record.
  const [round, setRound] = useState(0);
  const mode: FormMode = id === null ? 'add' : readOnly ? 'view' : 'edit';
  const fields: FieldDef<Form>[] =
    tab === 'attributes'
      ? fieldsOf('inspection-forms', attributeEntries())
      : tab === 'multipliers'
        ? [...fieldsOf('inspection-forms', [{ name: 'multipliers', kind: 'lines', lines: multiplierLines, wide: true }]), multipliersCheck]
        : tab === 'notes'
          ? [...fieldsOf('inspection-forms', [{ name: 'notes', kind: 'lines', lines: noteLines, wide: true }]), notesCheck]
          : fieldsOf('inspection-forms', [{ name: 'reminders', kind: 'lines', lines: reminderLines, wide: true }]);
  return (
    <RecordForm<Form>
      key={`${tab}-${round}`}
      type={FORMS}
      id={id}
      mode={mode}
      fields={fields}
      include={tab === 'attributes' ? 'tags,allowedLocations' : tab}
      title={id === null ? 'inspection-forms:editor.new' : `inspection-forms:settings.title_${tab}`}
      permissions={{ edit: P.edit }}
      defaults={{ allowedLocations: newRecordLocations(me, sel), tags: [], is_active: true }}
      onMode={(m, newId) => {
        if (m === 'view' && id === null && newId) onCreated?.(newId);
        else if (m === 'edit') onEdit();
        else if (m === 'view') setRound((r) => r + 1);
        else if (m === null) onClose();
      }}
      onClose={id === null ? onClose : undefined}
      transform={(doc) => {
        const multipliers = doc.relationships.multipliers;
        if (multipliers && Array.isArray(multipliers.value))
          for (const line of multipliers.value as { attributes?: Record<string, unknown> }[]) if (line.attributes) line.attributes.multiplier = decimalOf(line.attributes.multiplier);
      }}
    />
  );
}
