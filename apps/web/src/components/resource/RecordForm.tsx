import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { ApiError, type Model, type RelationshipValue } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { isEmail } from '../../lib/validation.ts';
import { RelationSelect, type RelationConfig } from './RelationSelect.tsx';

export type FormMode = 'view' | 'edit' | 'add';

export interface FieldDef {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** 'json': a structured value (a list of phones ...) kept as is; give it an `input`. */
  kind: 'text' | 'email' | 'password' | 'textarea' | 'switch' | 'select' | 'relation' | 'number' | 'money' | 'datetime' | 'json';
  required?: boolean;
  /** select: values with i18n keys (or raw labels). */
  options?: { value: string; label: string; raw?: boolean }[];
  relation?: RelationConfig;
  /** Shown only in these modes (default: all). */
  modes?: FormMode[];
  /** Not sent (computed by the server). */
  readOnly?: boolean;
  /** Custom display in view mode. */
  view?: (record: Model) => ReactNode;
  /** Full width in the grid. */
  wide?: boolean;
  /** Shown only while the other values allow it (company name of a company ...); hidden fields are not sent. */
  visible?: (values: Record<string, unknown>) => boolean;
  description?: string;
  /** A custom input for edit and add (the permission matrix ...). */
  input?: (p: { value: unknown; onChange: (v: unknown) => void; error?: string; label: string; required?: boolean; mode: FormMode; form: UseFormReturn<FieldValues> }) => ReactNode;
}

export interface RecordFormProps {
  type: string;
  id: string | null;
  mode: FormMode;
  fields: FieldDef[];
  include?: string;
  /** i18n key of the title, with {{name}} available. */
  title: string;
  titleOf?: (record: Model) => string;
  permissions: { edit?: string; delete?: string };
  onMode: (mode: FormMode | null, id?: string) => void;
  onClose?: () => void;
  /** Values of a new record (organization etc. filled from the user). */
  defaults?: Record<string, unknown>;
  /** Extra content under the form in view mode (actions, related lists). */
  children?: (record: Model) => ReactNode;
  /** Changes the document before it is sent. */
  transform?: (doc: { attributes: Record<string, unknown>; relationships: Record<string, { type: string; value: RelationshipValue }> }, mode: FormMode) => void;
  /** Extra header actions in view mode. */
  actions?: (record: Model) => ReactNode;
  /**
   * Asked before a save (e.g. "is it the same person?"): resolve false to cancel it quietly.
   * The document is the one about to be sent.
   */
  confirmSave?: (doc: { attributes: Record<string, unknown> }, mode: FormMode, id: string | null) => Promise<boolean>;
}

/** A save the user called off in confirmSave (an AbortError: no error dialog). */
class SaveCancelled extends Error {
  override name = 'AbortError';
}

const relId = (v: unknown): string | null => (v && typeof v === 'object' && 'id' in v ? String((v as Model).id) : v == null ? null : String(v));

const knownCache = new WeakMap<Model, Map<string, Model[]>>();
/** The related records already loaded with the form (stable per record and field). */
function knownOf(record: Model | undefined, name: string): Model[] {
  if (!record) return [];
  let m = knownCache.get(record);
  if (!m) knownCache.set(record, (m = new Map()));
  let v = m.get(name);
  if (!v) {
    const raw = record[name];
    v = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Model[];
    m.set(name, v);
  }
  return v;
}

/** Form values from a record. */
export function valuesOf(fields: FieldDef[], record: Model | undefined, defaults: Record<string, unknown> = {}): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    const raw = record ? record[f.name] : defaults[f.name];
    if (f.kind === 'relation') {
      out[f.name] = f.relation?.many ? (Array.isArray(raw) ? raw.map((r) => relId(r)).filter(Boolean) : []) : relId(raw);
    } else if (f.kind === 'switch') out[f.name] = Boolean(raw);
    else if (f.kind === 'number' || f.kind === 'money') out[f.name] = raw === null || raw === undefined ? '' : Number(raw) / (f.kind === 'money' ? 100 : 1);
    else if (f.kind === 'password') out[f.name] = '';
    else if (f.kind === 'json') out[f.name] = raw ?? null;
    else out[f.name] = raw === null || raw === undefined ? '' : String(raw);
  }
  return out;
}

/** The zod schema of a form from its fields: messages are i18n keys. */
export function schemaOf(fields: FieldDef[], mode: FormMode) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    let s: z.ZodType;
    switch (f.kind) {
      case 'switch':
        s = z.boolean();
        break;
      case 'json':
        s = z.any();
        break;
      case 'relation':
        s = f.relation?.many
          ? z.array(z.string()).refine((v) => !f.required || v.length > 0, 'validation:required')
          : z.string().nullable().refine((v) => !f.required || Boolean(v), 'validation:required');
        break;
      case 'number':
      case 'money':
        s = z.union([z.number(), z.literal('')]).refine((v) => !f.required || v !== '', 'validation:required');
        break;
      case 'password':
        s = z.string().refine((v) => !(f.required && mode === 'add') || v.length > 0, 'validation:required');
        break;
      default:
        s = z
          .string()
          .refine((v) => !f.required || v.trim().length > 0, 'validation:required')
          .refine((v) => f.kind !== 'email' || v.trim() === '' || isEmail(v), 'validation:email');
    }
    shape[f.name] = s;
  }
  return z.object(shape).passthrough();
}

/** The JSON:API document of a save. */
export function documentOf(fields: FieldDef[], values: FieldValues, mode: FormMode, dirty?: Record<string, unknown>) {
  const attributes: Record<string, unknown> = {};
  const relationships: Record<string, { type: string; value: RelationshipValue }> = {};
  for (const f of fields) {
    if (f.readOnly || (f.modes && !f.modes.includes(mode))) continue;
    if (mode === 'edit' && dirty && !dirty[f.name]) continue;
    if (f.visible && !f.visible(values)) continue;
    const v = values[f.name];
    if (f.kind === 'relation' && f.relation) {
      relationships[f.name] = { type: f.relation.type, value: f.relation.many ? (v as string[]) : ((v as string | null) || null) };
    } else if (f.kind === 'password') {
      if (v) attributes[f.name] = v;
    } else if (f.kind === 'number') attributes[f.name] = v === '' ? null : Number(v);
    else if (f.kind === 'money') attributes[f.name] = v === '' ? null : Math.round(Number(v) * 100);
    else if (f.kind === 'switch') attributes[f.name] = Boolean(v);
    else if (f.kind === 'json') attributes[f.name] = v;
    else attributes[f.name] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
  }
  return { attributes, relationships };
}

/** Scrolls to and focuses the first field in error (spec platform §5). */
export function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (el) {
      el.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el.focus({ preventScroll: true });
    }
  });
}

/** Asks before leaving a form with unsaved changes (route change or closing the drawer). */
export function useDirtyGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.key !== nextLocation.key && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const h = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('common:form.unsaved_title')} centered zIndex={500}>
      <Text>{t('common:form.unsaved_body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('common:actions.stay')}
        </Button>
        <Button color="red.8" onClick={() => blocker.proceed?.()} data-testid="leave-unsaved">
          {t('common:actions.leave')}
        </Button>
      </Group>
    </Modal>
  );
}

function ViewValue({ field, record }: { field: FieldDef; record: Model }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (field.view) return <>{field.view(record)}</>;
  const v = record[field.name];
  if (v === null || v === undefined || v === '') return <Text c="dimmed">{t('common:form.none')}</Text>;
  switch (field.kind) {
    case 'switch':
      return <Badge color={v ? 'teal' : 'gray'} variant="light">{t(v ? 'common:boolean.true' : 'common:boolean.false')}</Badge>;
    case 'relation': {
      const list = (Array.isArray(v) ? v : [v]) as Model[];
      if (list.length === 0) return <Text c="dimmed">{t('common:form.none')}</Text>;
      return (
        <Group gap={6}>
          {list.map((m) => (
            <Badge key={m.id} variant="light" tt="none">
              {field.relation?.labelOf(m) ?? m.id}
            </Badge>
          ))}
        </Group>
      );
    }
    case 'select': {
      const o = field.options?.find((x) => x.value === String(v));
      return <Text>{o ? (o.raw ? o.label : t(o.label)) : String(v)}</Text>;
    }
    case 'money':
      return <Text>{formatMoney(Number(v), locale)}</Text>;
    case 'datetime':
      return <Text>{formatDateTime(String(v), locale)}</Text>;
    default:
      return <Text style={{ wordBreak: 'break-word' }}>{String(v)}</Text>;
  }
}

/**
 * View, edit and add of one record (spec platform §2 "Per-entity screens"): server validation
 * errors under their fields with a scroll to the first, a dirty-state guard, relation pickers
 * that search the server.
 */
export function RecordForm(props: RecordFormProps) {
  const { t } = useTranslation();
  const { can } = useMe();
  const errText = useErrorText();
  const qc = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const { mode } = props;
  const record = useRecord<Model>(props.type, props.id, { include: props.include }, { enabled: Boolean(props.id) && mode !== 'add' });
  const fields = props.fields.filter((f) => !f.modes || f.modes.includes(mode));
  const schema = useMemo(() => schemaOf(fields, mode), [fields.map((f) => f.name).join(), mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<FieldValues>({ resolver: zodResolver(schema as never) as never, defaultValues: valuesOf(fields, undefined, props.defaults) });

  useEffect(() => {
    if (mode === 'add') form.reset(valuesOf(fields, undefined, props.defaults));
    else if (record.data) form.reset(valuesOf(fields, record.data));
  }, [record.data, mode]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useMutation({
    meta: { form: true },
    mutationFn: async (values: FieldValues) => {
      const doc = documentOf(fields, values, mode, mode === 'edit' ? (form.formState.dirtyFields as Record<string, unknown>) : undefined);
      props.transform?.(doc, mode);
      if (props.confirmSave && !(await props.confirmSave(doc, mode, props.id))) throw new SaveCancelled();
      const params = props.include ? { include: props.include } : {};
      return mode === 'add'
        ? api.create({ type: props.type, ...doc }, params)
        : api.update({ type: props.type, id: props.id as string, ...doc }, params);
    },
    onSuccess: (saved) => {
      form.reset(valuesOf(fields, saved));
      void qc.invalidateQueries({ queryKey: [props.type] });
      notifications.show({ color: 'teal', message: t(mode === 'add' ? 'common:form.created' : 'common:form.saved') });
      // Let the form settle (not dirty) before navigating away.
      setTimeout(() => props.onMode('view', saved.id), 0);
    },
    onError: (e) => {
      if (e instanceof SaveCancelled || !(e instanceof ApiError) || e.status !== 422) return;
      const names = new Set(fields.map((f) => f.name));
      const rest: string[] = [];
      // Errors inside a structured value (/data/attributes/phones/1/number) go to that item: phones.1.number.
      const json = new Set(fields.filter((f) => f.kind === 'json').map((f) => f.name));
      const nested = new Set<string>();
      for (const err of e.errors) {
        const m = /^\/data\/attributes\/([^/]+)\/(.+)$/.exec(err.source?.pointer ?? '');
        if (!m || !json.has(m[1])) continue;
        form.setError(`${m[1]}.${m[2].replace(/\//g, '.')}`, { type: 'server', message: err.detail ?? err.title ?? '' });
        nested.add(m[1]);
      }
      for (const [name, message] of Object.entries(e.fieldErrors)) {
        if (nested.has(name)) continue;
        if (names.has(name)) form.setError(name, { type: 'server', message });
        else rest.push(message);
      }
      for (const g of e.generalErrors) rest.push(g.detail ?? g.title ?? '');
      setGeneral(rest.filter(Boolean));
      focusFirstError(formRef.current);
    },
  });

  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.remove(props.type, props.id as string),
    onSuccess: () => {
      setConfirmDelete(false);
      void qc.invalidateQueries({ queryKey: [props.type] });
      notifications.show({ color: 'teal', message: t('common:form.deleted') });
      (props.onClose ?? (() => props.onMode(null)))();
    },
    onError: () => setConfirmDelete(false),
  });

  const watched = form.watch();
  const guard = useDirtyGuard(mode !== 'view' && form.formState.isDirty && !save.isPending && !save.isSuccess);

  if (mode !== 'add' && record.isPending) return <Loader m="xl" />;
  if (mode !== 'add' && !record.data) return <Alert color="red">{t('common:form.record_not_found')}</Alert>;
  const data = record.data;
  const name = data ? (props.titleOf?.(data) ?? String(data.name ?? '')) : '';

  const canDelete = mode === 'view' && Boolean(props.permissions.delete) && can(props.permissions.delete);
  const canEdit = mode === 'view' && can(props.permissions.edit);
  const extra = mode === 'view' && data ? props.actions?.(data) : null;
  // The buttons go under the title and wrap, so a record with several workflow actions (a request:
  // assign, approve, complete, cancel) keeps a readable title in a drawer.
  const header = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} size="h3" data-testid="record-title">
          {t(props.title, { name })}
        </Title>
        {extra || canDelete || canEdit ? (
          <Group gap="xs" wrap="wrap">
            {extra}
            {canDelete ? (
              <Button variant="subtle" color="red.8" onClick={() => setConfirmDelete(true)} data-testid="record-delete">
                {t('common:actions.delete')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button variant="light" onClick={() => props.onMode('edit')} data-testid="record-edit">
                {t('common:actions.edit')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      {props.onClose ? <CloseButton onClick={props.onClose} aria-label={t('common:actions.close')} /> : null}
    </Group>
  );

  if (mode === 'view' && data) {
    return (
      <Stack>
        {header}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          {fields
            .filter((f) => f.kind !== 'password' && (!f.visible || f.visible(data)))
            .map((f) => (
              <div key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
                <Text component="dt" size="sm" c="dimmed" fw={500}>
                  {t(f.label)}
                </Text>
                <Text component="dd" m={0} data-field-view={f.name}>
                  <ViewValue field={f} record={data} />
                </Text>
              </div>
            ))}
        </SimpleGrid>
        {props.children?.(data)}
        <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('common:form.delete_title')} centered zIndex={400}>
          <Text>{t('common:form.delete_body')}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirmDelete(false)} data-autofocus>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="record-delete-confirm">
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Modal>
      </Stack>
    );
  }

  return (
    <form ref={formRef} onSubmit={form.handleSubmit((v) => { setGeneral([]); save.mutate(v); }, () => focusFirstError(formRef.current))} noValidate>
      {guard}
      {header}
      <Stack>
        {general.length > 0 ? (
          <Alert color="red" role="alert">
            {general.map((g) => (
              <div key={g}>{g}</div>
            ))}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.filter((f) => !f.visible || f.visible(watched)).map((f) => (
            <div key={f.name} style={f.wide || f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <Controller
                name={f.name}
                control={form.control}
                render={({ field, fieldState }) => {
                  const common = {
                    label: t(f.label),
                    error: errText(fieldState.error?.message),
                    required: f.required && !(f.kind === 'password' && mode === 'edit'),
                    disabled: f.readOnly,
                    name: f.name,
                    onBlur: field.onBlur,
                    description: f.description ? t(f.description) : undefined,
                  };
                  if (f.input) return <>{f.input({ value: field.value, onChange: field.onChange, error: common.error, label: common.label, required: common.required, mode, form })}</>;
                  switch (f.kind) {
                    case 'switch':
                      return <Switch {...common} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} mt="md" />;
                    case 'textarea':
                      return <Textarea {...common} value={field.value ?? ''} onChange={field.onChange} autosize minRows={3} />;
                    case 'password':
                      return <PasswordInput {...common} value={field.value ?? ''} onChange={field.onChange} autoComplete="new-password" />;
                    case 'number':
                    case 'money':
                      return (
                        <NumberInput
                          {...common}
                          value={field.value}
                          onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                          decimalScale={f.kind === 'money' ? 2 : undefined}
                          decimalSeparator={currentLocale() === 'fr' ? ',' : '.'}
                          thousandSeparator={currentLocale() === 'fr' ? ' ' : ','}
                          suffix={f.kind === 'money' ? ' $' : undefined}
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
                      return (
                        <RelationSelect
                          relation={f.relation!}
                          {...common}
                          value={field.value}
                          onChange={field.onChange}
                          known={knownOf(data, f.name)}
                        />
                      );
                    default:
                      return <TextInput {...common} type={f.kind === 'email' ? 'email' : 'text'} value={field.value ?? ''} onChange={field.onChange} />;
                  }
                }}
              />
            </div>
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => (mode === 'add' ? (props.onClose ?? (() => props.onMode(null)))() : props.onMode('view'))}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="record-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
