import { PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, get, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { DateTimeField, DayInput } from '../DateInputs.tsx';
import { DecimalInput } from '../DecimalInput.tsx';
import { fieldDecimals, type AnyField, type FormMode } from './formModel.ts';
import { LineEditor } from './LineEditor.tsx';
import { RelationSelect } from './RelationSelect.tsx';

interface Props {
  field: AnyField;
  mode: FormMode;
  form: UseFormReturn<FieldValues>;
  /** The form's current values (required-when rules). */
  values: Record<string, unknown>;
  /** The related records already loaded with the record (their labels show without a call). */
  known: Model[];
}

/** The input of a field in edit and add modes, by its kind (or its custom `input`). */
export function FieldInput({ field: f, mode, form, values, known }: Props) {
  const { t } = useTranslation();
  const errText = useErrorText();
  return (
    <Controller
      name={f.name}
      control={form.control}
      render={({ field, fieldState }) => {
        const common = {
          label: t(f.label),
          error: errText(fieldState.error?.message),
          required: (f.required && !(f.kind === 'password' && mode === 'edit')) || Boolean(f.requiredWhen?.(values)),
          disabled: f.readOnly,
          name: f.name,
          onBlur: field.onBlur,
          description: f.description ? t(f.description) : undefined,
        };
        if (f.kind === 'lines') return <LineEditor config={f.lines!} value={field.value} onChange={field.onChange} label={common.label} errors={get(form.formState.errors, f.name)} />;
        if (f.input) return <>{f.input({ value: field.value, onChange: field.onChange, error: common.error, label: common.label, required: common.required, mode, form })}</>;
        switch (f.kind) {
          case 'switch':
            return <Switch {...common} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} mt="md" />;
          case 'textarea':
            return <Textarea {...common} value={field.value ?? ''} onChange={field.onChange} autosize minRows={3} />;
          case 'date':
            return <DayInput {...common} value={field.value} onChange={field.onChange} />;
          case 'datetime':
            return <DateTimeField {...common} value={field.value} onChange={field.onChange} />;
          case 'password':
            return <PasswordInput {...common} value={field.value ?? ''} onChange={field.onChange} autoComplete="new-password" />;
          case 'number':
          case 'money':
            return (
              <DecimalInput
                {...common}
                value={field.value}
                onChange={field.onChange}
                decimals={fieldDecimals(f)}
                money={f.kind === 'money'}
                // Out of bounds stays as typed, with the form's message (rangeProblem): no silent change.
              />
            );
          case 'select':
            return (
              <Select
                {...common}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                data={(f.options ?? []).map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))}
                clearable={!f.required}
              />
            );
          case 'relation':
            return <RelationSelect relation={f.relation!} {...common} value={field.value} onChange={field.onChange} known={known} />;
          default:
            return <TextInput {...common} type={f.kind === 'email' ? 'email' : 'text'} value={field.value ?? ''} onChange={field.onChange} />;
        }
      }}
    />
  );
}
