import { useEffect, useMemo, useState } from 'react';
import { Button, CloseButton, Divider, Group, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { fieldsOf } from '../../components/resource/declared.tsx';
import { FieldInput } from '../../components/resource/FieldInput.tsx';
import { documentOf, schemaOf, valuesOf, type AnyField } from '../../components/resource/formModel.ts';
import { messageOf } from './common.ts';
import { conditionProblem } from './conditions.ts';
import { ConditionsEditor, type ConditionsValue } from './ConditionsEditor.tsx';
import { FIELDS, SECTIONS } from './formApi.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import { optionProblems, retype, toModel, toThreshold, type OptionsModel } from './options.ts';
import type { Selection } from './StructureEditor.tsx';
import { allFields, locate, type FormTree, type NodeRecord } from './tree.ts';
import { GeneralErrors } from '../../components/resource/formBehaviour.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

interface Props {
  tree: FormTree;
  selection: Selection;
  readOnly: boolean;
  /** The record the server answered, to put in the tree. */
  onSaved: (saved: NodeRecord) => void;
  onClose: () => void;
}

// The French name first, the English one beside it (optional: English readers see the French one meanwhile).
const sectionFields = () => fieldsOf('inspection-form-sections', ['name', 'name_en', 'icon', 'factor']);
const fieldFields = () =>
  fieldsOf('inspection-form-section-fields', [
    'name',
    'name_en',
    'field_type',
    'icon',
    'coefficient',
    'can_upload_image',
    'can_add_comment',
    'enable_na',
    'safety_critical',
    'required',
  ]);

/** Server messages inside a list attribute (/data/attributes/points_threshold/2/points), by row. */
function rowErrors(e: ApiError, name: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const err of e.errors) {
    const m = new RegExp(`^/data/attributes/${name}/(\\d+)`).exec(err.source?.pointer ?? '');
    if (m && out[Number(m[1])] === undefined) out[Number(m[1])] = err.detail ?? err.title ?? '';
  }
  return out;
}

/**
 * The side panel of the selected node: a section's or sub-section's name, icon and factor; a field's
 * attributes (from its declaration), its options and points by type, its conditions and its copy.
 */
export function NodePanel({ tree, selection, readOnly, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const isField = selection.kind === 'field';
  const field = isField ? allFields(tree).find((f) => f.id === selection.id) : undefined;
  const record = isField
    ? field
    : tree.sections.find((s) => s.id === selection.id)?.record ?? tree.sections.flatMap((s) => s.subSections).find((u) => u.id === selection.id)?.record;
  const fields: AnyField[] = useMemo(() => (isField ? fieldFields() : sectionFields()), [isField]);
  const schema = useMemo(() => schemaOf(fields, 'edit'), [fields]);
  const form = useForm<FieldValues>({ resolver: zodResolver(schema as never) as never, defaultValues: valuesOf(fields, record) });
  const type = String(form.watch('field_type') ?? '');
  const [options, setOptions] = useState<OptionsModel>(() => toModel(field?.field_type ?? '', field?.points_threshold));
  const [conditions, setConditions] = useState<ConditionsValue>(() => ({
    conditional: Boolean(field?.conditional_field),
    conditions: field?.conditions ?? [],
    relation: field?.condition_relation || 'and',
  }));
  const [copy, setCopy] = useState<{ on: boolean; of: string | null }>(() => ({ on: Boolean(field?.is_copy), of: field?.copiedField?.id ?? null }));
  const [errors, setErrors] = useState<{ options: Record<number, string>; conditions: Record<number, string>; general: string[] }>({ options: {}, conditions: {}, general: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isField && type) setOptions((m) => retype(m, type));
  }, [type, isField]);

  if (!record) return null;
  const place = isField ? locate(tree, record.id) : null;
  const fieldsOfForm = allFields(tree);
  const copyTargets = fieldsOfForm.filter((f) => f.id !== record.id && !f.is_copy).map((f) => ({ value: f.id, label: f.name ?? '' }));

  const localProblems =
    isField && (optionProblems(type, options).length > 0 || (conditions.conditional && conditions.conditions.some((c) => conditionProblem(c, fieldsOfForm, record.id))) || (copy.on && !copy.of));

  const save = form.handleSubmit(async (values) => {
    if (localProblems) {
      setErrors({ options: {}, conditions: {}, general: [t('inspection-forms:panel.fix_first')] });
      return;
    }
    setSaving(true);
    setErrors({ options: {}, conditions: {}, general: [] });
    const doc = documentOf(fields, values, 'edit');
    try {
      const saved: NodeRecord =
        selection.kind === 'field'
          ? {
              kind: 'field',
              record: await api.update<RecordOf<'inspection-form-section-fields'>>({
                type: FIELDS,
                id: record.id,
                attributes: {
                  ...doc.attributes,
                  points_threshold: toThreshold(options),
                  conditional_field: conditions.conditional,
                  conditions: conditions.conditional ? conditions.conditions : [],
                  condition_relation: conditions.relation,
                  is_copy: copy.on,
                },
                relationships: { copiedField: { type: FIELDS, value: copy.on ? copy.of : null } },
              }),
            }
          : { kind: selection.kind, record: await api.update<RecordOf<'inspection-form-sections'>>({ type: SECTIONS, id: record.id, attributes: doc.attributes }) };
      onSaved(saved);
      form.reset(valuesOf(fields, saved.record));
      notify({ color: 'teal', message: t('common:form.saved') });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 422) {
        setErrors({ options: {}, conditions: {}, general: [messageOf(e)] });
      } else {
        const names = new Set(fields.map((f) => f.name));
        const general: string[] = [];
        for (const [name, message] of Object.entries(e.fieldErrors)) {
          if (names.has(name)) form.setError(name, { type: 'server', message });
          else if (name !== 'points_threshold' && name !== 'conditions') general.push(message);
        }
        const opts = rowErrors(e, 'points_threshold');
        const conds = rowErrors(e, 'conditions');
        // A message on the whole list (no row) goes with the general ones.
        for (const [name, rows] of [['points_threshold', opts], ['conditions', conds]] as const)
          if (e.fieldErrors[name] && Object.keys(rows).length === 0) general.push(e.fieldErrors[name]);
        for (const g of e.generalErrors) general.push(g.detail ?? g.title ?? '');
        setErrors({ options: opts, conditions: conds, general: general.filter(Boolean) });
      }
    } finally {
      setSaving(false);
    }
  });

  const title = isField ? 'inspection-forms:panel.field' : selection.kind === 'sub' ? 'inspection-forms:panel.sub' : 'inspection-forms:panel.section';
  return (
    <form onSubmit={save} noValidate data-testid="node-panel">
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Title order={2} size="h4">
                {t(title, { name: record.name ?? '' })}
              </Title>
              {place ? (
                <Text size="sm" c="dimmed">
                  {place.section.record.name ?? ''} › {place.sub.record.name ?? ''}
                </Text>
              ) : null}
            </div>
            <CloseButton onClick={onClose} aria-label={t('common:actions.close')} />
          </Group>
          <GeneralErrors errors={errors.general} py={8} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {fields.map((f) => (
              <div key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
                <FieldInput field={f} mode="edit" form={form} values={form.watch()} known={[]} />
              </div>
            ))}
          </SimpleGrid>
          {isField ? (
            <>
              <Divider label={t('inspection-forms:panel.options')} labelPosition="left" />
              <OptionsEditor fieldType={type} model={options} onChange={setOptions} serverErrors={errors.options} readOnly={readOnly} />
              <Divider label={t('inspection-forms:panel.conditions')} labelPosition="left" />
              <ConditionsEditor tree={tree} fieldId={record.id} value={conditions} onChange={setConditions} serverErrors={errors.conditions} readOnly={readOnly} />
              <Divider label={t('inspection-forms:panel.copy')} labelPosition="left" />
              <Switch label={t('inspection-forms:panel.is_copy')} description={t('inspection-forms:panel.is_copy_help')} checked={copy.on} onChange={(e) => setCopy({ ...copy, on: e.currentTarget.checked })} data-testid="field-is-copy" />
              {copy.on ? (
                <Select
                  label={t('fields:inspection-form-section-fields.copiedField')}
                  data={copyTargets}
                  value={copy.of}
                  onChange={(v) => setCopy({ ...copy, of: v })}
                  searchable
                  required
                  error={copy.of ? undefined : t('validation:required')}
                  data-testid="field-copied"
                />
              ) : null}
            </>
          ) : null}
          {readOnly ? null : (
            <DialogFooter onCancel={onClose} cancelLabel={t('common:actions.close')} mt="xs">
              <Button type="submit" loading={saving} data-testid="node-save">
                {t('common:actions.save')}
              </Button>
            </DialogFooter>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
