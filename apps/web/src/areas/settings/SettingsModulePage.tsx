import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, FOLLOW_UP_CHANNEL_PREFERENCES, FOLLOW_UP_CHANNEL_PREFERENCE_LABELS, type RecordOf, type SettingsModule } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { pageFallback } from '../../app/router.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { fromInput, inputProblem, optionFields, toInput, type OptionField } from './optionsForm.ts';
import { EnvironmentalFeesInput, MarkupMatrixInput } from './PartPricingInputs.tsx';

type OptionRow = RecordOf<'options'>;
type TaxGroup = RecordOf<'tax-groups'>;

/** The settings of one module (spec platform §3 Settings): its options, each saved by PATCH /options/{id}. */
export function SettingsModulePage({ module }: { module: SettingsModule }) {
  const { t } = useTranslation();
  const decimal = currentLocale() === 'fr' ? ',' : '.';
  const qc = useQueryClient();
  const { can } = useMe();
  const editable = can('edit options');
  const fields = useMemo(() => optionFields(module), [module]);
  const options = useList<OptionRow>('options', { sort: 'name', page: { number: 1, size: 100 } });
  const groups = useList<TaxGroup>('tax-groups', { sort: 'name', page: { number: 1, size: 100 } }, { enabled: fields.some((f) => f.kind === 'tax_group') && can('view any taxes') });
  const byName = useMemo(() => new Map((options.data?.data ?? []).map((o) => [o.name, o])), [options.data]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  // The fields refused at the last save keep what was typed and their message when the options are
  // read again after it; the others show what the server holds.
  const refused = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const keep = refused.current;
    setValues((old) => Object.fromEntries(fields.map((f) => [f.name, keep.has(f.name) ? (old[f.name] ?? '') : toInput(f.kind, byName.get(f.name)?.value, decimal)])));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([name]) => keep.has(name))));
  }, [byName, fields, decimal]);

  if (options.isLoading) return pageFallback;

  const changed = fields.filter((f) => byName.has(f.name) && values[f.name] !== toInput(f.kind, byName.get(f.name)?.value, decimal));

  async function save() {
    setSaving(true);
    const found: Record<string, string> = {};
    for (const f of changed) {
      const option = byName.get(f.name)!;
      const problem = inputProblem(f.kind, values[f.name] ?? '');
      if (problem) {
        found[f.name] = t(problem);
        continue;
      }
      try {
        await api.update({ type: 'options', id: option.id, attributes: { value: fromInput(f.kind, values[f.name]) } });
      } catch (e) {
        found[f.name] = e instanceof ApiError ? (e.fieldErrors.value ?? e.message) : String(e);
      }
    }
    refused.current = new Set(Object.keys(found));
    setErrors(found);
    setSaving(false);
    await qc.invalidateQueries({ queryKey: ['options'] });
    if (!Object.keys(found).length) notify({ color: 'teal', message: t('settings:saved') });
  }

  const input = (f: OptionField) => {
    const common = {
      label: t(`${f.label}.label`),
      description: t(`${f.label}.help`),
      value: values[f.name] ?? '',
      error: errors[f.name],
      readOnly: !editable,
    };
    const set = (v: string | null) => setValues((old) => ({ ...old, [f.name]: v ?? '' }));
    switch (f.kind) {
      case 'text':
        return <Textarea key={f.name} {...common} autosize minRows={3} maxRows={10} onChange={(e) => set(e.currentTarget.value)} />;
      case 'currency':
        return <Select key={f.name} {...common} data={[...CURRENCIES]} allowDeselect={false} onChange={set} disabled={!editable} />;
      case 'tax_group':
        return (
          <Select
            key={f.name}
            {...common}
            clearable
            placeholder={t('settings:no_default_tax_group')}
            data={(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onChange={set}
            disabled={!editable}
          />
        );
      case 'money':
      case 'optional_money':
        return <TextInput key={f.name} {...common} inputMode="decimal" rightSection="$" onChange={(e) => set(e.currentTarget.value)} data-testid={`option-${f.name}`} />;
      case 'percent':
        return <TextInput key={f.name} {...common} inputMode="decimal" rightSection="%" onChange={(e) => set(e.currentTarget.value)} data-testid={`option-${f.name}`} />;
      case 'callback_url':
        return <TextInput key={f.name} {...common} type="url" placeholder="https://" onChange={(e) => set(e.currentTarget.value)} />;
      case 'switch':
        return (
          <Switch
            key={f.name}
            label={common.label}
            description={common.description}
            error={common.error}
            checked={common.value === 'true'}
            disabled={!editable}
            onChange={(e) => set(e.currentTarget.checked ? 'true' : 'false')}
            data-testid={`option-${f.name}`}
          />
        );
      case 'days':
        return <TextInput key={f.name} {...common} inputMode="numeric" placeholder="30, 90" onChange={(e) => set(e.currentTarget.value)} data-testid={`option-${f.name}`} />;
      case 'follow_up_channel':
        return (
          <Select
            key={f.name}
            {...common}
            data={FOLLOW_UP_CHANNEL_PREFERENCES.map((v) => ({ value: v, label: FOLLOW_UP_CHANNEL_PREFERENCE_LABELS[v][currentLocale()] }))}
            allowDeselect={false}
            onChange={set}
            disabled={!editable}
            data-testid={`option-${f.name}`}
          />
        );
      case 'markup_matrix':
        return <MarkupMatrixInput key={f.name} name={f.name} {...common} onChange={set} />;
      case 'environmental_fees':
        return <EnvironmentalFeesInput key={f.name} name={f.name} {...common} onChange={set} />;
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t(`settings:modules.${module}`)}
      </Title>
      <Text c="dimmed">{t(`settings:intro.${module}`)}</Text>
      {!editable && <Alert color="gray">{t('settings:read_only')}</Alert>}
      <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
        <Stack gap="md">
          {fields.filter((f) => byName.has(f.name)).map(input)}
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={!changed.length}>
                {t('settings:save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export default SettingsModulePage;
