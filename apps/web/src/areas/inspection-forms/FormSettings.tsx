import { useState } from 'react';
import { Text } from '@mantine/core';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { fieldsOf, type FieldEntry } from '../../components/resource/declared.tsx';
import type { FieldDef, FormMode } from '../../components/resource/formModel.ts';
import type { LineValues, LinesConfig } from '../../components/resource/lines.ts';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { newRecordLocations } from '../vehicles/common.tsx';
import { FORMS } from './formApi.ts';
import { overlappingRows } from './options.ts';

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
  add: 'inspectionForms:settings.add_multiplier',
  empty: 'inspectionForms:settings.no_multipliers',
  line: 'inspectionForms:settings.multiplier_n',
};
export const noteLines: LinesConfig = {
  type: 'inspection-form-notes',
  fields: fieldsOf('inspection-form-notes', ['minimum_value', 'maximum_value', 'text']),
  add: 'inspectionForms:settings.add_note',
  empty: 'inspectionForms:settings.no_notes',
  line: 'inspectionForms:settings.note_n',
};
export const reminderLines: LinesConfig = {
  type: 'inspection-form-reminders',
  orderable: true,
  fields: fieldsOf('inspection-form-reminders', ['text']),
  add: 'inspectionForms:settings.add_reminder',
  empty: 'inspectionForms:settings.no_reminders',
  line: 'inspectionForms:settings.reminder_n',
};

/** "1,15" or "1.15" as the number the server stores; what is not one goes as typed (the server says why). */
export function decimalOf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() !== '' && Number.isFinite(n) ? n : v;
}

/** Under the notes while they are edited: the rows whose ranges overlap (the server refuses them too). */
function NotesOverlap({ form }: { form: UseFormReturn<FieldValues> }) {
  const { t } = useTranslation();
  const overlapping = [...noteOverlaps((form.watch('notes') as LineValues[]) ?? [])];
  if (overlapping.length === 0) return null;
  return (
    <Text c="red.8" size="sm" role="alert" data-testid="notes-overlap">
      {t('inspectionForms:settings.notes_overlap', { lines: overlapping.map((i) => t(noteLines.line, { n: i + 1 })).join(', ') })}
    </Text>
  );
}

/** Not an attribute: a check shown in edit mode, never sent (read only). */
const notesCheck: FieldDef<Form> = { name: 'notes_overlap', label: 'inspectionForms:settings.notes_check', kind: 'json', readOnly: true, modes: ['edit'], wide: true, input: ({ form }) => <NotesOverlap form={form} /> };

/** The rows of the notes whose [minimum, maximum] overlaps an earlier row's. */
export const noteOverlaps = (lines: LineValues[]) =>
  overlappingRows(lines.map((l) => ({ min: l.minimum_value === '' ? '' : Number(l.minimum_value), max: l.maximum_value === '' ? '' : Number(l.maximum_value) })));

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
        ? fieldsOf('inspection-forms', [{ name: 'multipliers', kind: 'lines', lines: multiplierLines, wide: true }])
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
      title={id === null ? 'inspectionForms:editor.new' : `inspectionForms:settings.title_${tab}`}
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
